import { describe, expect, it } from 'vitest';
import { annotationBoxes } from './annotationBoxes';

const labels = [
  { id: 'l1', name: 'cat', color: '#e53935' },
  { id: 'l2', name: 'dog', color: '#1e88e5' },
];

describe('annotationBoxes', () => {
  it('indexes boxes by the project label order and keeps class labels apart', () => {
    const out = annotationBoxes(
      [
        { id: 'a', labelId: 'l2', kind: 'box', x: 10, y: 20, width: 30, height: 40, version: 1 },
        { id: 'b', labelId: 'l1', kind: 'class', x: 0, y: 0, width: 0, height: 0, version: 1 },
        { id: 'c', labelId: 'l1', kind: 'box', x: 1, y: 2, width: 3, height: 4, version: 1 },
      ],
      labels,
    );
    expect(out.labels).toEqual([
      { name: 'cat', color: '#e53935' },
      { name: 'dog', color: '#1e88e5' },
    ]);
    expect(out.boxes).toEqual([
      { id: 'a', x: 10, y: 20, width: 30, height: 40, label: 1 },
      { id: 'c', x: 1, y: 2, width: 3, height: 4, label: 0 },
    ]);
    expect(out.classLabelIds).toEqual(['l1']);
  });

  it('leaves out boxes of unknown labels and empty boxes', () => {
    const out = annotationBoxes(
      [
        { id: 'a', labelId: 'gone', kind: 'box', x: 0, y: 0, width: 5, height: 5, version: 1 },
        { id: 'b', labelId: 'l1', kind: 'box', x: 0, y: 0, width: 0, height: 5, version: 1 },
      ],
      labels,
    );
    expect(out.boxes).toEqual([]);
  });

  it('keeps the points of a polygon (its box is the bounding box)', () => {
    const out = annotationBoxes(
      [
        {
          id: 'p',
          labelId: 'l2',
          kind: 'polygon',
          x: 10,
          y: 10,
          width: 30,
          height: 20,
          points: [10, 10, 40, 10, 25, 30],
          version: 2,
        },
      ],
      labels,
    );
    expect(out.boxes).toEqual([
      { id: 'p', x: 10, y: 10, width: 30, height: 20, label: 1, points: [10, 10, 40, 10, 25, 30] },
    ]);
  });
});
