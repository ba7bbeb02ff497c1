import { describe, expect, it } from 'vitest';
import { RESOURCE_SAMPLES_MAX } from '../../contract/apiMarket';
import { datasetFingerprint, pickSamples, type SnapshotImage, type SnapshotLabel } from './datasetSnapshot';

const labels: SnapshotLabel[] = [
  { name: 'cat', color: '#ff0000' },
  { name: 'dog', color: '#00ff00' },
];

function image(
  key: string,
  annotations: SnapshotImage['annotations'] = [],
  thumb: string | null = null,
): SnapshotImage {
  return {
    fileName: `${key}.jpg`,
    folder: '',
    type: 'image/jpeg',
    width: 640,
    height: 480,
    bytes: 100,
    blobKey: key,
    thumbKey: thumb,
    pyramid: null,
    split: 'train',
    annotations,
    tags: [],
  };
}

const box = (label: number, x = 1) => ({ label, kind: 'box', x, y: 2, width: 30, height: 40, data: null });

describe('datasetFingerprint', () => {
  it('depends on content only: not on the order of images or annotations', () => {
    const a = [image('k1', [box(0), box(1, 5)]), image('k2')];
    const b = [image('k2'), image('k1', [box(1, 5), box(0)])];
    expect(datasetFingerprint(labels, a)).toBe(datasetFingerprint(labels, b));
    expect(datasetFingerprint(labels, a)).toMatch(/^dataset:[0-9a-f]{64}$/);
  });

  it('changes with a box, an image, a label class or a label’s name on a box', () => {
    const base = datasetFingerprint(labels, [image('k1', [box(0)])]);
    expect(datasetFingerprint(labels, [image('k1', [box(0, 2)])])).not.toBe(base);
    expect(datasetFingerprint(labels, [image('k1', [box(1)])])).not.toBe(base);
    expect(datasetFingerprint(labels, [image('k1', [box(0)]), image('k3')])).not.toBe(base);
    expect(datasetFingerprint([labels[0]!, { name: 'dog', color: '#0000ff' }], [image('k1', [box(0)])])).not.toBe(base);
    // Same boxes, labels listed in another order: the boxes still name the same classes, the list differs.
    expect(datasetFingerprint([labels[1]!, labels[0]!], [image('k1', [box(1)])])).not.toBe(base);
  });
});

describe('pickSamples', () => {
  it('takes annotated images first, at most RESOURCE_SAMPLES_MAX, with boxes in pixels and classes without a box', () => {
    const images = [
      image('plain-1'),
      image('polygon', [
        { label: 1, kind: 'polygon', x: 10, y: 10, width: 20, height: 20, data: '[10,10,30,10,30,30]' },
      ]),
      ...Array.from({ length: 8 }, (_, i) => image(`plain-${i + 2}`)),
      image('class', [{ label: 0, kind: 'class', x: 0, y: 0, width: 0, height: 0, data: null }], 'thumb'),
    ];
    const samples = pickSamples(images, labels);
    expect(samples).toHaveLength(RESOURCE_SAMPLES_MAX);
    expect(samples.map((s) => s.blobKey)).toEqual(['polygon', 'thumb', 'plain-1', 'plain-2', 'plain-3', 'plain-4']);
    expect(samples.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(samples[0]!.annotations).toEqual([
      { label: 'dog', color: '#00ff00', box: { x: 10, y: 10, width: 20, height: 20 } },
    ]);
    expect(samples[1]!.annotations).toEqual([{ label: 'cat', color: '#ff0000', box: null }]);
    expect(samples[0]).toMatchObject({ width: 640, height: 480 });
  });
});
