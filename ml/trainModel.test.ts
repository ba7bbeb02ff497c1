import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hyperparameters } from '../contract/apiTraining';
import { classifierCompactPlugin } from './classification/classifierPlugin';
import { composeModel } from './composeModel';
import { loadHeadWeights } from './headWeights';
import { readModelZip, writeModelZip } from './modelZip';
import { mobileNetV2Artifacts } from './node/mobileNetV2Artifacts';
import { initTf } from './runtime';
import { MemoryFeatureCache } from './testing/memoryFeatureCache';
import { syntheticExamples } from './testing/syntheticExamples';
import { trainModel } from './trainModel';
import type { Checkpoint, RgbImage, Target, TrainModelOptions } from './types';
import type { ModelManifest } from '../contract/apiModels';

/*
 * End to end on synthetic shapes (the class is the shape, never the colour): cached features,
 * the head's training loop, the composed model, the zip, and prediction on images it never saw.
 */

const SIZE = 160;
const data = syntheticExamples({ task: 'classification', count: 240, size: SIZE, seed: 11 });
const train = data.examples.slice(0, 150);
const validation = data.examples.slice(150, 180);
const test = data.items.slice(180);
const cache = new MemoryFeatureCache();

const hyperparameters = (over: Partial<Hyperparameters> = {}): Hyperparameters => ({
  iterations: 20,
  batchSize: 16,
  learningRate: 0.001,
  inputSize: SIZE,
  augmentation: { enabled: false, flip: true, shift: true, brightness: true },
  ...over,
});

const options = (over: Partial<TrainModelOptions> = {}): TrainModelOptions => ({
  network: 'classifier-compact',
  labels: data.labels,
  hyperparameters: hyperparameters(),
  backbone: mobileNetV2Artifacts(),
  train,
  validation,
  seed: 3,
  cache,
  shouldStop: () => false,
  ...over,
});

function manifestFor(network: ModelManifest['network']): ModelManifest {
  return {
    format: 'maru-model',
    version: 1,
    task: 'classification',
    network,
    backbone: 'mobilenet-v2',
    inputSize: SIZE,
    labels: data.labels,
    preprocessing: { resize: 'stretch', channels: 'rgb', scale: 1 / 255, offset: 0 },
    detection: null,
    metrics: {},
    createdAt: '2026-11-27T00:00:00.000Z',
    trainingId: null,
    tag: null,
  };
}

function accuracyOf(predictions: { classIndex: number }[][], items: { target: Target }[]): number {
  let right = 0;
  items.forEach((item, i) => {
    if (item.target.kind === 'class' && predictions[i]![0]!.classIndex === item.target.classIndex) right++;
  });
  return right / items.length;
}

const testImages: RgbImage[] = test.map((t) => t.image);
let firstZip: Uint8Array;

