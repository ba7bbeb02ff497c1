import type * as tf from '@tensorflow/tfjs';

/*
 * Affine uint8 quantization of a model's weights, in the form TF.js reads back by itself
 * (`quantization: { dtype: 'uint8', min, scale }`, value = q × scale + min). Kernels shrink 4×;
 * small tensors (biases, batch-norm statistics) stay float32, where rounding would cost accuracy
 * for no size worth saving.
 */

/** Tensors with fewer values than this are kept as float32. */
export const QUANTIZE_MIN_VALUES = 1024;

export interface QuantizedWeights {
  specs: tf.io.WeightsManifestEntry[];
  data: Uint8Array;
}

export function quantizeWeights(specs: readonly tf.io.WeightsManifestEntry[], data: ArrayBuffer): QuantizedWeights {
  const parts: Uint8Array[] = [];
  const out: tf.io.WeightsManifestEntry[] = [];
  let offset = 0;
  for (const spec of specs) {
    const count = spec.shape.reduce((a, b) => a * b, 1);
    if (spec.quantization || spec.dtype !== 'float32') {
      throw new Error(`quantizeWeights: ${spec.name} is not plain float32`);
    }
    const values = new Float32Array(data.slice(offset, offset + count * 4));
    offset += count * 4;
    if (count < QUANTIZE_MIN_VALUES) {
      out.push({ name: spec.name, shape: spec.shape, dtype: 'float32' });
      parts.push(new Uint8Array(values.buffer));
      continue;
    }
    let min = Infinity;
    let max = -Infinity;
    for (const v of values) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
    const scale = max > min ? (max - min) / 255 : 1;
    const q = new Uint8Array(count);
    for (let i = 0; i < count; i++) q[i] = Math.round((values[i]! - min) / scale);
    out.push({ name: spec.name, shape: spec.shape, dtype: 'float32', quantization: { dtype: 'uint8', min, scale } });
    parts.push(q);
  }
  const total = parts.reduce((n, p) => n + p.length, 0);
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return { specs: out, data: bytes };
}

/** The byte length of a weight as stored (quantized or not). */
export function storedBytes(spec: tf.io.WeightsManifestEntry): number {
  const count = spec.shape.reduce((a, b) => a * b, 1);
  const dtype = spec.quantization?.dtype ?? spec.dtype;
  if (dtype === 'uint8' || dtype === 'bool') return count;
  if (dtype === 'uint16' || dtype === 'float16') return count * 2;
  return count * 4;
}
