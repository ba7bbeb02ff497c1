import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/createDatabase';
import { createTestApp, type TestApp } from '../test/testApp';
import { JobQueue, LEASE_EXPIRED_ERROR, type LeasedJob } from './jobQueue';
import { JobRunner, type JobHandler } from './jobRunner';

let t: TestApp;
let queue: JobQueue;

beforeAll(async () => {
  t = await createTestApp();
  queue = new JobQueue(t.database.db, t.database.dialect, t.clock.now, { backoffBaseMs: 10_000, backoffMaxMs: 60_000 });
});
afterAll(() => t.close());

/** A kind of its own per test, so tests do not take each other's jobs. */
let kindSeq = 0;
const newKind = () => `test.kind${++kindSeq}`;

describe('job queue', () => {
  it('leases a due job once, records progress and completes it', async () => {
    const kind = newKind();
    const id = await queue.enqueue({ kind, payload: { n: 1 } });
    const job = await queue.lease('w1', [kind], 30_000);
    expect(job).toMatchObject({ id, kind, payload: { n: 1 }, attempts: 1, maxAttempts: 3, worker: 'w1' });
    expect(await queue.lease('w2', [kind], 30_000)).toBeNull();
    expect(await queue.progress(id, 'w1', 0.4)).toBe(true);
    expect(await queue.progress(id, 'w2', 0.5)).toBe(false);
    expect((await queue.get(id))?.progress).toBeCloseTo(0.4);
    expect(await queue.complete(id, 'w1')).toBe(true);
    expect(await queue.get(id)).toMatchObject({ state: 'done', progress: 1, lease_until: null });
    expect(await queue.lease('w1', [kind], 30_000)).toBeNull();
  });

  it('retries a failed attempt after a growing back-off, then fails it for good', async () => {
    const kind = newKind();
    const id = await queue.enqueue({ kind, payload: null, maxAttempts: 3 });
    expect(await queue.fail((await queue.lease('w', [kind], 30_000))?.id ?? '', 'w', 'boom 1')).toBe('retry');
    expect(await queue.get(id)).toMatchObject({ state: 'queued', error: 'boom 1', attempts: 1, worker: null });
    // Not before the back-off (10 s after the first failure).
    expect(await queue.lease('w', [kind], 30_000)).toBeNull();
    t.clock.advance(10);
    expect(await queue.fail((await queue.lease('w', [kind], 30_000))?.id ?? '', 'w', 'boom 2')).toBe('retry');
    t.clock.advance(10);
    expect(await queue.lease('w', [kind], 30_000)).toBeNull(); // 20 s after the second failure
    t.clock.advance(10);
    const third = await queue.lease('w', [kind], 30_000);
    expect(third?.attempts).toBe(3);
    expect(await queue.fail(third?.id ?? '', 'w', 'boom 3')).toBe('failed');
    expect(await queue.get(id)).toMatchObject({ state: 'failed', error: 'boom 3', attempts: 3 });
  });

  it("takes a dead worker's job again when its lease expires, and the old worker can no longer finish it", async () => {
    const kind = newKind();
    const id = await queue.enqueue({ kind, payload: null, maxAttempts: 2 });
    const first = await queue.lease('dead', [kind], 5_000);
    expect(first?.id).toBe(id);
    t.clock.advance(4);
    expect(await queue.lease('alive', [kind], 5_000)).toBeNull();
    t.clock.advance(2);
    const second = await queue.lease('alive', [kind], 5_000);
    expect(second).toMatchObject({ id, attempts: 2, worker: 'alive' });
    expect(await queue.complete(id, 'dead')).toBe(false);
    expect(await queue.heartbeat(id, 'dead', 5_000)).toBe(false);
    expect(await queue.fail(id, 'dead', 'late')).toBe('lost');
    // A heartbeat keeps the lease: after 4 + 4 s the job is still held.
    t.clock.advance(4);
    expect(await queue.heartbeat(id, 'alive', 5_000)).toBe(true);
    t.clock.advance(4);
    expect(await queue.lease('third', [kind], 5_000)).toBeNull();
    // Its last attempt's worker dies too: failed, not run a third time.
    t.clock.advance(6);
    expect(await queue.lease('third', [kind], 5_000)).toBeNull();
    expect(await queue.get(id)).toMatchObject({ state: 'failed', error: LEASE_EXPIRED_ERROR });
  });

  it('leases only the kinds asked for, oldest due first', async () => {
    const a = newKind();
    const b = newKind();
    const idA1 = await queue.enqueue({ kind: a, payload: 1 });
    await queue.enqueue({ kind: b, payload: 2 });
    t.clock.advance(1);
    await queue.enqueue({ kind: a, payload: 3 });
    expect((await queue.lease('w', [a], 1000))?.id).toBe(idA1);
    expect((await queue.lease('w', [a], 1000))?.payload).toBe(3);
    expect(await queue.lease('w', [a], 1000)).toBeNull();
    expect((await queue.lease('w', [b], 1000))?.payload).toBe(2);
  });

  it('lists the jobs of a project, newest first', async () => {
    expect(await queue.list('no-such-project')).toEqual([]);
  });
});

