import { Worker } from 'node:worker_threads';
import type { ServedPrediction } from '../../../contract/apiAgent';
import type { RgbImage } from '../../../ml/types';
import { threadBootstrapCode } from '../../threadBootstrap';
import type { InferenceAnswer, InferenceRequest, InferenceThreadData } from './inferenceThread';

/*
 * The web points' inference threads of one API process. Each thread holds TF.js and an LRU of
 * loaded models (inferenceThread.ts); a request goes to the thread with the least work, counting a
 * model it would first have to load as half a request, so a busy point spreads over threads while a
 * quiet one stays where it is loaded (ties go to the thread holding fewer models). Threads start
 * on the first request; a thread that dies fails only its own requests and the next request starts
 * a fresh one. The main thread keeps only the last few zips it read (MAIN_CACHE_BYTES): a model's
 * bytes are needed only while a thread loads it.
 */

export type InferenceFailureCode = 'model_unreadable' | 'warmup_failed' | 'inference_failed';

export class InferenceFailure extends Error {
  constructor(
    readonly code: InferenceFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'InferenceFailure';
  }
}

export interface InferencePoolOptions {
  threads: number;
  modelsPerThread: number;
  /** The zip of a version (its sha256); null when it is gone. */
  readModel: (version: string) => Promise<Uint8Array | null>;
  /** How long one request (its model's load included) may take before its thread is ended. */
  timeoutMs?: number;
}

export const INFERENCE_TIMEOUT_MS = 60_000;

/** Zip bytes the main thread keeps between loads. */
const MAIN_CACHE_BYTES = 64 * 1024 * 1024;

type Job =
  { type: 'predict'; version: string; image: RgbImage; threshold?: number } | { type: 'warm'; version: string };

interface Slot {
  worker: Worker;
  busy: number;
  /** The versions this thread was sent, least recently used first (the thread's LRU, mirrored). */
  loaded: string[];
  pending: Map<number, (answer: InferenceAnswer) => void>;
}

export class InferencePool {
  private readonly slots: (Slot | null)[];
  private readonly zips = new Map<string, Uint8Array>();
  private readonly reading = new Map<string, Promise<Uint8Array>>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: InferencePoolOptions) {
    this.slots = new Array<Slot | null>(options.threads).fill(null);
  }

  /** Threads running now (tests). */
  get threadCount(): number {
    return this.slots.filter(Boolean).length;
  }

  predict(version: string, image: RgbImage, threshold?: number): Promise<ServedPrediction[]> {
    // The pixels move to the thread (a copy when the caller's buffer is shared).
    return this.send({ type: 'predict', version, image: { ...image }, threshold });
  }

  /** Loads `version` into a thread and runs one inference on a grey image; throws InferenceFailure. */
  async warm(version: string): Promise<void> {
    await this.send({ type: 'warm', version });
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0).filter((s): s is Slot => s !== null);
    await Promise.all(slots.map((s) => s.worker.terminate()));
    this.zips.clear();
  }

  private async send(job: Job): Promise<ServedPrediction[]> {
    const index = this.pick(job.version);
    const slot = this.slot(index);
    slot.busy += 1;
    try {
      let answer = await this.ask(
        slot,
        job,
        slot.loaded.includes(job.version) ? undefined : await this.zip(job.version),
      );
      if (!answer.ok && answer.missing) {
        if (job.type === 'predict' && answer.image) job.image = answer.image;
        answer = await this.ask(slot, job, await this.zip(job.version));
      }
      if (answer.ok) return answer.predictions;
      if (answer.missing) throw new InferenceFailure('inference_failed', 'The thread did not keep the model.');
      this.forget(slot, job.version);
      throw new InferenceFailure(answer.code, answer.message);
    } finally {
      slot.busy -= 1;
    }
  }

  private pick(version: string): number {
    let best = 0;
    let bestScore = Infinity;
    this.slots.forEach((slot, i) => {
      const score = slot ? slot.busy + (slot.loaded.includes(version) ? 0 : 0.5) + slot.loaded.length / 1000 : 0.5;
      if (score < bestScore) [best, bestScore] = [i, score];
    });
    return best;
  }

  private slot(index: number): Slot {
    if (this.closed) throw new InferenceFailure('inference_failed', 'The inference pool is closed.');
    const existing = this.slots[index];
    if (existing) return existing;
    const data: InferenceThreadData = { modelsPerThread: this.options.modelsPerThread };
    const worker = new Worker(threadBootstrapCode('inferenceThread', import.meta.url), {
      eval: true,
      workerData: data,
    });
    worker.unref();
    const slot: Slot = { worker, busy: 0, loaded: [], pending: new Map() };
    worker.on('message', (answer: InferenceAnswer) => {
      slot.pending.get(answer.id)?.(answer);
      slot.pending.delete(answer.id);
    });
    const lost = (why: string) => {
      if (this.slots[index] === slot) this.slots[index] = null;
      for (const [id, settle] of slot.pending)
        settle({
          id,
          ok: false,
          missing: false,
          code: 'inference_failed',
          message: `The inference thread stopped (${why}).`,
        });
      slot.pending.clear();
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit ${code}`));
    this.slots[index] = slot;
    return slot;
  }

  private ask(slot: Slot, job: Job, bytes: Uint8Array | undefined): Promise<InferenceAnswer> {
    const id = this.nextId++;
    if (bytes) this.remember(slot, job.version);
    else this.touch(slot, job.version);
    return new Promise((resolve) => {
      // A thread stuck on one request (a pathological model or image) is ended: its requests fail
      // and the next request starts a fresh thread.
      const timer = setTimeout(() => void slot.worker.terminate(), this.options.timeoutMs ?? INFERENCE_TIMEOUT_MS);
      timer.unref();
      slot.pending.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      const transfer = job.type === 'predict' ? [ownBuffer(job.image)] : [];
      slot.worker.postMessage({ ...job, id, bytes } as InferenceRequest, transfer);
    });
  }

  private remember(slot: Slot, version: string) {
    this.forget(slot, version);
    slot.loaded.push(version);
    while (slot.loaded.length > this.options.modelsPerThread) slot.loaded.shift();
  }

  private touch(slot: Slot, version: string) {
    if (!slot.loaded.includes(version)) return;
    this.remember(slot, version);
  }

  private forget(slot: Slot, version: string) {
    const at = slot.loaded.indexOf(version);
    if (at >= 0) slot.loaded.splice(at, 1);
  }

  private zip(version: string): Promise<Uint8Array> {
    const cached = this.zips.get(version);
    if (cached) return Promise.resolve(cached);
    let read = this.reading.get(version);
    if (!read) {
      read = this.options
        .readModel(version)
        .then((bytes) => {
          if (!bytes) throw new InferenceFailure('model_unreadable', 'The model file is missing.');
          this.keep(version, bytes);
          return bytes;
        })
        .finally(() => this.reading.delete(version));
      this.reading.set(version, read);
    }
    return read;
  }

  private keep(version: string, bytes: Uint8Array) {
    this.zips.set(version, bytes);
    let total = 0;
    for (const b of this.zips.values()) total += b.byteLength;
    for (const [key, b] of this.zips) {
      if (total <= MAIN_CACHE_BYTES || key === version) break;
      this.zips.delete(key);
      total -= b.byteLength;
    }
  }
}

/** The image's pixels in an ArrayBuffer of their own, so they can be moved to the thread instead of copied. */
function ownBuffer(image: RgbImage): ArrayBuffer {
  const { data } = image;
  if (data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer)
    return data.buffer;
  const copy = data.slice();
  image.data = copy;
  return copy.buffer;
}
