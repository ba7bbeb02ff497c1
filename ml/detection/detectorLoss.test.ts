import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import type { NormBox } from '../types';
import { encodeGrid } from './centerGrid';
import { detectorLoss } from './detectorLoss';

const C = 2;
const G = 8;
const boxes: NormBox[] = [
  { classIndex: 0, x: 0.1, y: 0.1, w: 0.3, h: 0.3 },
  { classIndex: 1, x: 0.55, y: 0.5, w: 0.35, h: 0.4 },
];
const target = () => tf.tensor4d(encodeGrid(boxes, C, G), [1, G, G, C + 4]);

/** A head output that says exactly the targets (heat 1 → logit 8, below 1 → logit of the value). */
function perfect(): tf.Tensor4D {
  const grid = encodeGrid(boxes, C, G);
  const out = grid.map((v, i) => (i % (C + 4) < C ? (v >= 1 ? 8 : Math.log(Math.max(v, 1e-4) / (1 - v))) : v));
  return tf.tensor4d(out, [1, G, G, C + 4]);
}

describe('detectorLoss', () => {
  it('is near zero for a perfect output and grows with wrong heat or wrong boxes', () => {
    const good = detectorLoss(target(), perfect()).dataSync()[0]!;
    expect(good).toBeLessThan(0.05);
    const blank = detectorLoss(target(), tf.fill([1, G, G, C + 4], -4.6)).dataSync()[0]!;
    expect(blank).toBeGreaterThan(1);
    // Right centres, boxes off by 0.2 in every value: exactly the L1 of 2 boxes × 4 values × 0.2, per box.
    const shifted = perfect().add(tf.concat([tf.zeros([1, G, G, C]), tf.fill([1, G, G, 4], 0.2)], -1));
    const boxLoss = detectorLoss(target(), shifted).dataSync()[0]! - good;
    expect(boxLoss).toBeCloseTo(0.8, 3);
  });

  it('gives finite gradients for extreme logits', () => {
    const logits = tf.variable(tf.fill([1, G, G, C + 4], 60));
    const grads = tf.grads((x: tf.Tensor) => detectorLoss(target(), x))([logits]);
    expect(Array.from(grads[0]!.dataSync()).every(Number.isFinite)).toBe(true);
  });
});
