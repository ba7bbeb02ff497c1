import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { initTf } from '../runtime';

/** The filter gradient of sum(conv2d(x, f) * w) on the given backend. */
async function filterGradient(
  backend: 'cpu' | 'wasm',
  xValues: Float32Array,
  xShape: [number, number, number, number],
  fShape: [number, number, number, number],
  stride: number,
  pad: 'same' | 'valid',
): Promise<{ values: Float32Array; shape: number[] }> {
  await tf.setBackend(backend);
  const fValues = Float32Array.from({ length: fShape.reduce((a, b) => a * b, 1) }, (_, i) => Math.sin(i * 0.7));
  const result = tf.tidy(() => {
    const x = tf.tensor4d(xValues, xShape);
    const f = tf.tensor4d(fValues, fShape);
    const out = tf.conv2d(x, f, stride, pad);
    // Weight the outputs unevenly so the gradient depends on every output position.
    const w = tf.tensor(
      Float32Array.from({ length: out.size }, (_, i) => Math.cos(i * 0.31)),
      out.shape,
    );
    return tf.grad((ff: tf.Tensor) =>
      tf
        .conv2d(x, ff as tf.Tensor4D, stride, pad)
        .mul(w)
        .sum(),
    )(f);
  });
  const values = (await result.data()) as Float32Array;
  const shape = result.shape;
  result.dispose();
  return { values, shape };
}

describe('wasm Conv2DBackpropFilter', () => {
  const cases: {
    x: [number, number, number, number];
    f: [number, number, number, number];
    s: number;
    p: 'same' | 'valid';
  }[] = [
    { x: [2, 9, 9, 3], f: [3, 3, 3, 4], s: 1, p: 'same' },
    { x: [2, 9, 9, 3], f: [3, 3, 3, 4], s: 2, p: 'same' },
    { x: [3, 10, 7, 2], f: [3, 3, 2, 5], s: 2, p: 'valid' },
    { x: [1, 8, 11, 4], f: [1, 1, 4, 3], s: 1, p: 'valid' },
    { x: [2, 12, 12, 3], f: [5, 3, 3, 2], s: 2, p: 'same' },
  ];
  for (const c of cases) {
    it(`matches the cpu backend for x ${c.x.join('×')}, filter ${c.f.join('×')}, stride ${c.s}, ${c.p}`, async () => {
      await initTf(['wasm']);
      const xValues = Float32Array.from({ length: c.x.reduce((a, b) => a * b, 1) }, (_, i) => Math.sin(i * 1.3) * 2);
      const expected = await filterGradient('cpu', xValues, c.x, c.f, c.s, c.p);
      const actual = await filterGradient('wasm', xValues, c.x, c.f, c.s, c.p);
      expect(actual.shape).toEqual(c.f);
      expect(tf.getBackend()).toBe('wasm');
      let maxError = 0;
      let maxValue = 0;
      for (let i = 0; i < expected.values.length; i++) {
        maxError = Math.max(maxError, Math.abs(expected.values[i]! - actual.values[i]!));
        maxValue = Math.max(maxValue, Math.abs(expected.values[i]!));
      }
      expect(maxValue).toBeGreaterThan(0.1);
      expect(maxError).toBeLessThan(1e-4 * Math.max(1, maxValue));
    });
  }
});
