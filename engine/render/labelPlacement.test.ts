import { describe, expect, it } from 'vitest';
import { labelTagTopLeft } from './labelPlacement';
import { parseHexColor } from './parseHexColor';

describe('labelTagTopLeft', () => {
  const view = { centerX: 1000, centerY: 1000, zoom: 0.5 };
  const viewport = { width: 800, height: 600, dpr: 1 };

  it('puts the tag above the box, at its left edge, in CSS px', () => {
    expect(labelTagTopLeft({ x: 900, y: 950 }, view, viewport)).toEqual({ x: 350, y: 259 });
  });

  it('puts it inside the box when the top edge is near the canvas top', () => {
    expect(labelTagTopLeft({ x: 900, y: 420 }, view, viewport)).toEqual({ x: 350, y: 10 });
  });

  it('snaps to device pixels', () => {
    expect(labelTagTopLeft({ x: 900.3, y: 950 }, view, viewport).x).toBe(350);
    expect(labelTagTopLeft({ x: 900.6, y: 950 }, view, { ...viewport, dpr: 2 }).x).toBe(350.5);
  });
});

describe('parseHexColor', () => {
  it('reads #rrggbb, #rgb and alpha forms', () => {
    expect(parseHexColor('#1e88e5')).toEqual([30, 136, 229, 255]);
    expect(parseHexColor('#f00')).toEqual([255, 0, 0, 255]);
    expect(parseHexColor('#ff000080')).toEqual([255, 0, 0, 128]);
    expect(parseHexColor('red')).toEqual([128, 128, 128, 255]);
  });
});
