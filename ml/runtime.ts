import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { registerWasmConv2dBackpropFilter } from './kernels/conv2dBackpropFilter';

/*
 * One door to TensorFlow.js for the server's trainer (Node) and the browser's workers. Node runs
 * wasm (SIMD, one thread; its .wasm files load from node_modules) and falls back to the pure-JS
 * cpu backend; a worker tries the caller's list in order (webgl needs OffscreenCanvas there).
 */

export type TfBackend = 'wasm' | 'cpu' | 'webgl';

export interface InitTfOptions {
  /**
   * Where the browser fetches tfjs-backend-wasm's .wasm files: a prefix, or a map naming all three
   * binaries (plain, simd, threaded-simd — a partial map is refused and leaves no wasm backend).
   */
  wasmPaths?: string | Record<string, string>;
}

const isNode = typeof process !== 'undefined' && process.versions?.node != null && typeof window === 'undefined';

let ready: Promise<TfBackend> | null = null;
let readyKey = '';

function canUse(backend: TfBackend): boolean {
  if (backend === 'webgl') return !isNode && typeof OffscreenCanvas !== 'undefined';
  return true;
}

async function start(preferred: readonly TfBackend[], options: InitTfOptions): Promise<TfBackend> {
  registerWasmConv2dBackpropFilter();
  if (options.wasmPaths) {
    // setWasmPaths takes a prefix or a map of file names; the types want one of them at a time.
    if (typeof options.wasmPaths === 'string') setWasmPaths(options.wasmPaths);
    else setWasmPaths(options.wasmPaths as Parameters<typeof setWasmPaths>[0]);
  }
  const failures: string[] = [];
  for (const backend of preferred) {
    if (!canUse(backend)) continue;
    try {
      if (await tf.setBackend(backend)) {
        await tf.ready();
        return backend;
      }
      failures.push(`${backend}: not available`);
    } catch (error) {
      failures.push(`${backend}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new Error(`No TensorFlow.js backend could start (${failures.join('; ') || 'none tried'})`);
}

/**
 * Starts TensorFlow.js on the first backend of `preferred` that works (default: wasm then cpu in
 * Node, wasm/webgl/cpu in a browser) and returns its name. Safe to call many times: later calls
 * with the same list share the first start; a different list switches backend.
 */
export function initTf(preferred?: TfBackend[], options: InitTfOptions = {}): Promise<TfBackend> {
  const list: TfBackend[] = preferred ?? (isNode ? ['wasm', 'cpu'] : ['wasm', 'webgl', 'cpu']);
  const key = list.join(',');
  if (ready && readyKey === key) return ready;
  readyKey = key;
  ready = start(list, options).catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

/** The backend now in use (after initTf). */
export function currentBackend(): string {
  return tf.getBackend();
}
