import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as tf from '@tensorflow/tfjs';

/*
 * The pretrained MobileNetV2 (224 px, α 1.0, Keras layers, uint8-quantized weights) that ships
 * inside the `nsfwjs` npm package (MIT; see ml/README.md for its origin). Read from the package's
 * UMD files at run time, so no weights are downloaded and none are copied into this repository.
 * Node only: the browser receives backbones inside trained model zips.
 */

interface NsfwModelJson {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

let cached: tf.io.ModelArtifacts | null = null;

/** The backbone's artifacts (topology + weights), decoded once per process. */
export function mobileNetV2Artifacts(): tf.io.ModelArtifacts {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  // The package's exports map hides its model files; reach them beside its CommonJS entry.
  const dir = join(dirname(require.resolve('nsfwjs')), '..', 'models', 'mobilenet_v2');
  const json = require(join(dir, 'model.min.js')) as NsfwModelJson;
  const weightsBase64 = require(join(dir, 'group1-shard1of1.min.js')) as string;
  const bytes = Buffer.from(weightsBase64, 'base64');
  cached = {
    modelTopology: json.modelTopology,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  };
  return cached;
}
