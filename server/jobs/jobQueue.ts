import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/createDatabase';
import type { Db } from '../db/Db';
import type { Database, JobsTable } from '../db/schema';

/** A job a worker holds: it must heartbeat before `leaseUntil` or another worker takes it. */
export interface LeasedJob {
  id: string;
  kind: string;
  projectId: string | null;
  payload: unknown;
  /** 1 on the first run, counting this one. */
  attempts: number;
  maxAttempts: number;
  worker: string;
}

export interface EnqueueOptions {
  kind: string;
  projectId?: string | null;
  payload: unknown;
  maxAttempts?: number;
  /** Not before this time (default: now). */
  runAfter?: Date;
}

export interface JobQueueOptions {
  /** Retry back-off: base × 2^(attempt − 1), capped at `backoffMaxMs`. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

/** What `fail` did: queued again for a retry, failed for good, or nothing (the lease was lost). */
export type FailOutcome = 'retry' | 'failed' | 'lost';

/** The error text of a job whose worker stopped heartbeating on its last attempt. */
export const LEASE_EXPIRED_ERROR = 'The worker stopped responding.';

/**
 * Adds a job in `db` (a transaction, so it commits with its data). For code that runs without a
 * JobQueue at hand, such as a job handler enqueuing follow-up jobs; needs no dialect.
 */
export async function enqueueJob(db: Db, now: () => Date, options: EnqueueOptions): Promise<string> {
  const id = randomUUID();
  const at = now().toISOString();
  await db
    .insertInto('jobs')
    .values({
      id,
      kind: options.kind,
      project_id: options.projectId ?? null,
      payload: JSON.stringify(options.payload ?? null),
      state: 'queued',
      progress: 0,
      attempts: 0,
      max_attempts: options.maxAttempts ?? 3,
      run_after: (options.runAfter ?? now()).toISOString(),
      lease_until: null,
      worker: null,
      error: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/**
 * The durable job queue on the `jobs` table, shared by image processing, training and
 * deployment. A job is `queued` → `running` (leased to one worker until `lease_until`) → `done`
 * or, after `max_attempts`, `failed`. A running job whose lease passed (its worker died) is
 * leased again by the next worker. Every write after the lease names the worker, so a worker
 * that lost its lease cannot complete or fail a job another worker now holds.
 *
 * Times are ISO-8601 UTC text (`toISOString`), which compares correctly as text on SQLite and
 * PostgreSQL alike.
 */
export class JobQueue {
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly now: () => Date,
    options: JobQueueOptions = {},
  ) {
    this.backoffBaseMs = options.backoffBaseMs ?? 5_000;
    this.backoffMaxMs = options.backoffMaxMs ?? 10 * 60_000;
  }

  /** Adds a job (inside the caller's transaction when given, so it commits with its data). */
  enqueue(options: EnqueueOptions, db: Db = this.db): Promise<string> {
    return enqueueJob(db, this.now, options);
  }

  /**
   * Takes the oldest job of `kinds` that is due, or whose lease expired, for `worker` until now
   * + `leaseMs`. PostgreSQL: one UPDATE over a `FOR UPDATE SKIP LOCKED` sub-select, so workers
   * in many processes never take the same row and never wait for each other. SQLite: the same
   * single UPDATE statement is one write transaction, and SQLite admits one writer at a time.
   */
  async lease(worker: string, kinds: readonly string[], leaseMs: number): Promise<LeasedJob | null> {
    if (kinds.length === 0) return null;
    const nowDate = this.now();
    const now = nowDate.toISOString();
    await this.failExhausted(kinds, now);
    const row = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'running',
        attempts: eb('attempts', '+', 1),
        lease_until: new Date(nowDate.getTime() + leaseMs).toISOString(),
        worker,
        updated_at: now,
      }))
      .where('id', '=', (eb) => {
        let pick = eb
          .selectFrom('jobs')
          .select('id')
          .where('kind', 'in', kinds)
          .where((w) =>
            w.or([
              w.and([w('state', '=', 'queued'), w('run_after', '<=', now)]),
              w.and([w('state', '=', 'running'), w('lease_until', '<', now)]),
            ]),
          )
          .orderBy('run_after')
          .orderBy('created_at')
          .limit(1);
        if (this.dialect === 'postgres') pick = pick.forUpdate().skipLocked();
        return pick;
      })
      .returningAll()
      .executeTakeFirst();
    return row ? leasedJobOf(row) : null;
  }

