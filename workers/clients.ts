/**
 * The app's door to workers: each is created lazily, on first use, so pages that never decode a
 * tile never start a thread. The engine gets these as services (`createEngine(canvas, {
 * services: { decoder: tileDecoder() } })`); it never creates workers itself.
 */
import { releaseProxy, transfer, wrap, type Remote } from 'comlink';
import type { AssistService } from '../engine/assist/runAssist';
import type { ImagePyramidService } from '../engine/sources/ImageFileSource';
import type { TileDecoder } from '../engine/types';
import type { AssistAiWorkerApi } from './assistAi.worker';
import type { AssistPointWorkerApi } from './assistPoint.worker';
import type { DatasetExportWorkerApi } from './datasetExport.worker';
import type { DatasetImportWorkerApi } from './datasetImport.worker';
import type { FileHashWorkerApi } from './fileHash.worker';
import { DecoderPool, defaultPoolSize } from './DecoderPool';
import type { ImagePyramidWorkerApi } from './imagePyramid.worker';
import type { ModelCheckWorkerApi } from './modelCheck.worker';
import type { TileDecodeWorkerApi } from './tileDecode.worker';

let pool: DecoderPool | null = null;
const decodeWorkers = new Map<number, { worker: Worker; remote: Remote<TileDecodeWorkerApi> }>();

/**
 * The shared tile decoder: a pool of at most max(1, cores - 1) tileDecode workers, started one
 * by one as load needs them, with abort support (see DecoderPool).
 */
export function tileDecoder(): TileDecoder {
  pool ??= new DecoderPool({
    size: defaultPoolSize(globalThis.navigator?.hardwareConcurrency),
    create: (index) => {
      const worker = new Worker(new URL('./tileDecode.worker.ts', import.meta.url), {
        type: 'module',
        name: `tile-decode-${index}`,
      });
      const remote = wrap<TileDecodeWorkerApi>(worker);
      decodeWorkers.set(index, { worker, remote });
      return remote;
    },
    terminate: (_remote, index) => {
      const entry = decodeWorkers.get(index);
      entry?.remote[releaseProxy]();
      entry?.worker.terminate();
      decodeWorkers.delete(index);
    },
  });
  return pool;
}

/** Stops the decoder pool's workers (e.g. when the labeling studio closes). */
export function disposeTileDecoder(): void {
  pool?.dispose();
  pool = null;
}

/**
 * A new image-pyramid worker for one local image (each holds its decoded image). Pass
 * `service` to `openImageFile` and `terminate` as its `onDispose`.
 */
export function imagePyramidWorker(): { service: ImagePyramidService; terminate: () => void } {
  const worker = new Worker(new URL('./imagePyramid.worker.ts', import.meta.url), {
    type: 'module',
    name: 'image-pyramid',
  });
  const remote = wrap<ImagePyramidWorkerApi>(worker);
  return {
    service: remote,
    terminate: () => {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

/**
 * A new dataset-export worker for one export (fflate loads only in it and in console chunks).
 * `terminate` is also the cancel: it stops the downloads and the zip at once.
 */
export function datasetExportWorker(): { remote: Remote<DatasetExportWorkerApi>; terminate: () => void } {
  const worker = new Worker(new URL('./datasetExport.worker.ts', import.meta.url), {
    type: 'module',
    name: 'dataset-export',
  });
  const remote = wrap<DatasetExportWorkerApi>(worker);
  return {
    remote,
    terminate: () => {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

/**
 * A new dataset-import worker for one picked zip: it reads the zip in slices and answers a
 * preview or the refusal's code. `terminate` when the answer is in (or the dialog closes).
 */
export function datasetImportWorker(): { remote: Remote<DatasetImportWorkerApi>; terminate: () => void } {
  const worker = new Worker(new URL('./datasetImport.worker.ts', import.meta.url), {
    type: 'module',
    name: 'dataset-import',
  });
  const remote = wrap<DatasetImportWorkerApi>(worker);
  return {
    remote,
    terminate: () => {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

/**
 * A new assist-point worker for one studio page: pass `service` to `attachAssist` and call
 * `terminate` when the page closes. The window's pixels are transferred, not copied.
 */
export function assistPointWorker(): { service: AssistService; terminate: () => void } {
  const worker = new Worker(new URL('./assistPoint.worker.ts', import.meta.url), {
    type: 'module',
    name: 'assist-point',
  });
  const remote = wrap<AssistPointWorkerApi>(worker);
  return {
    service: {
      propose: (window, seeds, options) =>
        remote.propose(window ? transfer(window, [window.data.buffer]) : null, seeds, options),
    },
    terminate: () => {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

/**
 * A new file-hash worker (SHA-256 of files about to be uploaded, for the duplicate check). One
 * hashes one file at a time; `terminate` also cancels the hash in progress.
 */
export function fileHashWorker(): { remote: Remote<FileHashWorkerApi>; terminate: () => void } {
  const worker = new Worker(new URL('./fileHash.worker.ts', import.meta.url), {
    type: 'module',
    name: 'file-hash',
  });
  const remote = wrap<FileHashWorkerApi>(worker);
  return {
    remote,
    terminate: () => {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

/**
 * A new assist-AI worker for one studio page (TensorFlow.js loads only in it): `remote.load` the
 * model zip once, then `remote.predict` on the pixels in view (both transferred: wrap them with
 * comlink's `transfer`). `terminate` when the studio closes; it frees the model and the GPU context.
 */
export function assistAiWorker(): { remote: Remote<AssistAiWorkerApi>; terminate: () => void } {
  const worker = new Worker(new URL('./assistAi.worker.ts', import.meta.url), {
    type: 'module',
    name: 'assist-ai',
  });
  const remote = wrap<AssistAiWorkerApi>(worker);
  return {
    remote,
    terminate: () => {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

/**
 * A new model-check worker for one picked model zip (TensorFlow.js loads only in it): `terminate`
 * when the answer is in, or when the dialog closes.
 */
export function modelCheckWorker(): { remote: Remote<ModelCheckWorkerApi>; terminate: () => void } {
  const worker = new Worker(new URL('./modelCheck.worker.ts', import.meta.url), {
    type: 'module',
    name: 'model-check',
  });
  const remote = wrap<ModelCheckWorkerApi>(worker);
  return {
    remote,
    terminate: () => {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}
