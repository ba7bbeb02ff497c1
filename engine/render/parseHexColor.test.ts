import { describe, expect, it } from 'vitest';
import { parseHexColor } from './parseHexColor';

describe('parseHexColor', () => {
  it('reads #rrggbb, #rgb and alpha forms', () => {
    expect(parseHexColor('#1e88e5')).toEqual([30, 136, 229, 255]);
    expect(parseHexColor('#f00')).toEqual([255, 0, 0, 255]);
    expect(parseHexColor('#ff000080')).toEqual([255, 0, 0, 128]);
    expect(parseHexColor('red')).toEqual([128, 128, 128, 255]);
  });
});
