import { describe, expect, it } from 'vitest';
import { boxIndices, QUAD, RING, RING_AND_FILL } from './boxIndices';

/** Corner positions of a 10 × 10 box whose ring is 2 px deep each side, by vertex (0–3 outer, 4–7 inner). */
const CORNERS = [
  [-7, -7],
  [7, -7],
  [-7, 7],
  [7, 7],
  [-3, -3],
  [3, -3],
  [-3, 3],
  [3, 3],
] as const;

function area(tris: readonly number[]): number {
  let sum = 0;
  for (let t = 0; t < tris.length; t += 3) {
    const [a, b, c] = [CORNERS[tris[t]!]!, CORNERS[tris[t + 1]!]!, CORNERS[tris[t + 2]!]!];
    sum += Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])) / 2;
  }
  return sum;
}

describe('box index patterns', () => {
  it('the ring covers exactly the band between the outer and inner rectangles, without overlap', () => {
    // Outer 14 × 14 minus inner 6 × 6; overlapping triangles would add up to more.
    expect(area(RING)).toBe(14 * 14 - 6 * 6);
    expect(area(RING_AND_FILL)).toBe(14 * 14);
    expect(area(QUAD)).toBe(14 * 14);
  });

  it('repeats the pattern per box, offset by eight vertices', () => {
    const idx = boxIndices(QUAD, 3);
    expect(Array.from(idx)).toEqual([0, 1, 2, 2, 1, 3, 8, 9, 10, 10, 9, 11, 16, 17, 18, 18, 17, 19]);
  });
});
