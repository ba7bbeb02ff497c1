import { parentPort, workerData } from 'node:worker_threads';
import type { ServedPrediction } from '../../../contract/apiAgent';
import { readModelZip, type LoadedModel } from '../../../ml/modelZip';
import { manifestDecodeOptions } from '../../../ml/predict';
import { initTf } from '../../../ml/runtime';
import { toServedPredictions } from '../../../ml/servedPredictions';
import type { RgbImage } from '../../../ml/types';

/*
 * One inference thread of the pool (inferencePool.ts): TF.js on wasm and up to `modelsPerThread`
 * models, keyed by version (the zip's sha256), least recently used dropped first. The pool sends a
 * model's bytes only when it believes this thread lacks it; when it is wrong (the thread dropped
 * it) the answer says `missing` and the pool sends them again.
 */

export type InferenceRequest =
  | { type: 'predict'; id: number; version: string; bytes?: Uint8Array; image: RgbImage; threshold?: number }
  | { type: 'warm'; id: number; version: string; bytes?: Uint8Array };

export type InferenceAnswer = { id: number } & (
  | { ok: true; predictions: ServedPrediction[] }
  /** The thread does not hold the model: the pool sends it again with the bytes (and gets its pixels back). */
  | { ok: false; missing: true; image?: RgbImage }
  | { ok: false; missing: false; code: 'model_unreadable' | 'warmup_failed' | 'inference_failed'; message: string }
);

export interface InferenceThreadData {
  modelsPerThread: number;
}

interface Entry {
  model: Promise<LoadedModel>;
  users: number;
  evicted: boolean;
}

class ThreadFailure extends Error {
  constructor(
    readonly code: 'model_unreadable' | 'warmup_failed' | 'inference_failed',
    message: string,
  ) {
    super(message);
  }
}

const models = new Map<string, Entry>();
const tfReady = initTf();

function release(entry: Entry) {
  entry.users -= 1;
  if (entry.evicted && entry.users === 0)
    void entry.model.then(
      (m) => m.dispose(),
      () => undefined,
    );
}

/** The model of `version`, loaded from `bytes` when not held; null when neither. Counts a user until released. */
function acquire(version: string, bytes: Uint8Array | undefined, capacity: number): Entry | null {
  let entry = models.get(version);
  if (entry) {
    models.delete(version);
    models.set(version, entry);
  } else {
    if (!bytes) return null;
    const model = tfReady.then(() =>
      readModelZip(bytes).catch((error: unknown) => {
        throw new ThreadFailure('model_unreadable', error instanceof Error ? error.message : String(error));
      }),
    );
    entry = { model, users: 0, evicted: false };
    models.set(version, entry);
    // A zip that does not load is not kept: the next request tries again (and fails the same way).
    model.catch(() => {
      if (models.get(version) === entry) models.delete(version);
    });
    while (models.size > capacity) {
      const [oldVersion, oldest] = models.entries().next().value as [string, Entry];
      models.delete(oldVersion);
      oldest.evicted = true;
      if (oldest.users === 0)
        void oldest.model.then(
          (m) => m.dispose(),
          () => undefined,
        );
    }
  }
  entry.users += 1;
  return entry;
}

function finite(predictions: ServedPrediction[]): boolean {
  return predictions.every(
    (p) => Number.isFinite(p.score) && (!p.box || Object.values(p.box).every((v) => Number.isFinite(v))),
  );
}

async function run(model: LoadedModel, image: RgbImage, threshold: number | undefined): Promise<ServedPrediction[]> {
  const raw = await model.predict(image, manifestDecodeOptions(model.manifest));
  const labels = model.manifest.labels.map((l) => l.name);
  return toServedPredictions(raw, labels, image.width, image.height, threshold);
}

async function answer(request: InferenceRequest, capacity: number): Promise<InferenceAnswer> {
  const entry = acquire(request.version, request.bytes, capacity);
  if (!entry)
    return { id: request.id, ok: false, missing: true, image: request.type === 'predict' ? request.image : undefined };
  try {
    const model = await entry.model;
    if (request.type === 'predict') {
      try {
        return { id: request.id, ok: true, predictions: await run(model, request.image, request.threshold) };
      } catch (error) {
        throw new ThreadFailure('inference_failed', error instanceof Error ? error.message : String(error));
      }
    }
    // Warm-up: one mid-grey image of the input size; every output must be a number.
    const size = model.manifest.inputSize;
    const grey: RgbImage = { width: size, height: size, data: new Uint8Array(size * size * 3).fill(128) };
    let predictions: ServedPrediction[];
    try {
      const raw = await model.predict(grey, {});
      predictions = toServedPredictions(
        raw,
        model.manifest.labels.map((l) => l.name),
        size,
        size,
      );
    } catch (error) {
      throw new ThreadFailure('warmup_failed', error instanceof Error ? error.message : String(error));
    }
    if (!finite(predictions)) throw new ThreadFailure('warmup_failed', 'The model gave outputs that are not numbers.');
    return { id: request.id, ok: true, predictions };
  } catch (error) {
    const failure =
      error instanceof ThreadFailure ? error : new ThreadFailure('inference_failed', String((error as Error).message));
    return { id: request.id, ok: false, missing: false, code: failure.code, message: failure.message };
  } finally {
    release(entry);
  }
}

if (parentPort) {
  const port = parentPort;
  const { modelsPerThread } = workerData as InferenceThreadData;
  port.on('message', (request: InferenceRequest) => {
    void answer(request, modelsPerThread).then((a) =>
      port.postMessage(a, !a.ok && a.missing && a.image ? [a.image.data.buffer as ArrayBuffer] : []),
    );
  });
}
