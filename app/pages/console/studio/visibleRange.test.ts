import { describe, expect, it } from 'vitest';
import { OVERSCAN_ROWS, visibleRange } from './visibleRange';

describe('visibleRange', () => {
  it('draws only the rows in view plus the overscan, whatever the list length', () => {
    const top = visibleRange(0, 320, 32, 100_000);
    expect(top).toEqual({ start: 0, end: 11 + OVERSCAN_ROWS });
    const deep = visibleRange(32 * 50_000, 320, 32, 100_000);
    expect(deep).toEqual({ start: 50_000 - OVERSCAN_ROWS, end: 50_000 + 11 + OVERSCAN_ROWS });
    expect(deep.end - deep.start).toBeLessThan(30);
  });

  it('clamps to the list', () => {
    expect(visibleRange(32 * 99_995, 320, 32, 100_000)).toEqual({ start: 99_995 - OVERSCAN_ROWS, end: 100_000 });
    expect(visibleRange(0, 320, 32, 0)).toEqual({ start: 0, end: 0 });
    expect(visibleRange(-50, 320, 32, 3)).toEqual({ start: 0, end: 3 });
  });
});
