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
  const red = 0xff0000ff;
  const blue = 0x0000ffff;
  const at = (out: Uint8Array, w: number, x: number, y: number) => Array.from(out.slice((y * w + x) * 4, (y * w + x) * 4 + 4));

  it('draws one-pixel outlines in label colours and dots for tiny boxes; skips free slots', () => {
    const w = 16;
    const h = 16;
    const out = new Uint8Array(w * h * 4);
    // Scale 1/4: box 0 spans map pixels 1..5 × 2..4; box 1 is a dot at (10, 10); slot 2 is free.
    rasterizeBoxMap(out, w, h, 0.25, new Float32Array([4, 8, 16, 8, 40, 40, 2, 2, 0, 0, 64, 64]), new Int32Array([0, 1, -1]), 3, new Uint32Array([red, blue]));
    expect(at(out, w, 1, 2)).toEqual([255, 0, 0, 255]);
    expect(at(out, w, 5, 4)).toEqual([255, 0, 0, 255]);
    expect(at(out, w, 3, 3)).toEqual([0, 0, 0, 0]); // inside: outline only
    expect(at(out, w, 10, 10)).toEqual([0, 0, 255, 255]);
    expect(at(out, w, 0, 0)).toEqual([0, 0, 0, 0]); // the free slot drew nothing
  });
});
