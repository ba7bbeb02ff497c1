import { Worker } from 'node:worker_threads';
import { threadBootstrapCode } from '../threadBootstrap';
import type { TrainerExecutor, TrainerStorage, TrainerTask } from './trainerTasks';

/*
 * Runs trainer tasks in a worker thread, so a training's seconds of TensorFlow work never hold up
 * the API's event loop. The thread opens its own database connection and blob store from the
 * same settings. The server runs TypeScript through tsx, whose loader a worker thread does not
 * inherit, and vitest runs it through its own: the thread starts from a small JavaScript
 * bootstrap that registers tsx's loader and then imports the entry, which works under both.
 */

/** What the thread is given (workerData). */
export interface TrainerThreadData {
  task: TrainerTask;
  storage: TrainerStorage;
  /** File URL of a module exporting `runTraining` instead of runTraining.ts (tests). */
  trainingModule?: string;
}

/** Messages from the thread. */
export type TrainerThreadMessage =
  { type: 'progress'; fraction: number } | { type: 'done'; result: unknown } | { type: 'error'; message: string };

/** Message to the thread: stop the task (the lease was lost or the trainer stops). */
export const ABORT_MESSAGE = 'abort';

/** The text of a failure caused by the thread itself dying (crash, out of memory), not by the task. */
export const THREAD_LOST_ERROR = 'The trainer thread stopped unexpectedly.';

export class TrainerAbortedError extends Error {
  constructor() {
    super('The trainer task was aborted.');
    this.name = 'TrainerAbortedError';
  }
}

export interface TrainerThreadOptions {
  storage: TrainerStorage;
  trainingModule?: string;
  /** After an abort, how long the task may take to return before the thread is terminated. */
  abortGraceMs?: number;
}

function bootstrapCode(): string {
  return threadBootstrapCode('trainerThread', import.meta.url);
}

/** An executor that runs each task in a thread of its own, ended when the task is. */
export function trainerThreadExecutor(options: TrainerThreadOptions): TrainerExecutor {
  const code = bootstrapCode();
  const graceMs = options.abortGraceMs ?? 5_000;
  return (task, { signal, onProgress }) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(new TrainerAbortedError());
        return;
      }
      const data: TrainerThreadData = { task, storage: options.storage, trainingModule: options.trainingModule };
      const worker = new Worker(code, { eval: true, workerData: data });
      let settled = false;
      let kill: NodeJS.Timeout | null = null;
      const onAbort = () => {
        worker.postMessage(ABORT_MESSAGE);
        kill = setTimeout(() => void worker.terminate(), graceMs);
      };
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        if (kill) clearTimeout(kill);
        void worker.terminate();
        settle();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      worker.on('message', (message: TrainerThreadMessage) => {
        if (message.type === 'progress') onProgress?.(message.fraction);
        else if (signal.aborted) finish(() => reject(new TrainerAbortedError()));
        else if (message.type === 'done') finish(() => resolve(message.result));
        else finish(() => reject(new Error(message.message)));
      });
      worker.on('error', (error) => {
        finish(() =>
          reject(signal.aborted ? new TrainerAbortedError() : new Error(`${THREAD_LOST_ERROR} ${error.message}`)),
        );
      });
      worker.on('exit', (code) => {
        finish(() =>
          reject(signal.aborted ? new TrainerAbortedError() : new Error(`${THREAD_LOST_ERROR} (exit ${code})`)),
        );
      });
    });
}
