import type { Updateable } from 'kysely';
import type { Db } from '../db/Db';
import type { TrainingsTable } from '../db/schema';

/*
 * The training row as the trainer keeps it up to date: live figures are merged and written at
 * most every WRITE_INTERVAL_MS (the console's SSE reads the row, ~4 messages a second), step
 * changes at once. Every write names this trainer and a running status, so a trainer that lost
 * its job (another took it after the lease expired, or the training was ended) changes nothing
 * and learns that it must stop. A poller reads stop_requested so that shouldStop() — called
 * between batches, synchronously — answers within one poll.
 */

export type TrainingFields = Omit<Updateable<TrainingsTable>, 'id' | 'project_id' | 'number' | 'settings'>;

export const WRITE_INTERVAL_MS = 250;
export const STOP_POLL_MS = 200;

export class TrainingProgress {
  private pending: TrainingFields = {};
  private lastWrite = 0;
  private timer: NodeJS.Timeout | null = null;
  private poller: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private polling = false;
  /** The row answered stop_requested. */
  stopRequested = false;
  /** The row no longer belongs to this trainer's run (taken again, or ended elsewhere). */
  lost = false;
  /** The first write or poll error (the database went away): the run ends and the job is retried. */
  error: unknown = null;

  constructor(
    private readonly db: Db,
    private readonly trainingId: string,
    private readonly trainerId: string,
    private readonly now: () => Date,
    private readonly signal: AbortSignal,
  ) {}

  /** True when the training must end now: a stop was asked, the job was lost, or the process stops. */
  shouldStop(): boolean {
    return this.stopRequested || this.lost || this.signal.aborted || this.error !== null;
  }

  /**
   * The bar never moves back: a resumed training recomputes its features (from the cache) before
   * its next epoch, and the row keeps the progress it had reached until then.
   */
  private progressFloor = 0;

  /** Progress already reached (the row's, for a training taken again). */
  keepProgressFrom(progress: number): void {
    this.progressFloor = Math.max(this.progressFloor, progress);
  }

  private merge(fields: TrainingFields): void {
    if (typeof fields.progress === 'number') {
      this.progressFloor = Math.max(this.progressFloor, fields.progress);
      fields = { ...fields, progress: this.progressFloor };
    }
    Object.assign(this.pending, fields);
  }

  /** Live figures: merged, written within WRITE_INTERVAL_MS. */
  set(fields: TrainingFields): Promise<void> {
    this.merge(fields);
    const wait = this.lastWrite + WRITE_INTERVAL_MS - Date.now();
    if (wait <= 0) return this.flush();
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, wait);
    return Promise.resolve();
  }

  /** Writes these fields with whatever is pending, now (step changes, epoch ends, the end). */
  write(fields: TrainingFields): Promise<void> {
    this.merge(fields);
    return this.flush();
  }

  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.chain = this.chain.then(async () => {
      const fields = this.pending;
      this.pending = {};
      if (Object.keys(fields).length === 0 || this.lost || this.signal.aborted || this.error) return;
      this.lastWrite = Date.now();
      try {
        const result = await this.db
          .updateTable('trainings')
          .set({ ...fields, updated_at: this.now().toISOString() })
          .where('id', '=', this.trainingId)
          .where('trainer_id', '=', this.trainerId)
          .where('status', '=', 'running')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) this.lost = true;
      } catch (error) {
        this.error ??= error;
      }
    });
    return this.chain;
  }

  startStopPolling(): void {
    this.poller ??= setInterval(() => void this.poll(), STOP_POLL_MS);
    this.poller.unref();
  }

  /** Reads the row's stop flag and owner once (also called directly before the learning starts). */
  async poll(): Promise<void> {
    if (this.polling || this.lost || this.error) return;
    this.polling = true;
    try {
      const row = await this.db
        .selectFrom('trainings')
        .select(['stop_requested', 'status', 'trainer_id'])
        .where('id', '=', this.trainingId)
        .executeTakeFirst();
      if (!row || row.status !== 'running' || row.trainer_id !== this.trainerId) this.lost = true;
      else if (row.stop_requested) this.stopRequested = true;
    } catch (error) {
      this.error ??= error;
    } finally {
      this.polling = false;
    }
  }

  /** Stops the poller and writes what is pending. */
  async close(): Promise<void> {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    await this.flush();
  }
}
