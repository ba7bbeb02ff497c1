/**
 * The Node cases of `npm run bench:train`: real trainings through ml/trainModel on seeded synthetic
 * shapes (ml/synthetic.ts), timed by phase — feature extraction (the frozen backbone, once per
 * image), head epochs, and the whole run — plus the model's quality on its validation split, so a
 * speed-up that breaks learning shows. The cpu backend (pure JS, ~100× slower for convolutions)
 * runs a short sample of the same work and its whole run is projected from the measured rates.
 */
import * as tf from '@tensorflow/tfjs';
import type { Network } from '../../contract/apiTraining';
import { mobileNetV2Artifacts } from '../../ml/node/mobileNetV2Artifacts';
import { initTf, type TfBackend } from '../../ml/runtime';
import { syntheticShapes } from '../../ml/synthetic';
import { trainModel } from '../../ml/trainModel';
import type { TrainingExample, TrainModelResult } from '../../ml/types';
import type { ResultRow } from '../writeResults';

export interface TrainCase {
  /** The case name in the results (the goals name two of them). */
  name: string;
  network: Network;
  images: number;
  inputSize: number;
  epochs: number;
  backend: TfBackend;
  /** cpu: train on this many images for one epoch and project the whole run from the rates. */
  sampleImages?: number;
}

export interface TrainTimes {
  featureMsPerImage: number;
  /** Loading and cutting the backbone, its first batch's warm-up. */
  setupS: number;
  epochS: number;
  wholeS: number;
  /** Process CPU time of the whole run (and per image up to the first batch, setup included). */
  cpuS: number;
  featureCpuMsPerImage: number;
  valAccuracy: number | null;
  model: tf.LayersModel;
}

/** Times one training; the validation split is a tenth of the images. */
export async function timeTraining(c: TrainCase, seed = 1): Promise<TrainTimes> {
  await initTf([c.backend]);
  const task = c.network === 'detector-compact' ? 'detection' : 'classification';
  const count = c.sampleImages ?? c.images;
  const { labels, items } = syntheticShapes({ task, count, size: c.inputSize, seed });
  const examples: TrainingExample[] = items.map((item, i) => ({
    key: `bench-${seed}-${i}`,
    load: () => Promise.resolve(item.image),
    target: item.target,
  }));
  const validationCount = Math.max(2, Math.round(count / 10));
  const started = performance.now();
  // CPU time of this process: TF.js runs on one thread here, so on a shared machine it is what the
  // run would take alone, while the wall clock also counts the other processes' turns.
  const cpuStarted = process.cpuUsage();
  let cpuAtLearning: NodeJS.CpuUsage | null = null;
  let learningStarted = 0;
  // The first features progress: backbone loaded and cut, first group done (the rate is timed after it).
  let firstFeatures: { at: number; done: number } | null = null;
  const epochSeconds: number[] = [];
  const result: TrainModelResult = await trainModel({
    network: c.network,
    labels,
    hyperparameters: {
      iterations: c.sampleImages ? 1 : c.epochs,
      batchSize: 16,
      learningRate: 0.001,
      inputSize: c.inputSize,
      augmentation: { enabled: false, flip: false, shift: false, brightness: false },
    },
    backbone: mobileNetV2Artifacts(),
    train: examples.slice(validationCount),
    validation: examples.slice(0, validationCount),
    seed,
    shouldStop: () => false,
    onProgress: (p) => {
      if (p.phase === 'features' && !firstFeatures && p.done > 0)
        firstFeatures = { at: performance.now(), done: p.done };
      if (p.phase === 'learning' && !learningStarted) {
        learningStarted = performance.now();
        cpuAtLearning = process.cpuUsage(cpuStarted);
      }
    },
    onEpoch: (m) => void epochSeconds.push(m.seconds),
  });
  const wholeS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  const featuresCpu = cpuAtLearning as NodeJS.CpuUsage | null;
  const featureCpuMsPerImage = featuresCpu ? (featuresCpu.user + featuresCpu.system) / 1000 / count : NaN;
  const first = firstFeatures as { at: number; done: number } | null;
  // A sample too short to time a rate after its first group counts its whole feature phase.
  const featureMsPerImage =
    first && count >= 2 * first.done
      ? (learningStarted - first.at) / (count - first.done)
      : (learningStarted - started) / count;
  const setupS = (learningStarted - started - featureMsPerImage * count) / 1000;
  const epochS = epochSeconds.reduce((a, b) => a + b, 0) / epochSeconds.length;
  const valAccuracy = result.history[result.history.length - 1]?.valAccuracy ?? null;
  return { featureMsPerImage, featureCpuMsPerImage, setupS, epochS, wholeS, cpuS, valAccuracy, model: result.model };
}

