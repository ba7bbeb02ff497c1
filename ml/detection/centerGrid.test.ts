import { describe, expect, it } from 'vitest';
import type { NormBox } from '../types';
import { decodeGrid, encodeGrid, gaussianRadius, iou, nonMaxSuppression } from './centerGrid';

const C = 3;
const G = 16;
const D = C + 4;

/** Targets as logits a perfect head would output: heat v → logit(v), box values as they are. */
function perfectOutput(boxes: NormBox[]): Float32Array {
  const grid = encodeGrid(boxes, C, G);
  const out = new Float32Array(grid.length);
  for (let i = 0; i < grid.length; i++) {
    if (i % D < C) {
      const v = Math.min(0.999, Math.max(1e-4, grid[i]!));
      out[i] = Math.log(v / (1 - v));
    } else out[i] = grid[i]!;
  }
  return out;
}

const sample: NormBox[] = [
  { classIndex: 0, x: 0.1, y: 0.12, w: 0.3, h: 0.25 },
  { classIndex: 2, x: 0.55, y: 0.5, w: 0.2, h: 0.4 },
  { classIndex: 1, x: 0.6, y: 0.05, w: 0.35, h: 0.3 },
];

describe('center-grid-v1 encoding', () => {
  it('gives the boxes back when decoding what it encoded', () => {
    const decoded = decodeGrid(perfectOutput(sample), C, G, { scoreThreshold: 0.5 });
    expect(decoded).toHaveLength(sample.length);
    for (const box of sample) {
      const match = decoded.find((p) => p.classIndex === box.classIndex)!;
      expect(match.score).toBeCloseTo(0.999, 5);
      expect(match.box![0]).toBeCloseTo(box.x, 5);
      expect(match.box![1]).toBeCloseTo(box.y, 5);
      expect(match.box![2]).toBeCloseTo(box.w, 5);
      expect(match.box![3]).toBeCloseTo(box.h, 5);
    }
  });

  it('puts exactly one 1 per box at its centre cell, a Gaussian around it, and box values there only', () => {
    const box: NormBox = { classIndex: 1, x: 0.5, y: 0.25, w: 0.4, h: 0.4 };
    const grid = encodeGrid([box], C, G);
    const heat = (r: number, c: number, k = 1) => grid[(r * G + c) * D + k]!;
    // Centre (0.7, 0.45) × 16 = (11.2, 7.2): column 11, row 7.
    expect(heat(7, 11)).toBe(1);
    expect(grid.filter((v, i) => i % D < C && v === 1)).toHaveLength(1);
    expect(heat(7, 12)).toBeGreaterThan(0.1);
    expect(heat(7, 12)).toBeLessThan(1);
    expect(heat(7, 12)).toBeCloseTo(heat(7, 10), 6);
    expect(heat(7, 11, 0)).toBe(0);
    const at = (7 * G + 11) * D + C;
    expect(grid[at]).toBeCloseTo(0.2, 5);
    expect(grid[at + 1]).toBeCloseTo(0.2, 5);
    expect(grid[at + 2]).toBeCloseTo(Math.log(0.4), 6);
    expect(grid[(7 * G + 12) * D + C + 2]).toBe(0);
  });

  it('keeps only 3 × 3 peaks: a peak’s shoulders above the threshold are not boxes', () => {
    const decoded = decodeGrid(perfectOutput([sample[0]!]), C, G, { scoreThreshold: 0.01 });
    expect(decoded.filter((p) => p.classIndex === 0)).toHaveLength(1);
  });

  it('applies the score threshold and maxDetections', () => {
    const out = perfectOutput(sample);
    expect(decodeGrid(out, C, G, { scoreThreshold: 0.9999 })).toHaveLength(0);
    expect(decodeGrid(out, C, G, { scoreThreshold: 0.5, maxDetections: 2 })).toHaveLength(2);
  });

  it('refuses an output of the wrong size', () => {
    expect(() => decodeGrid(new Float32Array(10), C, G)).toThrow(/expected/);
  });

  it('clips boxes to the image', () => {
    const out = new Float32Array(G * G * D).fill(-10);
    const at = 0; // row 0, col 0
    out[at] = 5;
    out[at + C] = 0.5;
    out[at + C + 1] = 0.5;
    out[at + C + 2] = Math.log(0.5);
    out[at + C + 3] = Math.log(0.5);
    const [p] = decodeGrid(out, C, G);
    expect(p!.box![0]).toBe(0);
    expect(p!.box![2]).toBeCloseTo(0.5 / G + 0.25, 6);
  });

  it('has a radius that grows with the box', () => {
    expect(gaussianRadius(2, 2)).toBeLessThan(gaussianRadius(6, 6));
    expect(gaussianRadius(0, 0)).toBe(0);
  });
});

describe('nonMaxSuppression', () => {
  it('removes same-class overlaps, keeps other classes and the best first', () => {
    const kept = nonMaxSuppression(
      [
        { classIndex: 0, score: 0.6, box: [0.11, 0.1, 0.3, 0.3] },
        { classIndex: 0, score: 0.9, box: [0.1, 0.1, 0.3, 0.3] },
        { classIndex: 1, score: 0.7, box: [0.1, 0.1, 0.3, 0.3] },
        { classIndex: 0, score: 0.5, box: [0.6, 0.6, 0.3, 0.3] },
      ],
      0.5,
      10,
    );
    expect(kept.map((p) => [p.classIndex, p.score])).toEqual([
      [0, 0.9],
      [1, 0.7],
      [0, 0.5],
    ]);
    expect(nonMaxSuppression(kept, 0.5, 1)).toHaveLength(1);
  });

  it('computes IoU', () => {
    expect(iou([0, 0, 1, 1], [0, 0, 1, 1])).toBe(1);
    expect(iou([0, 0, 0.5, 1], [0.5, 0, 0.5, 1])).toBe(0);
    expect(iou([0, 0, 0.5, 0.5], [0.25, 0, 0.5, 0.5])).toBeCloseTo(1 / 3, 6);
  });
});
