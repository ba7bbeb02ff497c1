import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { classifierCompactPlugin, classifierStandardPlugin } from './classification/classifierPlugin';
import { deserializeWeights, loadHeadWeights, serializeHeadWeights } from './headWeights';
import { initTf } from './runtime';

describe('head weights', () => {
  it('round-trips a head exactly and refuses a head of another shape', async () => {
    await initTf();
    const a = classifierStandardPlugin.buildHead([32], 3);
    const b = classifierStandardPlugin.buildHead([32], 3);
    const buffer = serializeHeadWeights(a);
    loadHeadWeights(b, buffer);
    const wa = a.getWeights().map((w) => Array.from(w.dataSync()));
    const wb = b.getWeights().map((w) => Array.from(w.dataSync()));
    expect(wb).toEqual(wa);
    const other = classifierCompactPlugin.buildHead([32], 4);
    expect(() => loadHeadWeights(other, buffer)).toThrow(/do not fit/);
    tf.dispose(deserializeWeights(buffer));
    [a, b, other].forEach((m) => m.dispose());
  });

  it('refuses a truncated or foreign buffer', () => {
    expect(() => deserializeWeights(new ArrayBuffer(4))).toThrow(/too short/);
    const bytes = new Uint8Array(16);
    new DataView(bytes.buffer).setUint32(0, 4, true);
    bytes.set(new TextEncoder().encode('{}  '), 4);
    expect(() => deserializeWeights(bytes.buffer)).toThrow(/unknown format/);
  });
});
