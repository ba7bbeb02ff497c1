import * as tf from '@tensorflow/tfjs';
import type { EpochMetrics } from '../contract/apiTraining';
import { seededRandom } from './augment';
import { composeModel } from './composeModel';
import { createFeatureExtractor } from './featureExtractor';
import { loadHeadWeights, serializeHeadWeights } from './headWeights';
import { networkPlugin } from './networks';
import { computeFeatures, copiesOf, type FeatureSet } from './trainFeatures';
import type { NetworkPlugin, RawPrediction, TrainModelOptions, TrainModelResult } from './types';

/*
 * Transfer learning on cached features (docs/decisions/0068): the backbone is frozen, so each
 * image's features are computed once; the epochs train only the small head on them, with Adam
 * over seeded shuffled batches. Stop requests are honoured between batches; each epoch ends with
 * metrics and a checkpoint of the head, from which a training resumes at the next epoch.
 */

/** Training images whose accuracy is measured after each epoch (the originals, not the copies). */
const TRAIN_ACCURACY_SAMPLES = 256;
const EVAL_BATCH = 32;

interface EvalResult {
  loss: number;
  accuracy: number;
}

function shuffled(count: number, random: () => number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** Loss and the plugin's accuracy of the head on some samples, in inference mode. */
async function evaluate(
  head: tf.LayersModel,
  plugin: NetworkPlugin,
  set: FeatureSet,
  indices: readonly number[],
  featureShape: number[],
  outputShape: number[],
  numClasses: number,
): Promise<EvalResult> {
  const outputSize = outputShape.reduce((a, b) => a * b, 1);
  const predictions: RawPrediction[][] = [];
  let lossSum = 0;
  for (let start = 0; start < indices.length; start += EVAL_BATCH) {
    const batch = indices.slice(start, start + EVAL_BATCH);
    const features = await set.store.batch(batch);
    const targets = batch.map((i) => set.targets[i]!);
    const [loss, outputs] = tf.tidy(() => {
      const x = tf.tensor(features, [batch.length, ...featureShape]);
      const y = head.predict(x) as tf.Tensor;
      const l = plugin.loss(plugin.encodeTargets(targets, numClasses, [batch.length, ...outputShape]), y);
      return [l, y];
    });
    lossSum += (await loss.data())[0]! * batch.length;
    const values = (await outputs.data()) as Float32Array;
    tf.dispose([loss, outputs]);
    for (let i = 0; i < batch.length; i++) {
      predictions.push(plugin.decode(values.subarray(i * outputSize, (i + 1) * outputSize), numClasses, outputShape));
    }
  }
  const targets = indices.map((i) => set.targets[i]!);
  return {
    loss: indices.length ? lossSum / indices.length : 0,
    accuracy: plugin.validationAccuracy(predictions, targets, numClasses),
  };
}

export async function trainModel(options: TrainModelOptions): Promise<TrainModelResult> {
  const plugin = networkPlugin(options.network);
  const { hyperparameters: hp } = options;
  const numClasses = options.labels.length;
  if (options.train.length === 0) throw new Error('The training split is empty');
  if (numClasses < 1) throw new Error('A model needs at least one label');

  const extractor = await createFeatureExtractor(options.backbone, plugin, hp.inputSize);
  let head: tf.LayersModel | null = null;
  const optimizer = tf.train.adam(hp.learningRate);
  try {
    const copies = copiesOf(hp.augmentation);
    const total = options.train.length * (1 + copies) + options.validation.length;
    const phase = {
      extractor,
      plugin,
      cache: options.cache,
      augmentation: hp.augmentation,
      memoryBudgetBytes: options.featureMemoryBytes,
      shouldStop: () => options.shouldStop(),
      onDone: (done: number) => options.onProgress?.({ phase: 'features', done, total, epoch: 0, loss: null }),
    };
    const train = await computeFeatures(options.train, copies, phase);
    const validation = train && (await computeFeatures(options.validation, 0, phase, train.store.size));

    head = plugin.buildHead(extractor.featureShape, numClasses);
    const outputShape = head.outputs[0]!.shape.slice(1).map((n) => n ?? 0);
    if (options.initialHead) loadHeadWeights(head, options.initialHead);
    let history: EpochMetrics[] = [];
    let firstEpoch = 1;
    const best = new BestEpoch();
    if (options.resume) {
      loadHeadWeights(head, options.resume.weights);
      history = [...options.resume.history];
      firstEpoch = options.resume.epoch + 1;
      // The checkpoint's weights are its epoch's: a candidate like any later epoch.
      const last = history.find((h) => h.epoch === options.resume!.epoch);
      if (last) best.offer(last, options.resume.weights);
    }
    const done = (stopped: boolean) => finish(options, plugin, head!, history, stopped, best);
    if (!train || !validation) return await done(true);

    const featureShape = extractor.featureShape;
    const trainIndices = Array.from({ length: train.store.size }, (_, i) => i);
    const accuracyIndices = trainIndices.filter((i) => train.original[i]).slice(0, TRAIN_ACCURACY_SAMPLES);
    const validationIndices = Array.from({ length: validation.store.size }, (_, i) => i);
    const batchSize = Math.min(hp.batchSize, trainIndices.length);
    for (let epoch = firstEpoch; epoch <= hp.iterations; epoch++) {
      const started = performance.now();
      // Seeded by epoch too, so a resumed training sees the batches it would have seen.
      const order = shuffled(trainIndices.length, seededRandom(options.seed * 1009 + epoch));
      const batches: number[][] = [];
      for (let start = 0; start < order.length; start += batchSize) batches.push(order.slice(start, start + batchSize));
      // A last batch of one sample gives a noisy step (and no batch statistics): leave it to another epoch.
      if (batches.length > 1 && batches[batches.length - 1]!.length === 1) batches.pop();
      let lossSum = 0;
      let seen = 0;
      for (let b = 0; b < batches.length; b++) {
        if (options.shouldStop()) return await done(true);
        const batch = batches[b]!;
        const features = await train.store.batch(batch);
        const targets = batch.map((i) => train.targets[i]!);
        const lossTensor = tf.tidy((): tf.Scalar => {
          const x = tf.tensor(features, [batch.length, ...featureShape]);
          const y = plugin.encodeTargets(targets, numClasses, [batch.length, ...outputShape]);
          const cost = optimizer.minimize(() => plugin.loss(y, head!.apply(x, { training: true }) as tf.Tensor), true);
          if (!cost) throw new Error('The optimizer returned no loss');
          return cost;
        });
        const loss = (await lossTensor.data())[0]!;
        lossTensor.dispose();
        if (!Number.isFinite(loss))
          throw new Error(`The loss is not finite at epoch ${epoch}: lower the learning rate`);
        lossSum += loss * batch.length;
        seen += batch.length;
        await options.onProgress?.({ phase: 'learning', done: b + 1, total: batches.length, epoch, loss });
      }
      const trainEval = await evaluate(head, plugin, train, accuracyIndices, featureShape, outputShape, numClasses);
      const valEval = validationIndices.length
        ? await evaluate(head, plugin, validation, validationIndices, featureShape, outputShape, numClasses)
        : null;
      const metrics: EpochMetrics = {
        epoch,
        loss: seen ? lossSum / seen : 0,
        accuracy: trainEval.accuracy,
        valLoss: valEval?.loss ?? null,
        valAccuracy: valEval?.accuracy ?? null,
        seconds: (performance.now() - started) / 1000,
      };
      history.push(metrics);
      const weights = serializeHeadWeights(head);
      best.offer(metrics, weights);
      await options.onEpoch?.(metrics, { epoch, weights, history: [...history] });
    }
    return await done(false);
  } finally {
    extractor.dispose();
    optimizer.dispose();
  }
}

/** The epoch to keep: best validation accuracy, then lowest validation loss, then the latest. */
class BestEpoch {
  epoch: number | null = null;
  weights: ArrayBuffer | null = null;
  private accuracy = -Infinity;
  private loss = Infinity;

  offer(metrics: EpochMetrics, weights: ArrayBuffer): void {
    // Without validation every epoch is as good as the last: keep the latest.
    const accuracy = metrics.valAccuracy ?? Infinity;
    const loss = metrics.valLoss ?? -Infinity;
    if (accuracy > this.accuracy || (accuracy === this.accuracy && loss <= this.loss)) {
      this.epoch = metrics.epoch;
      this.weights = weights;
      this.accuracy = accuracy;
      this.loss = loss;
    }
  }
}

async function finish(
  options: TrainModelOptions,
  plugin: NetworkPlugin,
  head: tf.LayersModel,
  history: EpochMetrics[],
  stopped: boolean,
  best: BestEpoch,
): Promise<TrainModelResult> {
  if (best.weights) loadHeadWeights(head, best.weights);
  const model = await composeModel(options.backbone, plugin, options.hyperparameters.inputSize, head);
  return { model, history, stopped, bestEpoch: best.epoch };
}
