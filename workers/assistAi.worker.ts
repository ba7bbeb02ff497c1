/**
 * The assist AI off the main thread: the project's model (its zip, transferred once and kept by
 * model id) run on the pixels in view with TensorFlow.js — webgl on an OffscreenCanvas where the
 * browser has it, else wasm (its .wasm files are the app's own assets: the CSP allows
 * 'wasm-unsafe-eval', never 'unsafe-eval'). The work itself is workers/assistAi/assistAiCore.ts.
 */
import { expose } from 'comlink';
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreaded from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { readModelZip } from '../ml/modelZip';
import { initTf, type TfBackend } from '../ml/runtime';
import { AssistAiCore, type AssistAiAnswer, type AssistAiRequest } from './assistAi/assistAiCore';

let backend: Promise<TfBackend> | null = null;

/**
 * Whether WebGL here is drawn by the CPU (SwiftShader, llvmpipe: no GPU, or a blocked one):
 * then wasm's SIMD kernels are faster than shaders run in software, so wasm goes first.
 */
function softwareGl(): boolean {
  try {
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|software/i.test(renderer);
  } catch {
    return false;
  }
}

/** Starts TensorFlow.js once: webgl first where OffscreenCanvas and a GPU exist, then wasm, then cpu. */
function start(preferred: readonly TfBackend[]): Promise<TfBackend> {
  const order =
    preferred[0] === 'webgl' && typeof OffscreenCanvas !== 'undefined' && softwareGl()
      ? [...preferred.filter((b) => b !== 'webgl'), 'webgl' as const]
      : [...preferred];
  backend ??= initTf([...order, 'cpu'], {
    // setWasmPaths wants all three binaries named; the threaded one loads only in a cross-origin
    // isolated page, which the app is not.
    wasmPaths: {
      'tfjs-backend-wasm.wasm': wasmPlain,
      'tfjs-backend-wasm-simd.wasm': wasmSimd,
      'tfjs-backend-wasm-threaded-simd.wasm': wasmThreaded,
    },
  }).catch((error: unknown) => {
    // The page shows the code; the cause is for whoever opens the console.
    console.warn('assist AI: no TensorFlow.js backend started', error);
    backend = null;
    throw new Error('assist_backend_failed');
  });
  return backend;
}

const core = new AssistAiCore(async (bytes) => readModelZip(bytes));

const api = {
  /** Whether the model is loaded here (the page then skips the download). */
  has(modelId: string): boolean {
    return core.has(modelId);
  },
  /**
   * Loads a model zip (transferred) under its id on the first backend of `preferred` that starts;
   * rejects with 'assist_model_invalid' or 'assist_backend_failed'.
   */
  async load(
    modelId: string,
    zip: ArrayBuffer,
    preferred: readonly TfBackend[] = ['webgl', 'wasm'],
  ): Promise<{ backend: TfBackend; task: string; inputSize: number }> {
    const used = await start(preferred);
    const info = await core.load(modelId, new Uint8Array(zip));
    return { backend: used, ...info };
  },
  /** Predictions over the window (transferred) in image px; rejects with 'assist_model_missing' when not loaded. */
  async predict(request: AssistAiRequest): Promise<AssistAiAnswer & { backend: TfBackend }> {
    const used = await start(['webgl', 'wasm']);
    const answer = await core.predict(request);
    return { ...answer, backend: used };
  },
};

expose(api);

/** The comlink API of assistAi.worker.ts. */
export type AssistAiWorkerApi = typeof api;
