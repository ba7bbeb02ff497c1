import * as tf from '@tensorflow/tfjs';
import { INPUT_SIZES } from '../contract/apiTraining';
import { artifactsIdentity, cutBackbone, loadGraph, poolingLayer } from './backboneGraph';
import { resizeRgb } from './rgbImage';
import type { NetworkPlugin, RgbImage } from './types';

/*
 * The frozen half of every model: the backbone cut at the plugin's layer, then its pooling. Its
 * output for an image never changes during a training, so it is computed once per image (and
 * cached across trainings under `id`).
 */

export interface FeatureExtractor {
  /** backbone identity + layer + pooling + input size: the feature cache key's prefix. */
  id: string;
  /** The backbone artifacts' own identity (a hash of their weights). */
  backboneId: string;
  inputSize: number;
  /** One image's features, without the batch axis. */
  featureShape: number[];
  /** Features of each image (stretched to inputSize × inputSize first when needed). */
  extract(images: RgbImage[]): Promise<Float32Array[]>;
  dispose(): void;
}

/** Images per forward pass: large enough to amortise, small enough for a 320² map in memory. */
const EXTRACT_BATCH = 8;

export function checkInputSize(inputSize: number): void {
  if (!Number.isInteger(inputSize) || inputSize < 128 || inputSize > 320 || inputSize % 32 !== 0) {
    throw new Error(`Input size must be one of ${INPUT_SIZES.join(', ')} (got ${inputSize})`);
  }
}

/** Pixels (0–255 floats) of images stretched to size × size, as one [n, size, size, 3] tensor. */
export function pixelBatch(images: readonly RgbImage[], size: number): tf.Tensor4D {
  const values = new Float32Array(images.length * size * size * 3);
  images.forEach((image, i) => values.set(resizeRgb(image, size, size).data, i * size * size * 3));
  return tf.tensor4d(values, [images.length, size, size, 3]);
}

/** The feature model: pixels → backbone cut → pooling (a LayersModel the composed model reuses). */
export async function createFeatureModel(
  backbone: tf.io.ModelArtifacts,
  plugin: Pick<NetworkPlugin, 'backboneLayer' | 'pooling'>,
  inputSize: number,
): Promise<tf.LayersModel> {
  checkInputSize(inputSize);
  const cut = await loadGraph(cutBackbone(backbone, plugin.backboneLayer, inputSize));
  cut.trainable = false;
  const pool = poolingLayer(plugin.pooling);
  if (!pool) return cut;
  const pooled = pool.apply(cut.outputs[0]!) as tf.SymbolicTensor;
  return tf.model({ inputs: cut.inputs, outputs: pooled, name: 'features' });
}

export async function createFeatureExtractor(
  backbone: tf.io.ModelArtifacts,
  plugin: NetworkPlugin,
  inputSize: number,
): Promise<FeatureExtractor> {
  const backboneId = await artifactsIdentity(backbone);
  const model = await createFeatureModel(backbone, plugin, inputSize);
  const featureShape = model.outputs[0]!.shape.slice(1).map((n) => n ?? 0);
  const featureSize = featureShape.reduce((a, b) => a * b, 1);
  let disposed = false;
  return {
    id: `${backboneId}:${plugin.backboneLayer}:${plugin.pooling}:${inputSize}`,
    backboneId,
    inputSize,
    featureShape,
    async extract(images) {
      if (disposed) throw new Error('The feature extractor was disposed');
      const out: Float32Array[] = [];
      for (let start = 0; start < images.length; start += EXTRACT_BATCH) {
        const batch = images.slice(start, start + EXTRACT_BATCH);
        const features = tf.tidy(() => model.predict(pixelBatch(batch, inputSize)) as tf.Tensor);
        const values = (await features.data()) as Float32Array;
        features.dispose();
        for (let i = 0; i < batch.length; i++) out.push(values.slice(i * featureSize, (i + 1) * featureSize));
      }
      return out;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      model.dispose();
    },
  };
}
