import { describe, expect, it } from 'vitest';
import { fillPatternRegion, patternPixel, patternPixelAtLevel } from './proceduralPattern';

describe('procedural pattern', () => {
  it('encodes the cell index in R and G and a checker in B', () => {
    expect(patternPixel(256 * 3 + 100, 256 * 5 + 100)).toEqual([3, 5, 32, 255]);
    expect(patternPixel(256 * 4 + 100, 256 * 5 + 100)).toEqual([4, 5, 224, 255]);
    // Cell indices wrap at 256 (an image of 100k pixels has 391 cells a side).
    expect(patternPixel(256 * 300 + 9, 7)[0]).toBe(300 % 256);
  });

  it('draws minor lines on multiples of 256 and 4-pixel major lines on multiples of 4096', () => {
    expect(patternPixel(512, 700)).toEqual([255, 255, 255, 255]);
    expect(patternPixel(700, 256)).toEqual([255, 255, 255, 255]);
    expect(patternPixel(4096 + 3, 700)).toEqual([0, 0, 0, 255]);
    expect(patternPixel(4096 + 4, 700)).toEqual([16, 2, 32, 255]);
    expect(patternPixel(0, 0)).toEqual([0, 0, 0, 255]);
  });

  it('coarse levels keep lines visible where the footprint touches them and drop them past their level', () => {
    // Level 2 pixel 64 covers image x 256..259: a minor line.
    expect(patternPixelAtLevel(2, 64, 100)).toEqual([255, 255, 255, 255]);
    expect(patternPixelAtLevel(2, 65, 100)[0]).toBe(1);
    // Level 7: no minor lines, cell colour at the footprint centre.
    expect(patternPixelAtLevel(7, 2, 2)).toEqual([1, 1, 32, 255]);
    // Level 11: no lines at all.
    expect(patternPixelAtLevel(11, 2, 0)).toEqual([20, 4, 32, 255]);
  });

  it('fillPatternRegion agrees with the per-pixel function at every level', () => {
    for (const level of [0, 1, 3, 6, 7, 10, 12]) {
      const w = 37;
      const h = 23;
      const px0 = 4090 >> level;
      const py0 = 250 >> level;
      const out = new Uint8ClampedArray(w * h * 4);
      fillPatternRegion(level, px0, py0, w, h, out);
      for (let j = 0; j < h; j++) {
        for (let i = 0; i < w; i++) {
          const o = (j * w + i) * 4;
          expect([out[o], out[o + 1], out[o + 2], out[o + 3]]).toEqual(patternPixelAtLevel(level, px0 + i, py0 + j));
        }
      }
    }
  });
});
