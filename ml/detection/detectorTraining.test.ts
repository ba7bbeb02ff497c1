import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { pixelBatch } from '../featureExtractor';
import { meanAp50 } from '../eval/meanAp50';
import { mobileNetV2Artifacts } from '../node/mobileNetV2Artifacts';
import { initTf } from '../runtime';
import { syntheticShapes } from '../synthetic';
import { trainModel } from '../trainModel';
import type { NormBox, RawPrediction, TrainingExample } from '../types';
import { detectorCompactPlugin } from './detectorPlugin';

/*
 * A real training of the compact detector, end to end: synthetic shapes (1–3 boxes an image),
 * trainModel on the frozen MobileNetV2, then the composed pixels-to-grid model on a held-out
 * split it never saw, decoded and scored with COCO's mAP@0.5.
 */

const INPUT = 160;

describe('compact detector training', () => {
  it('reaches mAP@0.5 ≥ 0.6 on a held-out split', { timeout: 900_000 }, async () => {
    await initTf(['wasm', 'cpu']);
    const { labels, items } = syntheticShapes({ task: 'detection', count: 300, size: INPUT, seed: 11 });
    const examples: TrainingExample[] = items.map((item, i) => ({
      key: `shapes-${i}`,
      load: () => Promise.resolve(item.image),
      target: item.target,
    }));
    const train = examples.slice(0, 200);
    const validation = examples.slice(200, 240);
    const test = items.slice(240);

    const epochs: number[] = [];
    const result = await trainModel({
      network: 'detector-compact',
      labels,
      hyperparameters: {
        iterations: 10,
        batchSize: 16,
        learningRate: 0.001,
        inputSize: INPUT,
        augmentation: { enabled: false, flip: false, shift: false, brightness: false },
      },
      backbone: mobileNetV2Artifacts(),
      train,
      validation,
      seed: 3,
      shouldStop: () => false,
      onEpoch: (metrics) => void epochs.push(metrics.valAccuracy ?? 0),
    });
    expect(result.stopped).toBe(false);
    expect(epochs).toHaveLength(10);
    // The validation figure is the plugin's mAP@0.5: it must have climbed while learning.
    expect(epochs[epochs.length - 1]).toBeGreaterThan(epochs[0]!);

    const outputShape = result.model.outputs[0]!.shape.slice(1).map((n) => n ?? 0);
    const size = outputShape.reduce((a, b) => a * b, 1);
    const predictions: RawPrediction[][] = [];
    for (let start = 0; start < test.length; start += 16) {
      const batch = test.slice(start, start + 16);
      const out = tf.tidy(
        () =>
          result.model.predict(
            pixelBatch(
              batch.map((t) => t.image),
              INPUT,
            ),
          ) as tf.Tensor,
      );
      const values = (await out.data()) as Float32Array;
      out.dispose();
      batch.forEach((_, i) =>
        predictions.push(
          detectorCompactPlugin.decode(values.subarray(i * size, (i + 1) * size), labels.length, outputShape),
        ),
      );
    }
    const truths: NormBox[][] = test.map((t) => (t.target.kind === 'boxes' ? t.target.boxes : []));
    const map50 = meanAp50(predictions, truths, labels.length);
    console.log(
      `compact detector: held-out mAP@0.5 ${map50.toFixed(3)}, validation per epoch ${epochs.map((a) => a.toFixed(2)).join(' ')}`,
    );
    expect(map50).toBeGreaterThanOrEqual(0.6);
    result.model.dispose();
  });
});
