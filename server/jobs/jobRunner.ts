import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { JobQueue, LeasedJob } from './jobQueue';

/** What a handler gets besides its job: progress reports and a signal for a lost lease. */
export interface JobControl {
  /** Progress in [0, 1]; throws `LeaseLostError` when another worker has taken the job. */
  progress(fraction: number): Promise<void>;
  /** Aborted when the lease is lost or the runner stops: stop working, the job runs elsewhere. */
  signal: AbortSignal;
}

export interface JobHandler {
  /** Does the work. Must be safe to run again: a retry or a second worker may repeat it. */
  run(job: LeasedJob, control: JobControl): Promise<void>;
  /** Called once when the job has failed for good (attempts used up). */
  failed?(job: LeasedJob, error: string): Promise<void>;
}

export type JobHandlers = Record<string, JobHandler>;

export interface JobRunnerOptions {
  /** Unique per runner; default host:pid:random. */
  workerId?: string;
  /** Jobs run at the same time by this runner. */
  concurrency?: number;
  leaseMs?: number;
  /** Heartbeat period; default a third of the lease. */
  heartbeatMs?: number;
  /** Idle polling period (enqueues in this process wake the runner at once). */
  pollMs?: number;
  /**
   * Keep the process alive while waiting for jobs (a worker process); by default the poll timer
   * does not hold a process open that has nothing else to do (the server, tests).
   */
  keepAlive?: boolean;
  /** Where errors of the runner itself go (default console.error). */
  log?: (message: string, error?: unknown) => void;
}

export class LeaseLostError extends Error {
  constructor() {
    super('The job lease was lost.');
    this.name = 'LeaseLostError';
  }
}

/**
 * Leases jobs of the kinds it has handlers for and runs them: `npm start` runs one in the API
 * process, `npm run worker` runs one in a process of its own (any number of them on
 * PostgreSQL). A heartbeat keeps each lease while its handler works; a handler error is a failed
 * attempt (retried with back-off up to the job's limit), and a lost lease aborts the handler.
 */
export class JobRunner {
  readonly workerId: string;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly pollMs: number;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly keepAlive: boolean;
  private readonly running = new Set<Promise<void>>();
  private readonly stopController = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private polling = false;

  constructor(
    private readonly queue: JobQueue,
    private readonly handlers: JobHandlers,
    options: JobRunnerOptions = {},
  ) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.leaseMs = options.leaseMs ?? 60_000;
    this.heartbeatMs = options.heartbeatMs ?? Math.max(50, Math.floor(this.leaseMs / 3));
    this.pollMs = options.pollMs ?? 1_000;
    this.log = options.log ?? ((message, error) => console.error(message, error ?? ''));
    this.keepAlive = options.keepAlive ?? false;
  }

  get kinds(): string[] {
    return Object.keys(this.handlers);
  }

  /** Starts polling (idempotent). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.wake();
  }

  /** Polls now instead of at the next tick (called after an enqueue in this process). */
  wake(): void {
    if (!this.started || this.stopController.signal.aborted) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.poll();
  }

  /**
   * Stops taking jobs and aborts running handlers; their jobs stay `running` until the lease
   * expires and are then taken again (by this process after a restart, or by another worker).
   */
  async stop(): Promise<void> {
    this.stopController.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.running]);
  }

  /** Leases and runs one job if one is due; true when it ran one. For tests and scripts. */
  async runOnce(): Promise<boolean> {
    const job = await this.queue.lease(this.workerId, this.kinds, this.leaseMs);
    if (!job) return false;
    await this.execute(job);
    return true;
  }

  /** Waits until no job is running in this runner. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async poll(): Promise<void> {
    if (this.polling || this.stopController.signal.aborted) return;
    this.polling = true;
    try {
      while (this.running.size < this.concurrency && !this.stopController.signal.aborted) {
        const job = await this.queue.lease(this.workerId, this.kinds, this.leaseMs);
        if (!job) break;
        const run = this.execute(job).finally(() => {
          this.running.delete(run);
          this.wake();
        });
        this.running.add(run);
      }
    } catch (error) {
      this.log('Job runner: leasing failed', error);
    } finally {
      this.polling = false;
    }
    if (!this.stopController.signal.aborted && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.poll();
      }, this.pollMs);
      if (!this.keepAlive) this.timer.unref();
    }
  }

  private async execute(job: LeasedJob): Promise<void> {
    const handler = this.handlers[job.kind];
    const lease = new AbortController();
    const onStop = () => lease.abort();
    this.stopController.signal.addEventListener('abort', onStop);
    // A lease that completed after stop() began: the job waits for its lease to expire, unrun.
    if (this.stopController.signal.aborted) lease.abort();
    const beat = setInterval(() => {
      this.queue.heartbeat(job.id, this.workerId, this.leaseMs).then(
        (held) => {
          if (!held) lease.abort();
        },
        (error: unknown) => this.log(`Job ${job.id}: heartbeat failed`, error),
      );
    }, this.heartbeatMs);
    beat.unref();
    const control: JobControl = {
      signal: lease.signal,
      progress: async (fraction) => {
        if (lease.signal.aborted) throw new LeaseLostError();
        if (!(await this.queue.progress(job.id, this.workerId, fraction))) {
          lease.abort();
          throw new LeaseLostError();
        }
      },
    };
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}.`);
      await handler.run(job, control);
      // Finished work is recorded even after a stop; a lost lease makes this a no-op.
      await this.queue.complete(job.id, this.workerId);
    } catch (error) {
      // A lost lease or a stop is not a failure of the job: its new holder or a restart runs it.
      if (lease.signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      this.log(`Job ${job.id} (${job.kind}) attempt ${job.attempts} failed`, error);
      try {
        const outcome = await this.queue.fail(job.id, this.workerId, message);
        if (outcome === 'failed') await handler?.failed?.(job, message);
      } catch (e) {
        this.log(`Job ${job.id}: recording the failure failed`, e);
      }
    } finally {
      clearInterval(beat);
      this.stopController.signal.removeEventListener('abort', onStop);
    }
  }
}
