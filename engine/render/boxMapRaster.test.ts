import { describe, expect, it } from 'vitest';
import { BOX_MAP_MAX_SIDE, boxMapScale, rasterizeBoxMap } from './boxMapRaster';

describe('boxMapScale', () => {
  it('picks the power of two at or above the device zoom, while the map fits', () => {
    expect(boxMapScale(0.006, 100_000, 100_000)).toBe(2 ** -7);
    expect(boxMapScale(0.0078125, 100_000, 100_000)).toBe(2 ** -7);
    // 2^-5 · 100k = 3125 px > 2048: one step coarser (2^-6, 1563 px), at most 2 device px a map px.
    expect(boxMapScale(0.02, 100_000, 100_000)).toBe(2 ** -6);
    expect(boxMapScale(0.04, 100_000, 100_000)).toBe(0);
    expect(boxMapScale(0.5, 1000, 800)).toBe(0.5);
    expect(Math.ceil(100_000 * boxMapScale(0.015, 100_000, 100_000))).toBeLessThanOrEqual(BOX_MAP_MAX_SIDE);
  });
});

describe('rasterizeBoxMap', () => {
  it('draws one-pixel outlines of label index + 1 and dots for tiny boxes; skips free slots', () => {
    const w = 16;
    const h = 16;
    const out = new Uint8Array(w * h);
    // Scale 1/4: box 0 (label 0) spans map pixels 1..5 × 2..4; box 1 (label 3) is a dot at (10, 10); slot 2 is free.
    rasterizeBoxMap(
      out,
      w,
      h,
      0.25,
      new Float32Array([4, 8, 16, 8, 40, 40, 2, 2, 0, 0, 64, 64]),
      new Int32Array([0, 3, -1]),
      3,
    );
    const at = (x: number, y: number) => out[y * w + x];
    expect(at(1, 2)).toBe(1);
    expect(at(5, 4)).toBe(1);
    expect(at(3, 3)).toBe(0); // inside: outline only
    expect(at(10, 10)).toBe(4);
    expect(at(0, 0)).toBe(0); // the free slot drew nothing
  });
});
