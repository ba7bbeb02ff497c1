import { emptyMetrics, mergeMetrics, recordRequest, type MetricsWindow } from '../../../contract/latencyHistogram';
import type { Db } from '../../db/Db';
import { addPointMetrics } from '../pointMetricsStore';

/*
 * A web point's serving counts, kept in memory by each API process and added to the point's
 * metrics row for this process (source `api:<host>:<pid>`, one writer) every FLUSH_MS and on close:
 * a request costs no database write, and the counts of all processes are summed when read.
 */

export const FLUSH_MS = 5_000;

export class ServingMetrics {
  private windows = new Map<string, MetricsWindow>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly source: string,
    private readonly now: () => Date,
    private readonly flushMs = FLUSH_MS,
  ) {}

  record(pointId: string, ms: number, ok: boolean, labels: readonly string[] = []): void {
    let window = this.windows.get(pointId);
    if (!window) {
      window = emptyMetrics();
      this.windows.set(pointId, window);
    }
    recordRequest(window, ms, ok, labels);
    this.schedule();
  }

  private schedule() {
    if (!this.timer && !this.closed) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what was recorded since the last flush; counts whose write fails are kept for the next one. */
  flush(): Promise<void> {
    const run = this.flushing.then(async () => {
      const windows = this.windows;
      this.windows = new Map();
      const at = this.now();
      for (const [pointId, window] of windows) {
        try {
          await addPointMetrics(this.db, pointId, this.source, at, window);
        } catch (error) {
          // A deleted point's row cannot be written (its foreign key); anything else is retried.
          const exists = await this.db
            .selectFrom('points')
            .select('id')
            .where('id', '=', pointId)
            .executeTakeFirst()
            .catch(() => undefined);
          if (exists) {
            console.error('Serving metrics not written', error);
            this.windows.set(pointId, mergeMetrics(this.windows.get(pointId) ?? emptyMetrics(), window));
            this.schedule();
          }
        }
      }
    });
    this.flushing = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}
