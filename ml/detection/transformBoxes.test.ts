import { describe, expect, it } from 'vitest';
import { applyAugment } from '../augment';
import type { NormBox } from '../types';
import { detectorCompactPlugin } from './detectorPlugin';
import { transformBoxes } from './transformBoxes';

const box: NormBox = { classIndex: 2, x: 0.1, y: 0.2, w: 0.3, h: 0.4 };
const close = (a: NormBox, b: NormBox) => {
  expect(a.classIndex).toBe(b.classIndex);
  for (const k of ['x', 'y', 'w', 'h'] as const) expect(a[k]).toBeCloseTo(b[k], 9);
};

describe('transformBoxes', () => {
  it('mirrors boxes with the image', () => {
    close(transformBoxes([box], { flipX: true, dx: 0, dy: 0 })[0]!, { ...box, x: 0.6 });
  });

  it('moves boxes with the content and cuts what leaves the image', () => {
    close(transformBoxes([box], { flipX: false, dx: 0.05, dy: -0.1 })[0]!, { ...box, x: 0.15, y: 0.1 });
    close(transformBoxes([box], { flipX: false, dx: -0.2, dy: 0 })[0]!, { ...box, x: 0, w: 0.2 });
  });

  it('flips before shifting, as the image augmentation does', () => {
    close(transformBoxes([box], { flipX: true, dx: 0.1, dy: 0 })[0]!, { ...box, x: 0.7 });
  });

  it('drops a box that is mostly outside', () => {
    expect(transformBoxes([box], { flipX: false, dx: -0.3, dy: 0 })).toHaveLength(0);
  });

  it('follows applyAugment pixel for pixel', () => {
    // A 20 × 20 image with one white 4 × 6 block; find it again after the change.
    const size = 20;
    const data = new Uint8Array(size * size * 3);
    for (let y = 4; y < 10; y++) for (let x = 2; x < 6; x++) data.fill(255, (y * size + x) * 3, (y * size + x) * 3 + 3);
    const image = { width: size, height: size, data };
    const transform = { flipX: true, dx: 0.1, dy: 0.05 };
    const out = applyAugment(image, { ...transform, brightness: 1 });
    let [x0, y0, x1, y1] = [size, size, 0, 0];
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        if (out.data[(y * size + x) * 3] === 255)
          [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 1), Math.max(y1, y + 1)];
    const [moved] = transformBoxes([{ classIndex: 0, x: 2 / size, y: 4 / size, w: 4 / size, h: 6 / size }], transform);
    close(moved!, { classIndex: 0, x: x0 / size, y: y0 / size, w: (x1 - x0) / size, h: (y1 - y0) / size });
  });

  it('is the plugin’s transformTarget', () => {
    const target = detectorCompactPlugin.transformTarget(
      { kind: 'boxes', boxes: [box] },
      { flipX: true, dx: 0, dy: 0 },
    );
    expect(target.kind === 'boxes' && target.boxes[0]!.x).toBeCloseTo(0.6, 9);
  });
});
