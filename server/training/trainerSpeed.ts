import * as tf from '@tensorflow/tfjs';
import type { Trainer } from '../../contract/apiTraining';
import { createFeatureExtractor } from '../../ml/featureExtractor';
import { networkPlugin } from '../../ml/networks';
import { mobileNetV2Artifacts } from '../../ml/node/mobileNetV2Artifacts';
import { initTf } from '../../ml/runtime';
import type { RgbImage } from '../../ml/types';
import type { TrainerSpeed } from './trainerRegistry';

/*
 * The trainer's speed as the wizard's estimate needs it (contract estimateTrainingSeconds):
 * backbone features per image, and head training per sample and epoch. Measured once when the
 * trainer starts, inside its thread, on random pixels and features: speed does not depend on what
 * the pixels show. The classifier's cut (the deepest, costliest one) at the default input size is
 * measured, so an estimate errs long rather than short for detectors.
 */

const IMAGES = 8;
const SIZE = 224;
const SAMPLES = 256;
const CLASSES = 5;
const BATCH = 16;

export interface MeasuredSpeed extends TrainerSpeed {
  backend: Trainer['backend'];
}

function randomImage(size: number, seed: number): RgbImage {
  const data = new Uint8Array(size * size * 3);
  let s = seed;
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    data[i] = s >>> 24;
  }
  return { width: size, height: size, data };
}

export async function measureTrainerSpeed(): Promise<MeasuredSpeed> {
  const backend = await initTf();
  const plugin = networkPlugin('classifier-standard');
  const extractor = await createFeatureExtractor(mobileNetV2Artifacts(), plugin, SIZE);
  try {
    const images = Array.from({ length: IMAGES }, (_, i) => randomImage(SIZE, i + 1));
    // The first pass compiles kernels and allocates: not part of the steady speed.
    await extractor.extract(images.slice(0, 1));
    let start = performance.now();
    await extractor.extract(images);
    const featureMsPerImage = (performance.now() - start) / IMAGES;

    const head = plugin.buildHead(extractor.featureShape, CLASSES);
    head.compile({ optimizer: tf.train.adam(0.001), loss: 'categoricalCrossentropy' });
    const x = tf.randomNormal([SAMPLES, ...extractor.featureShape]);
    const y = tf.oneHot(tf.randomUniform([SAMPLES], 0, CLASSES, 'int32') as tf.Tensor1D, CLASSES);
    try {
      await head.fit(x, y, { epochs: 1, batchSize: BATCH, verbose: 0 });
      start = performance.now();
      await head.fit(x, y, { epochs: 1, batchSize: BATCH, verbose: 0 });
      const headMsPerSample = (performance.now() - start) / SAMPLES;
      return { backend, featureMsPerImage: round(featureMsPerImage), headMsPerSample: round(headMsPerSample) };
    } finally {
      tf.dispose([x, y]);
      head.dispose();
    }
  } finally {
    extractor.dispose();
  }
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