describe('trainModel (classification)', () => {
  beforeAll(async () => {
    await initTf();
  });

  it('learns shapes to ≥ 0.9 accuracy on held-out images, through the zip', async () => {
    const epochs: number[] = [];
    let lastFeatures = 0;
    const result = await trainModel(
      options({
        network: 'classifier-standard',
        hyperparameters: hyperparameters({
          augmentation: { enabled: true, flip: true, shift: true, brightness: true },
        }),
        onEpoch: (metrics) => {
          epochs.push(metrics.epoch);
        },
        onProgress: (p) => {
          if (p.phase === 'features') lastFeatures = p.done;
        },
      }),
    );
    expect(result.stopped).toBe(false);
    expect(epochs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(lastFeatures).toBe(150 * 3 + 30);
    const last = result.history[19]!;
    expect(last.loss).toBeLessThan(result.history[0]!.loss);
    expect(last.valAccuracy).toBeGreaterThanOrEqual(0.85);
    // The kept epoch is the best on validation.
    const bestAccuracy = Math.max(...result.history.map((h) => h.valAccuracy!));
    expect(result.history[result.bestEpoch! - 1]!.valAccuracy).toBe(bestAccuracy);
    expect(result.model.inputs[0]!.shape).toEqual([null, SIZE, SIZE, 3]);
    expect(result.model.outputs[0]!.shape).toEqual([null, 3]);

    firstZip = await writeModelZip(result.model, manifestFor('classifier-standard'));
    const loaded = await readModelZip(firstZip);
    const accuracy = accuracyOf(await loaded.predictMany(testImages), test);
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
    loaded.dispose();
    result.model.dispose();
  }, 300_000);

  it('reuses cached features: a second training computes none', async () => {
    // Fills the cache when this test runs alone.
    (await trainModel(options({ hyperparameters: hyperparameters({ iterations: 1 }) }))).model.dispose();
    const putsBefore = cache.puts;
    let total = 0;
    const result = await trainModel(
      options({
        hyperparameters: hyperparameters({ iterations: 2 }),
        onProgress: (p) => {
          if (p.phase === 'features') total = p.total;
        },
      }),
    );
    expect(total).toBe(180);
    expect(cache.puts - putsBefore).toBe(0);
    expect(result.history.map((h) => h.epoch)).toEqual([1, 2]);
    result.model.dispose();
  }, 120_000);

  it('trains from features read back from the cache when they exceed the memory budget', async () => {
    const hitsBefore = cache.hits;
    const result = await trainModel(
      options({ hyperparameters: hyperparameters({ iterations: 2 }), featureMemoryBytes: 1 }),
    );
    expect(result.history).toHaveLength(2);
    // 180 cached samples read once for the features, then again by every batch and evaluation.
    expect(cache.hits - hitsBefore).toBeGreaterThan(180 * 2);
    result.model.dispose();
  }, 60_000);

  it('stops within one batch of the request', async () => {
    let batches = 0;
    let stopAsked = false;
    let epochsEnded = 0;
    const result = await trainModel(
      options({
        shouldStop: () => stopAsked,
        onProgress: (p) => {
          if (p.phase !== 'learning') return;
          batches++;
          if (batches === 3) stopAsked = true;
        },
        onEpoch: () => {
          epochsEnded++;
        },
      }),
    );
    expect(result.stopped).toBe(true);
    expect(batches).toBe(3);
    expect(epochsEnded).toBe(0);
    expect(result.history).toEqual([]);
    result.model.dispose();
  });

  it('resumes after a checkpoint’s epoch, with its weights and history', async () => {
    const checkpoints: Checkpoint[] = [];
    const original = await trainModel(
      options({ hyperparameters: hyperparameters({ iterations: 2 }), onEpoch: (_, c) => void checkpoints.push(c) }),
    );
    expect(checkpoints.map((c) => c.epoch)).toEqual([1, 2]);

    const resumedEpochs: number[] = [];
    const resumed = await trainModel(
      options({
        hyperparameters: hyperparameters({ iterations: 2 }),
        resume: checkpoints[0],
        onEpoch: (m) => void resumedEpochs.push(m.epoch),
      }),
    );
    expect(resumedEpochs).toEqual([2]);
    expect(resumed.history).toHaveLength(2);
    expect(resumed.history[0]).toEqual(original.history[0]);

    const x = tf.tensor4d(Float32Array.from(testImages.slice(0, 4).flatMap((i) => Array.from(i.data))), [
      4,
      SIZE,
      SIZE,
      3,
    ]);
    const outputs = async (model: tf.LayersModel) => Array.from(await (model.predict(x) as tf.Tensor).data());
    const fromCheckpoint = async (checkpoint: Checkpoint) => {
      const head = classifierCompactPlugin.buildHead([1280], 3);
      loadHeadWeights(head, checkpoint.weights);
      return composeModel(mobileNetV2Artifacts(), classifierCompactPlugin, SIZE, head);
    };
    // The model carries its best epoch's head.
    expect([1, 2]).toContain(original.bestEpoch);
    const bestModel = await fromCheckpoint(checkpoints[original.bestEpoch! - 1]!);
    expect(await outputs(original.model)).toEqual(await outputs(bestModel));

    // Resuming after the last epoch trains nothing: the model is the checkpoint's.
    const finished = await trainModel(
      options({ hyperparameters: hyperparameters({ iterations: 2 }), resume: checkpoints[1] }),
    );
    expect(finished.bestEpoch).toBe(2);
    const lastModel = await fromCheckpoint(checkpoints[1]!);
    expect(await outputs(finished.model)).toEqual(await outputs(lastModel));
    tf.dispose(x);
    [bestModel, lastModel].forEach((m) => m.dispose());
    [original, resumed, finished].forEach((r) => r.model.dispose());
  }, 120_000);

  it('starts from a previous model’s head', async () => {
    // The model of the first test (run the file whole).
    expect(firstZip, 'the first test’s model').toBeDefined();
    const previous = await readModelZip(firstZip);
    const head = previous.headWeights();
    previous.dispose();
    expect(head).not.toBeNull();
    // One epoch at a tiny learning rate barely moves a head: only a good start gives a good model.
    const slow = hyperparameters({ iterations: 1, learningRate: 0.00001 });
    const standard = { network: 'classifier-standard' as const, hyperparameters: slow };
    const warm = await trainModel(options({ ...standard, initialHead: head! }));
    const cold = await trainModel(options(standard));
    const zipOf = async (model: tf.LayersModel) =>
      readModelZip(await writeModelZip(model, manifestFor('classifier-standard')));
    const warmModel = await zipOf(warm.model);
    const coldModel = await zipOf(cold.model);
    expect(accuracyOf(await warmModel.predictMany(testImages), test)).toBeGreaterThanOrEqual(0.9);
    expect(accuracyOf(await coldModel.predictMany(testImages), test)).toBeLessThan(0.8);
    // A head of another network does not fit.
    await expect(trainModel(options({ initialHead: head! }))).rejects.toThrow(/do not fit/);
    [warmModel, coldModel].forEach((m) => m.dispose());
    [warm, cold].forEach((r) => r.model.dispose());
  }, 120_000);
});
