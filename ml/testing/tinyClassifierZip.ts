import * as tf from '@tensorflow/tfjs';
import { MODEL_FORMAT, MODEL_FORMAT_VERSION } from '../../contract/apiModels';
import { writeModelZip } from '../modelZip';

/** The tiny classifier's input side (px). */
export const TINY_CLASSIFIER_INPUT = 32;

/**
 * A real but untrained classifier zip (the format users download and upload): a pooled input and
 * one softmax layer, for tests of the upload checks, where what matters is the manifest (labels,
 * tag, task), not what the network predicts. Label colours alternate red and blue. tfjs must be
 * initialised first.
 */
export async function tinyClassifierZip(labels: readonly string[], tag: string | null): Promise<Uint8Array> {
  const model = tf.sequential({
    layers: [
      tf.layers.globalAveragePooling2d({ inputShape: [TINY_CLASSIFIER_INPUT, TINY_CLASSIFIER_INPUT, 3] }),
      tf.layers.dense({ units: labels.length, activation: 'softmax' }),
    ],
  });
  try {
    return await writeModelZip(model, {
      format: MODEL_FORMAT,
      version: MODEL_FORMAT_VERSION,
      task: 'classification',
      network: 'classifier-compact',
      backbone: 'mobilenet-v2',
      inputSize: TINY_CLASSIFIER_INPUT,
      labels: labels.map((name, i) => ({ name, color: i % 2 === 0 ? '#e53935' : '#1e88e5' })),
      preprocessing: { resize: 'stretch', channels: 'rgb', scale: 1 / 255, offset: 0 },
      detection: null,
      metrics: { accuracy: 0.93 },
      createdAt: '2026-01-03T00:00:00Z',
      trainingId: null,
      tag,
    });
  } finally {
    model.dispose();
  }
}
