import { fileHashWorker } from '../../../../workers/clients';
import { hashBlob } from '../../../../workers/hash/hashBlob';

let current: ReturnType<typeof fileHashWorker> | null = null;
let idleTimer: ReturnType<typeof setTimeout> | null = null;
/** The worker is let go after this long without a file (ms). */
const IDLE_MS = 30_000;

/**
 * The SHA-256 of a file (hex), computed in the file-hash worker so the page stays responsive
 * while a batch of large files is read. One file at a time (the upload queue asks in order); an
 * abort terminates the worker, which also stops the read, and the next file starts a new one.
 * Where workers do not exist (tests under jsdom) the hash is made here, in slices.
 */
export function hashFileOffThread(file: Blob, signal: AbortSignal): Promise<string> {
  if (typeof Worker === 'undefined') return hashBlob(file);
  if (idleTimer) clearTimeout(idleTimer);
  current ??= fileHashWorker();
  const worker = current;
  return new Promise<string>((resolve, reject) => {
    const onAbort = () => {
      if (current === worker) current = null;
      worker.terminate();
      reject(new DOMException('hash canceled', 'AbortError'));
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    worker.remote
      .hash(file)
      .then(resolve, reject)
      .finally(() => {
        signal.removeEventListener('abort', onAbort);
        if (current !== worker) return;
        idleTimer = setTimeout(() => {
          if (current !== worker) return;
          current = null;
          worker.terminate();
        }, IDLE_MS);
      });
  });
}
