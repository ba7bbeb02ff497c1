import * as tf from '@tensorflow/tfjs';

/*
 * A head's weights as one self-describing buffer (checkpoints, a previous model's head to start
 * from): a little-endian uint32 header length, a JSON header with every weight's shape, then the
 * float32 values in the same order. Loading checks the shapes, so a head of another network or
 * label count is refused instead of silently mixed in.
 */

interface HeadHeader {
  format: 'head-weights-v1';
  shapes: number[][];
}

/** Serializes the given weights (a head's, in `getWeights()` order). */
export function serializeWeights(weights: readonly tf.Tensor[]): ArrayBuffer {
  const header: HeadHeader = { format: 'head-weights-v1', shapes: weights.map((w) => [...w.shape]) };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  // Keep the float32 data 4-byte aligned.
  const headerPadded = Math.ceil((4 + headerBytes.length) / 4) * 4;
  const total = weights.reduce((n, w) => n + w.size, 0);
  const buffer = new ArrayBuffer(headerPadded + total * 4);
  new DataView(buffer).setUint32(0, headerBytes.length, true);
  new Uint8Array(buffer, 4, headerBytes.length).set(headerBytes);
  const values = new Float32Array(buffer, headerPadded, total);
  let offset = 0;
  for (const w of weights) {
    values.set(w.dataSync() as Float32Array, offset);
    offset += w.size;
  }
  return buffer;
}

/** The head model's weights, serialized. */
export function serializeHeadWeights(head: tf.LayersModel): ArrayBuffer {
  const weights = head.getWeights();
  return serializeWeights(weights);
}

/** Reads a buffer written by serializeWeights into tensors (the caller disposes them). */
export function deserializeWeights(buffer: ArrayBuffer): tf.Tensor[] {
  if (buffer.byteLength < 8) throw new Error('Head weights: the buffer is too short');
  const headerLength = new DataView(buffer).getUint32(0, true);
  if (4 + headerLength > buffer.byteLength) throw new Error('Head weights: the header is truncated');
  let header: HeadHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, headerLength))) as HeadHeader;
  } catch {
    throw new Error('Head weights: the header is not JSON');
  }
  if (header.format !== 'head-weights-v1' || !Array.isArray(header.shapes)) {
    throw new Error('Head weights: unknown format');
  }
  const headerPadded = Math.ceil((4 + headerLength) / 4) * 4;
  const total = header.shapes.reduce((n, s) => n + s.reduce((a, b) => a * b, 1), 0);
  if (headerPadded + total * 4 !== buffer.byteLength) throw new Error('Head weights: the data size does not match');
  const values = new Float32Array(buffer, headerPadded, total);
  let offset = 0;
  return header.shapes.map((shape) => {
    const size = shape.reduce((a, b) => a * b, 1);
    const t = tf.tensor(values.slice(offset, offset + size), shape);
    offset += size;
    return t;
  });
}

/** Loads serialized weights into a head of the same architecture; throws when shapes differ. */
export function loadHeadWeights(head: tf.LayersModel, buffer: ArrayBuffer): void {
  const weights = deserializeWeights(buffer);
  try {
    const expected = head.getWeights().map((w) => w.shape.join('×'));
    const got = weights.map((w) => w.shape.join('×'));
    if (expected.join(',') !== got.join(',')) {
      throw new Error(`Head weights do not fit this head (expected ${expected.join(', ')}; got ${got.join(', ')})`);
    }
    head.setWeights(weights);
  } finally {
    tf.dispose(weights);
  }
}
