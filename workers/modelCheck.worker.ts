/**
 * Checks a model zip before it is uploaded, off the main thread: the zip, its manifest, files
 * and weights (ml/modelZip's checkModelZip, which loads the network with TensorFlow.js), and
 * whether it fits the project (task, labels). The server checks again; this spares the user an
 * upload that would be refused. Answers codes, never texts. The .wasm files are the app's own
 * assets (the CSP allows 'wasm-unsafe-eval'); without wasm the cpu backend loads the model.
 */
import { expose } from 'comlink';
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreaded from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { initTf } from '../ml/runtime';
import { checkModelFile } from './modelCheck/checkModelFile';
import type { ModelCheckResult, ModelTarget } from './modelCheck/modelFit';

/**
 * TensorFlow.js on wasm (setWasmPaths wants every binary's URL, the threaded one included, though
 * a page without cross-origin isolation never loads it), else on the pure-JS cpu backend.
 */
async function start(): Promise<void> {
  try {
    await initTf(['wasm', 'cpu'], {
      wasmPaths: {
        'tfjs-backend-wasm.wasm': wasmPlain,
        'tfjs-backend-wasm-simd.wasm': wasmSimd,
        'tfjs-backend-wasm-threaded-simd.wasm': wasmThreaded,
      },
    });
  } catch {
    await initTf(['cpu']);
  }
}

const api = {
  /** Checks `file` (a zip the user picked) against the project's task and label names. */
  async check(file: Blob, target: ModelTarget): Promise<ModelCheckResult> {
    await start();
    return checkModelFile(file, target);
  },
};

expose(api);

/** The comlink API of modelCheck.worker.ts. */
export type ModelCheckWorkerApi = typeof api;
