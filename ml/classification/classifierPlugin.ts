import * as tf from '@tensorflow/tfjs';
import type { Network } from '../../contract/apiTraining';
import type { DecodeOptions, NetworkPlugin, RawPrediction, Target } from '../types';

/*
 * Image classification on MobileNetV2's last feature map, globally average-pooled to 1280 values.
 * 'classifier-compact' is a linear softmax on those (fast, hard to overfit on small datasets);
 * 'classifier-standard' adds one 256-unit hidden layer for classes that are not linearly apart.
 * Head layers are named 'head_*' so a composed model's head is easy to tell from its backbone.
 */

const EPSILON = 1e-7;

function classIndexOf(target: Target): number {
  if (target.kind !== 'class') throw new Error('A classification network needs class targets');
  return target.classIndex;
}

function buildHead(network: Network, featureShape: readonly number[], numClasses: number): tf.LayersModel {
  const input = tf.input({ shape: [...featureShape], name: 'head_input' });
  let x: tf.SymbolicTensor = input;
  if (network === 'classifier-standard') {
    x = tf.layers
      .dense({ units: 256, activation: 'relu', kernelInitializer: 'heNormal', name: 'head_hidden' })
      .apply(x) as tf.SymbolicTensor;
    x = tf.layers.dropout({ rate: 0.3, name: 'head_dropout' }).apply(x) as tf.SymbolicTensor;
  } else {
    x = tf.layers.dropout({ rate: 0.2, name: 'head_dropout' }).apply(x) as tf.SymbolicTensor;
  }
  const output = tf.layers
    .dense({ units: numClasses, activation: 'softmax', kernelInitializer: 'glorotUniform', name: 'head_classes' })
    .apply(x) as tf.SymbolicTensor;
  return tf.model({ inputs: input, outputs: output, name: 'head' });
}

/** Every class, best first; `scoreThreshold` drops the unlikely ones, `maxDetections` caps them. */
function decode(output: Float32Array, numClasses: number, _shape: readonly number[], options: DecodeOptions = {}) {
  const predictions: RawPrediction[] = [];
  for (let i = 0; i < numClasses; i++) predictions.push({ classIndex: i, score: output[i] ?? 0, box: null });
  predictions.sort((a, b) => b.score - a.score);
  const threshold = options.scoreThreshold ?? 0;
  const kept = predictions.filter((p, i) => i === 0 || p.score >= threshold);
  return kept.slice(0, Math.max(1, options.maxDetections ?? numClasses));
}

function accuracy(predictions: RawPrediction[][], targets: Target[]): number {
  if (targets.length === 0) return 0;
  let right = 0;
  targets.forEach((target, i) => {
    if (predictions[i]?.[0]?.classIndex === classIndexOf(target)) right++;
  });
  return right / targets.length;
}

function classifierPlugin(network: 'classifier-compact' | 'classifier-standard'): NetworkPlugin {
  return {
    network,
    task: 'classification',
    backboneLayer: 'out_relu',
    pooling: 'global-average',
    buildHead: (featureShape, numClasses) => buildHead(network, featureShape, numClasses),
    encodeTargets: (targets, numClasses) =>
      tf.tidy(() => tf.oneHot(tf.tensor1d(targets.map(classIndexOf), 'int32'), numClasses).toFloat()),
    loss: (yTrue, yPred) =>
      tf.tidy(() => tf.neg(tf.mean(tf.sum(tf.mul(yTrue, tf.log(tf.clipByValue(yPred, EPSILON, 1))), -1))) as tf.Scalar),
    // Flips, shifts and brightness never change what an image shows.
    transformTarget: (target) => target,
    decode,
    validationAccuracy: (predictions, targets) => accuracy(predictions, targets),
  };
}

export const classifierCompactPlugin: NetworkPlugin = classifierPlugin('classifier-compact');
export const classifierStandardPlugin: NetworkPlugin = classifierPlugin('classifier-standard');
