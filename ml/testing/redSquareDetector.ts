import * as tf from '@tensorflow/tfjs';
import { MODEL_FORMAT, MODEL_FORMAT_VERSION, type ModelManifest } from '../../contract/apiModels';
import { writeModelZip } from '../modelZip';

/** The detector's input side and grid: one cell is INPUT / GRID = 16 input px. */
export const RED_DETECTOR_INPUT = 128;
export const RED_DETECTOR_GRID = 8;

/**
 * A real model zip (the format users download and upload) whose network is set by hand rather
 * than trained: it finds red squares. The input is averaged over each 16 × 16 cell, and a 1 × 1
 * convolution gives the cell's 'red' logit 0.1·(R − G − B) − 10 — high only where the cell is
 * (almost) all pure red —, its centre in the middle of the cell and its size one cell (1/8 of the
 * image each way). So on an image whose sides are a multiple of 8 it proposes, for each red square
 * that fills one grid cell exactly, that square's box: a detector whose right answer tests know.
 */
export async function redSquareDetectorZip(labelName: string, color = '#e53935'): Promise<Uint8Array> {
  const input = tf.input({ shape: [RED_DETECTOR_INPUT, RED_DETECTOR_INPUT, 3] });
  const cell = RED_DETECTOR_INPUT / RED_DETECTOR_GRID;
  const pooled = tf.layers.averagePooling2d({ poolSize: cell, strides: cell }).apply(input) as tf.SymbolicTensor;
  const conv = tf.layers.conv2d({ filters: 5, kernelSize: 1, useBias: true });
  const output = conv.apply(pooled) as tf.SymbolicTensor;
  const model = tf.model({ inputs: input, outputs: output });
  const kernel = new Float32Array(3 * 5);
  // kernel[c][f] (input channel c, filter f): filter 0 is the red logit, 1–4 the box values.
  kernel[0 * 5] = 0.1;
  kernel[1 * 5] = -0.1;
  kernel[2 * 5] = -0.1;
  const bias = new Float32Array([-10, 0.5, 0.5, Math.log(1 / RED_DETECTOR_GRID), Math.log(1 / RED_DETECTOR_GRID)]);
  conv.setWeights([tf.tensor4d(kernel, [1, 1, 3, 5]), tf.tensor1d(bias)]);
  const manifest: ModelManifest = {
    format: MODEL_FORMAT,
    version: MODEL_FORMAT_VERSION,
    task: 'detection',
    network: 'detector-compact',
    backbone: 'mobilenet-v2',
    inputSize: RED_DETECTOR_INPUT,
    labels: [{ name: labelName, color }],
    preprocessing: { resize: 'stretch', channels: 'rgb', scale: 1, offset: 0 },
    detection: {
      encoding: 'center-grid-v1',
      gridSize: RED_DETECTOR_GRID,
      scoreThreshold: 0.5,
      nmsIou: 0.5,
      maxDetections: 50,
    },
    metrics: {},
    createdAt: new Date(0).toISOString(),
    trainingId: null,
    tag: 'red squares',
  };
  try {
    return await writeModelZip(model, manifest);
  } finally {
    model.dispose();
  }
}
