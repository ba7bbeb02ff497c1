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
        { id: 'a', labelId: 'l2', kind: 'box', x: 10, y: 20, width: 30, height: 40 },
        { id: 'b', labelId: 'l1', kind: 'class', x: 0, y: 0, width: 0, height: 0 },
        { id: 'c', labelId: 'l1', kind: 'box', x: 1, y: 2, width: 3, height: 4 },
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
        { id: 'a', labelId: 'gone', kind: 'box', x: 0, y: 0, width: 5, height: 5 },
        { id: 'b', labelId: 'l1', kind: 'box', x: 0, y: 0, width: 0, height: 5 },
      ],
      labels,
    );
    expect(out.boxes).toEqual([]);
  });
});
