import * as tf from '@tensorflow/tfjs';
import type { ModelManifest } from '../contract/apiModels';
import { pixelBatch } from './featureExtractor';
import type { DecodeOptions, NetworkPlugin, RawPrediction, RgbImage } from './types';

/*
 * Inference shared by the trainer's evaluation, auto labeling and the browser's assist AI: each
 * image is stretched to the model's input size (the manifest's 'stretch' preprocessing), run
 * through the composed model (the pixel rescale is inside it), and decoded by the network's plugin.
 * Boxes come back relative to the image (0–1), so they map onto the original size directly.
 */

const PREDICT_BATCH = 8;

/** Predictions for each image, in order. */
export async function predictImages(
  model: tf.LayersModel,
  plugin: NetworkPlugin,
  inputSize: number,
  numClasses: number,
  images: readonly RgbImage[],
  options?: DecodeOptions,
): Promise<RawPrediction[][]> {
  const outputShape = model.outputs[0]!.shape.slice(1).map((n) => n ?? 0);
  const outputSize = outputShape.reduce((a, b) => a * b, 1);
  const results: RawPrediction[][] = [];
  for (let start = 0; start < images.length; start += PREDICT_BATCH) {
    const batch = images.slice(start, start + PREDICT_BATCH);
    const output = tf.tidy(() => model.predict(pixelBatch(batch, inputSize)) as tf.Tensor);
    const values = (await output.data()) as Float32Array;
    output.dispose();
    for (let i = 0; i < batch.length; i++) {
      results.push(
        plugin.decode(values.subarray(i * outputSize, (i + 1) * outputSize), numClasses, outputShape, options),
      );
    }
  }
  return results;
}

/** The decoding an application should use by default: the manifest's suggested threshold and NMS. */
export function manifestDecodeOptions(manifest: ModelManifest): DecodeOptions {
  if (!manifest.detection) return {};
  const { scoreThreshold, nmsIou, maxDetections } = manifest.detection;
  return { scoreThreshold, nmsIou, maxDetections };
}
