import type * as tf from '@tensorflow/tfjs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { storedBytes } from '../ml/quantizeWeights';

/*
 * A copy of a model zip whose structure is intact (the upload check accepts it) but whose network
 * answers NaN or infinity (`npm run model:damage`). The last weight (the output layer's bias) is stored as uint8 with a quantization scale of 1e300, which TF.js reads back as
 * infinite float32 values. Deploying it rehearses an edge point's rollback: the agent's warm-up
 * refuses it and the previous model keeps serving.
 */

interface ModelJson {
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
  [key: string]: unknown;
}

export const DAMAGED_SCALE = 1e300;

const normal = (name: string) => name.replace(/^\.\//, '');

/** The damaged copy's bytes; throws when the zip is not a model zip. */
export function damageModelZip(bytes: Uint8Array): Uint8Array {
  const files = unzipSync(bytes);
  const byName = new Map(Object.keys(files).map((name) => [normal(name), name]));
  const modelJsonName = byName.get('model.json');
  if (!modelJsonName) throw new Error('no model.json in the zip');
  const modelJson = JSON.parse(strFromU8(files[modelJsonName]!)) as ModelJson;
  const groups = modelJson.weightsManifest;
  if (!Array.isArray(groups) || groups.length === 0) throw new Error('model.json lists no weights');
  const paths = groups.flatMap((g) => g.paths);
  const parts = paths.map((path) => {
    const file = byName.get(normal(path));
    if (!file) throw new Error(`no ${path} in the zip`);
    return files[file]!;
  });
  const data = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    data.set(part, at);
    at += part.length;
  }
  const specs = groups.flatMap((g) => g.weights);
  const last = specs[specs.length - 1]!;
  const lastBytes = storedBytes(last);
  const count = last.shape.reduce((a, b) => a * b, 1);
  const kept = data.subarray(0, data.length - lastBytes);
  // Every stored value 255: with the scale, each dequantizes to 255 × 1e300, past float32's range.
  const damagedWeights = new Uint8Array(kept.length + count);
  damagedWeights.set(kept);
  damagedWeights.fill(255, kept.length);
  const damagedSpecs = [
    ...specs.slice(0, -1),
    { ...last, dtype: 'float32' as const, quantization: { dtype: 'uint8' as const, min: 0, scale: DAMAGED_SCALE } },
  ];
  for (const path of paths) delete files[byName.get(normal(path))!];
  const weightsName = normal(paths[0]!);
  files[weightsName] = damagedWeights;
  files[modelJsonName] = strToU8(
    JSON.stringify({ ...modelJson, weightsManifest: [{ paths: [weightsName], weights: damagedSpecs }] }),
  );
  return zipSync(files);
}