/** The rows of one case (and the trained model, for the inference cases). */
export async function trainCaseRows(
  c: TrainCase,
  log: (line: string) => void,
): Promise<{ rows: ResultRow[]; model: tf.LayersModel }> {
  const t = await timeTraining(c);
  const row = (metric: string, value: number, better: ResultRow['better'] = 'lower'): ResultRow => ({
    case: c.name,
    subject: 'ours',
    metric,
    value,
    better,
  });
  const rows = [row('feature_ms_per_image', t.featureMsPerImage)];
  if (!c.sampleImages) rows.push(row('setup_s', t.setupS));
  if (c.sampleImages) {
    // One epoch over the sample: the head's cost scales with the samples, the features with the images.
    const train = c.sampleImages - Math.max(2, Math.round(c.sampleImages / 10));
    const fullTrain = c.images - Math.max(2, Math.round(c.images / 10));
    const epochS = (t.epochS * fullTrain) / train;
    const projected = (t.featureMsPerImage * c.images) / 1000 + epochS * c.epochs;
    rows.push(row('epoch_projected_s', epochS), row('train_time_projected_s', projected));
    log(
      `${c.name}: features ${t.featureMsPerImage.toFixed(0)} ms/image, an epoch of ${fullTrain} images ≈ ${epochS.toFixed(1)} s, whole run ≈ ${projected.toFixed(0)} s (projected from ${c.sampleImages} images)`,
    );
  } else {
    rows.push(
      row('epoch_s', t.epochS),
      row('train_time_s', t.wholeS),
      row('train_cpu_s', t.cpuS),
      row('feature_cpu_ms_per_image', t.featureCpuMsPerImage),
    );
    if (t.valAccuracy !== null) rows.push(row('val_accuracy', t.valAccuracy, 'higher'));
    log(
      `${c.name}: setup ${t.setupS.toFixed(1)} s, features ${t.featureMsPerImage.toFixed(1)} ms/image, ${t.epochS.toFixed(1)} s/epoch, whole run ${t.wholeS.toFixed(1)} s (CPU ${t.cpuS.toFixed(1)} s), validation ${c.network.startsWith('detector') ? 'mAP@0.5' : 'accuracy'} ${t.valAccuracy?.toFixed(3) ?? '–'}`,
    );
  }
  return { rows, model: t.model };
}

/** Inference of a composed model in Node: one image at a time, as the trainer's auto labeling runs it. */
export async function nodeInferenceRows(
  name: string,
  model: tf.LayersModel,
  backend: TfBackend,
  runs: number,
  log: (line: string) => void,
): Promise<ResultRow[]> {
  await initTf([backend]);
  const size = model.inputs[0]!.shape[1]!;
  const input = tf.randomUniform([1, size, size, 3], 0, 255);
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const t0 = performance.now();
    const out = model.predict(input) as tf.Tensor;
    await out.data();
    out.dispose();
    if (i >= 2) times.push(performance.now() - t0);
  }
  input.dispose();
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  log(`${name} (${backend}): inference ${p50.toFixed(1)} ms/image (median of ${runs})`);
  return [{ case: name, subject: 'ours', metric: `infer_node_${backend}_ms`, value: p50, better: 'lower' }];
}
