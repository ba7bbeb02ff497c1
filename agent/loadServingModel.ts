import * as tf from '@tensorflow/tfjs';
import { tmpdir } from 'node:os';
import { readModelZip, type LoadedModel } from '../ml/modelZip';
import { manifestDecodeOptions } from '../ml/predict';
import { initTf, type TfBackend } from '../ml/runtime';
import { toServedPredictions } from '../ml/servedPredictions';
import type { ServingModel } from './servingModel';
import { wasmPathsFor } from './wasmFiles';

/*
 * Loads a model zip into a ServingModel on TF.js's wasm backend (pure-JS cpu when wasm cannot
 * start). The answer shape is ml/servedPredictions.ts's, the same as a web point's, and the
 * decoding is the manifest's (its suggested threshold, NMS and box count).
 */

let runtime: Promise<TfBackend> | null = null;

/**
 * Starts TF.js once for the process. `dataDir` is where the single-file build writes its wasm
 * binaries (the agent's data directory; else the system's temp folder). Later calls share the first.
 */
export function initServingRuntime(dataDir: string = tmpdir()): Promise<TfBackend> {
  runtime ??= initTf(['wasm', 'cpu'], { wasmPaths: wasmPathsFor(dataDir) }).catch((error: unknown) => {
    runtime = null;
    throw error;
  });
  return runtime;
}

const loadedOf = new WeakMap<ServingModel, LoadedModel>();

export async function loadServingModel(
  zip: Uint8Array,
  ids: { modelId: string; version: string },
): Promise<ServingModel> {
  await initServingRuntime();
  const loaded = await readModelZip(zip);
  const { manifest } = loaded;
  const labelNames = manifest.labels.map((l) => l.name);
  const decode = manifestDecodeOptions(manifest);
  // A switch disposes the old model while requests may still be predicting on it: the weights
  // are freed when the last of them ends, and a request arriving after the dispose is refused.
  let running = 0;
  let disposed = false;
  let freed = false;
  const free = () => {
    if (disposed && running === 0 && !freed) {
      freed = true;
      loaded.dispose();
    }
  };
  const serving: ServingModel = {
    modelId: ids.modelId,
    version: ids.version,
    manifest,
    async predict(images, threshold) {
      if (disposed) throw new Error(`model ${ids.modelId} was unloaded`);
      running++;
      try {
        const raw = await loaded.predictMany(images, decode);
        return raw.map((predictions, i) =>
          toServedPredictions(predictions, labelNames, images[i]!.width, images[i]!.height, threshold ?? 0),
        );
      } finally {
        running--;
        free();
      }
    },
    dispose() {
      disposed = true;
      free();
    },
  };
  loadedOf.set(serving, loaded);
  return serving;
}

/** A deterministic test card of `size` × `size`: gradients and a bright square, no flat areas. */
export function syntheticImage(size: number): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 3;
      const inSquare = x > size / 4 && x < size / 2 && y > size / 4 && y < size / 2;
      data[i] = inSquare ? 250 : Math.round((255 * x) / size);
      data[i + 1] = inSquare ? 20 : Math.round((255 * y) / size);
      data[i + 2] = (x * 7 + y * 13) & 0xff;
    }
  }
  return { width: size, height: size, data };
}

/**
 * The warm-up check: runs the network on a synthetic image and says whether every raw output is
 * a finite number (a corrupt or badly quantized model gives NaN or Infinity, which decoding would
 * quietly turn into no predictions). Also compiles the kernels, so the first request is not slow.
 */
export async function rawOutputsFinite(model: ServingModel): Promise<boolean> {
  const loaded = loadedOf.get(model);
  if (!loaded) throw new Error('rawOutputsFinite: not a model from loadServingModel');
  const size = loaded.manifest.inputSize;
  const image = syntheticImage(size);
  const output = tf.tidy(() => {
    const pixels = tf.tensor4d(Float32Array.from(image.data), [1, size, size, 3]);
    return loaded.model.predict(pixels) as tf.Tensor;
  });
  try {
    const values = await output.data();
    for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i]!)) return false;
    return values.length > 0;
  } finally {
    output.dispose();
  }
}
