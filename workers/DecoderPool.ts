import type { TileDecoder, TileImage } from '../engine/types';

/** One decoding worker as the pool sees it (a comlink `Remote` of tileDecode.worker.ts fits). */
export interface DecodeWorker {
  decode(blob: Blob): Promise<TileImage>;
}

export interface DecoderPoolOptions {
  /** Most workers the pool starts; see {@link defaultPoolSize}. */
  size: number;
  /** Starts worker number `index`; called lazily, the first time that worker is needed. */
  create: (index: number) => DecodeWorker;
  /** Stops a worker on {@link DecoderPool.dispose}. */
  terminate?: (worker: DecodeWorker, index: number) => void;
  /**
   * Decodes in flight per worker. Two keeps a worker busy while its last result crosses the
   * thread boundary; more would only queue inside the worker, where an abort cannot reach.
   */
  maxInFlightPerWorker?: number;
}

interface Job {
  blob: Blob;
  signal: AbortSignal | undefined;
  resolve: (image: TileImage) => void;
  reject: (e: unknown) => void;
  settled: boolean;
  onAbort: (() => void) | null;
}

interface Slot {
  worker: DecodeWorker;
  inFlight: number;
}

/** At most cores - 1 workers (the main thread keeps one core), and at least one. */
export function defaultPoolSize(hardwareConcurrency: number | undefined): number {
  return Math.max(1, (hardwareConcurrency ?? 2) - 1);
}

function abortError(): DOMException {
  return new DOMException('The decode was aborted.', 'AbortError');
}

function closeImage(image: TileImage): void {
  if ('close' in image && typeof image.close === 'function') image.close();
}

/**
 * A {@link TileDecoder} over a pool of workers: jobs wait in one queue and go to the least busy
 * worker (ties: round-robin), at most `maxInFlightPerWorker` each; workers start lazily, only when
 * every started one is busy. An abort removes a queued job before any worker sees it; an aborted
 * job already in a worker rejects at once and its late result is closed, not leaked.
 */
export class DecoderPool implements TileDecoder {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly maxInFlight: number;
  private next = 0;
  private disposed = false;

  constructor(private readonly options: DecoderPoolOptions) {
    this.maxInFlight = Math.max(1, options.maxInFlightPerWorker ?? 2);
  }

  /** Workers started so far. */
  get started(): number {
    return this.slots.length;
  }

  /** Jobs waiting for a worker. */
  get queued(): number {
    return this.queue.length;
  }

  /** Decodes `blob` in a worker; rejects with an AbortError if `signal` aborts first. */
  decode(blob: Blob, signal?: AbortSignal): Promise<TileImage> {
    if (this.disposed) return Promise.reject(new Error('DecoderPool is disposed'));
    if (signal?.aborted) return Promise.reject(abortError());
    return new Promise<TileImage>((resolve, reject) => {
      const job: Job = { blob, signal, resolve, reject, settled: false, onAbort: null };
      if (signal) {
        job.onAbort = () => {
          const i = this.queue.indexOf(job);
          if (i >= 0) this.queue.splice(i, 1);
          this.settle(job, () => reject(abortError()));
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
    });
  }

  /** Rejects queued jobs and terminates the workers. */
  dispose(): void {
    this.disposed = true;
    for (const job of this.queue.splice(0)) this.settle(job, () => job.reject(abortError()));
    this.slots.forEach((s, i) => this.options.terminate?.(s.worker, i));
    this.slots.length = 0;
  }

  private settle(job: Job, fn: () => void): void {
    if (job.settled) return;
    job.settled = true;
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    fn();
  }

  /** The least busy slot with room, starting a worker when all started ones are busy. */
  private pickSlot(): Slot | null {
    let best: Slot | null = null;
    const n = this.slots.length;
    for (let k = 0; k < n; k++) {
      const slot = this.slots[(this.next + k) % n];
      if (slot && slot.inFlight < this.maxInFlight && (!best || slot.inFlight < best.inFlight)) best = slot;
    }
    if ((!best || best.inFlight > 0) && n < this.options.size) {
      const slot = { worker: this.options.create(n), inFlight: 0 };
      this.slots.push(slot);
      return slot;
    }
    if (best) this.next = (this.slots.indexOf(best) + 1) % n;
    return best;
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.disposed) {
      const slot = this.pickSlot();
      if (!slot) return;
      const job = this.queue.shift();
      if (!job) return;
      slot.inFlight += 1;
      slot.worker.decode(job.blob).then(
        (image) => {
          slot.inFlight -= 1;
          if (job.settled) closeImage(image);
          else this.settle(job, () => job.resolve(image));
          this.pump();
        },
        (e: unknown) => {
          slot.inFlight -= 1;
          this.settle(job, () => job.reject(e));
          this.pump();
        },
      );
    }
  }
}
