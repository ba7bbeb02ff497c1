import { describe, expect, it } from 'vitest';
import { toServedPredictions } from './servedPredictions';

describe('toServedPredictions', () => {
  it('names labels, puts boxes in pixels, sorts by score and drops those under the threshold', () => {
    const served = toServedPredictions(
      [
        { classIndex: 0, score: 0.4, box: [0.1, 0.2, 0.5, 0.25] },
        { classIndex: 1, score: 0.9, box: [0, 0, 1, 1] },
        { classIndex: 1, score: 0.05, box: [0, 0, 0.1, 0.1] },
      ],
      ['scratch', 'dent'],
      200,
      100,
      0.1,
    );
    expect(served).toEqual([
      { label: 'dent', score: 0.9, box: { x: 0, y: 0, width: 200, height: 100 } },
      { label: 'scratch', score: 0.4, box: { x: 20, y: 20, width: 100, height: 25 } },
    ]);
  });

  it('answers classes without a box', () => {
    expect(toServedPredictions([{ classIndex: 0, score: 0.75, box: null }], ['ok'], 10, 10)).toEqual([
      { label: 'ok', score: 0.75 },
    ]);
  });
});