describe('job runner', () => {
  it('retries a handler that failed, and calls `failed` only when attempts are used up', async () => {
    const kind = newKind();
    const calls: number[] = [];
    const failures: string[] = [];
    const handler: JobHandler = {
      run: async (job) => {
        calls.push(job.attempts);
        if (job.attempts === 1) throw new Error('transient');
      },
      failed: async (_job, error) => {
        failures.push(error);
      },
    };
    const runner = new JobRunner(queue, { [kind]: handler }, { workerId: 'r', log: () => {} });
    const id = await queue.enqueue({ kind, payload: null });
    expect(await runner.runOnce()).toBe(true);
    expect(await queue.get(id)).toMatchObject({ state: 'queued', error: 'transient' });
    t.clock.advance(10);
    expect(await runner.runOnce()).toBe(true);
    expect(await queue.get(id)).toMatchObject({ state: 'done', attempts: 2, error: null });
    expect(calls).toEqual([1, 2]);
    expect(failures).toEqual([]);

    const always = newKind();
    const doomed = new JobRunner(
      queue,
      {
        [always]: {
          run: async () => {
            throw new Error('broken');
          },
          failed: handler.failed,
        },
      },
      { workerId: 'r2', log: () => {} },
    );
    const id2 = await queue.enqueue({ kind: always, payload: null, maxAttempts: 2 });
    await doomed.runOnce();
    t.clock.advance(10);
    await doomed.runOnce();
    expect(await queue.get(id2)).toMatchObject({ state: 'failed', error: 'broken', attempts: 2 });
    expect(failures).toEqual(['broken']);
  });

  it('runs jobs in the background when started, and a restarted runner resumes what was left', async () => {
    const kind = newKind();
    const done: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: JobHandler = {
      run: async (job, control) => {
        await control.progress(0.5);
        await Promise.race([
          gate,
          new Promise((_, reject) => control.signal.addEventListener('abort', () => reject(new Error('aborted')))),
        ]);
        done.push(String(job.payload));
      },
    };
    const first = new JobRunner(
      queue,
      { [kind]: slow },
      { workerId: 'before-restart', leaseMs: 2_000, pollMs: 20, log: () => {} },
    );
    const a = await queue.enqueue({ kind, payload: 'a' });
    const b = await queue.enqueue({ kind, payload: 'b' });
    first.start();
    await waitFor(async () => (await queue.get(a))?.progress === 0.5);
    // The process stops while 'a' runs and 'b' waits: 'a' stays running (leased), 'b' queued.
    await first.stop();
    expect((await queue.get(a))?.state).toBe('running');
    expect((await queue.get(b))?.state).toBe('queued');
    release();
    // After the restart the new runner takes 'b' at once and 'a' once its lease has expired.
    t.clock.advance(3);
    const second = new JobRunner(queue, { [kind]: slow }, { workerId: 'after-restart', pollMs: 20, log: () => {} });
    second.start();
    await waitFor(async () => (await queue.get(a))?.state === 'done' && (await queue.get(b))?.state === 'done');
    await second.stop();
    expect(done.sort()).toEqual(['a', 'b']);
    expect((await queue.get(a))?.attempts).toBe(2);
  });

  it('never runs one job twice with several workers on separate connections', async () => {
    const kind = newKind();
    const ids = new Set<string>();
    for (let i = 0; i < 40; i++) ids.add(await queue.enqueue({ kind, payload: i }));
    const runs = new Map<string, number>();
    const handler: JobHandler = {
      run: async (job: LeasedJob) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
      },
    };
    // Each worker has its own connection pool (on PostgreSQL: truly concurrent transactions).
    const databases = [0, 1, 2, 3].map(() => createDatabase(t.config));
    try {
      const workers = databases.map(
        (d, i) =>
          new JobRunner(
            new JobQueue(d.db, d.dialect, t.clock.now),
            { [kind]: handler },
            { workerId: `w${i}`, log: () => {} },
          ),
      );
      await Promise.all(
        workers.map(async (w) => {
          while (await w.runOnce()) {
            /* drain */
          }
        }),
      );
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const rows = await t.database.db.selectFrom('jobs').select(['state', 'worker']).where('kind', '=', kind).execute();
    expect(rows.every((r) => r.state === 'done')).toBe(true);
    // The work was shared.
    expect(new Set(rows.map((r) => r.worker)).size).toBeGreaterThan(1);
  }, 60_000);
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