  /** Extends the lease; false when the worker no longer holds the job (stop working on it). */
  async heartbeat(id: string, worker: string, leaseMs: number): Promise<boolean> {
    const now = this.now();
    return this.updateHeld(id, worker, {
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      updated_at: now.toISOString(),
    });
  }

  /** Records progress in [0, 1]; false when the lease was lost. */
  async progress(id: string, worker: string, progress: number): Promise<boolean> {
    const p = Math.min(1, Math.max(0, Number.isFinite(progress) ? progress : 0));
    return this.updateHeld(id, worker, { progress: p, updated_at: this.now().toISOString() });
  }

  async complete(id: string, worker: string): Promise<boolean> {
    return this.updateHeld(id, worker, {
      state: 'done',
      progress: 1,
      lease_until: null,
      error: null,
      updated_at: this.now().toISOString(),
    });
  }

  /**
   * A failed attempt: queued again after a back-off while attempts remain, else `failed` with
   * `error` (kept short: it is shown to users).
   */
  async fail(id: string, worker: string, error: string): Promise<FailOutcome> {
    const row = await this.db
      .selectFrom('jobs')
      .select(['attempts', 'max_attempts'])
      .where('id', '=', id)
      .where('worker', '=', worker)
      .where('state', '=', 'running')
      .executeTakeFirst();
    if (!row) return 'lost';
    const now = this.now();
    const message = error.slice(0, 500);
    if (row.attempts < row.max_attempts) {
      const delay = Math.min(this.backoffMaxMs, this.backoffBaseMs * 2 ** Math.max(0, row.attempts - 1));
      const ok = await this.updateHeld(id, worker, {
        state: 'queued',
        lease_until: null,
        worker: null,
        error: message,
        run_after: new Date(now.getTime() + delay).toISOString(),
        updated_at: now.toISOString(),
      });
      return ok ? 'retry' : 'lost';
    }
    const ok = await this.updateHeld(id, worker, {
      state: 'failed',
      lease_until: null,
      error: message,
      updated_at: now.toISOString(),
    });
    return ok ? 'failed' : 'lost';
  }

  /**
   * Removes a job that has not finished (a cancelled upload's processing). A worker running it
   * finds its lease gone at the next heartbeat or progress report and stops.
   */
  async cancel(id: string, db: Db = this.db): Promise<void> {
    await db.deleteFrom('jobs').where('id', '=', id).where('state', 'in', ['queued', 'running']).execute();
  }

  /** The job as stored, or undefined. */
  get(id: string) {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A project's most recent jobs, newest first. */
  list(projectId: string, limit = 50) {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * A job whose worker died on its last allowed attempt is failed, not run again: a job that
   * crashes its worker (out of memory, say) must not take down one worker after another.
   */
  private async failExhausted(kinds: readonly string[], now: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ state: 'failed', lease_until: null, error: LEASE_EXPIRED_ERROR, updated_at: now })
      .where('kind', 'in', kinds)
      .where('state', '=', 'running')
      .where('lease_until', '<', now)
      .whereRef('attempts', '>=', 'max_attempts')
      .execute();
  }

  private async updateHeld(id: string, worker: string, values: Partial<JobsTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set(values)
      .where('id', '=', id)
      .where('worker', '=', worker)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

function leasedJobOf(row: JobsTable): LeasedJob {
  return {
    id: row.id,
    kind: row.kind,
    projectId: row.project_id,
    payload: JSON.parse(row.payload) as unknown,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    worker: row.worker ?? '',
  };
}
