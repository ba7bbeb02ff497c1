import { Worker } from 'node:worker_threads';
import { threadBootstrapCode } from '../threadBootstrap';
import { modelManifestSchema, type ModelManifest } from '../../contract/apiModels';
import type { Task } from '../../contract/apiTraining';
import type { ModelCheckAnswer, ModelCheckRequest } from './modelCheckThread';

/*
 * Checking an uploaded model zip loads it as a TF.js model: measured 0.1–0.55 s of blocked event
 * loop for the zips this product writes (more for a large foreign one), so it runs in a thread
 * and the API keeps answering. The thread starts on the first upload (loading TensorFlow.js there
 * takes seconds), serves checks one at a time (each holds a whole zip and its model in memory)
 * and ends after a minute without work. The server runs TypeScript through tsx, whose loader a
 * thread does not inherit, so the thread starts from a bootstrap that registers it (as the
 * trainer's does).
 */

/** A check running longer than this ends its thread and the upload is refused as unloadable. */
export const MODEL_CHECK_TIMEOUT_MS = 120_000;
/** An idle check thread ends after this long. */
export const MODEL_CHECK_IDLE_MS = 60_000;

/** The check could not run to its end (the thread died or timed out): the zip does not load here. */
export class ModelCheckFailed extends Error {
  readonly code = 'model_weights_invalid' as const;
}

function bootstrapCode(): string {
  return threadBootstrapCode('modelCheckThread', import.meta.url);
}

let worker: Worker | null = null;
let idle: NodeJS.Timeout | null = null;
let nextId = 1;
let queue: Promise<unknown> = Promise.resolve();

function thread(): Worker {
  if (idle) clearTimeout(idle);
  idle = null;
  if (worker) return worker;
  const w = new Worker(bootstrapCode(), {
    eval: true,
    // A zip crafted to exhaust memory ends this thread, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 2048 },
  });
  w.unref();
  w.once('exit', () => {
    if (worker === w) worker = null;
  });
  worker = w;
  return w;
}

function stop(w: Worker) {
  if (worker === w) worker = null;
  void w.terminate();
}

function checkOnce(bytes: Uint8Array, expect: { task?: Task }): Promise<ModelManifest> {
  const w = thread();
  const id = nextId++;
  return new Promise<ModelManifest>((resolve, reject) => {
    const done = (settle: () => void) => {
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
      settle();
    };
    const onMessage = (answer: ModelCheckAnswer) => {
      if (answer.id !== id) return;
      done(() => {
        if (answer.ok) resolve(modelManifestSchema.parse(answer.manifest));
        else if (answer.code) reject(Object.assign(new Error(answer.message), { code: answer.code }));
        else reject(new Error(answer.message));
      });
    };
    const onError = (error: Error) => done(() => reject(new ModelCheckFailed(error.message)));
    const onExit = (code: number) => done(() => reject(new ModelCheckFailed(`The check thread exited (${code}).`)));
    const timer = setTimeout(() => {
      stop(w);
      done(() => reject(new ModelCheckFailed('The model check took too long.')));
    }, MODEL_CHECK_TIMEOUT_MS);
    w.on('message', onMessage);
    w.once('error', onError);
    w.once('exit', onExit);
    w.postMessage({ id, bytes, expect } satisfies ModelCheckRequest);
  }).finally(() => {
    if (worker === w) {
      idle = setTimeout(() => stop(w), MODEL_CHECK_IDLE_MS);
      idle.unref();
    }
  });
}

/** ml/modelZip.ts checkModelZip in the check thread; its ModelZipError codes come back as the error's `code`. */
export function checkModelZipInThread(bytes: Uint8Array, expect: { task?: Task }): Promise<ModelManifest> {
  const run = queue.then(
    () => checkOnce(bytes, expect),
    () => checkOnce(bytes, expect),
  );
  queue = run.catch(() => undefined);
  return run;
}
