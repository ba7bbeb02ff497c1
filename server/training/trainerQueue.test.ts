import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { enqueueJob, JobQueue, LEASE_EXPIRED_ERROR } from '../jobs/jobQueue';
import { JobRunner } from '../jobs/jobRunner';
import { createTestApp, type TestApp } from '../test/testApp';
import { AUTO_LABEL_JOB, TRAINING_RUN_JOB, trainingJobKind } from './jobKinds';
import { THREAD_LOST_ERROR } from './runInTrainerThread';
import { createScriptedTraining } from './scriptedTraining';
import { startTrainer, type RunningTrainer } from './startTrainer';
import { TrainerRegistry } from './trainerRegistry';
import { sweepLostTrainerWork, TRAINER_STALE_MS } from './trainerSweep';
import {
  inProcessExecutor,
  insertTraining,
  jobRow,
  seedTrainingProject,
  testStorage,
  trainingRow,
  waitUntil,
} from './trainerTestKit';
import { createTrainingJobHandler, TRAINER_GONE_ERROR } from './trainingJob';

/*
 * The trainer on the real job queue (SQLite here, PostgreSQL in the second run of the server
 * tests): the training itself is the scripted one, so these tests are about leases, attempts,
 * resumption and stop, not about learning.
 */

const LEASE_MS = 60_000;
let t: TestApp;
let projectId: string;
const trainers: RunningTrainer[] = [];

beforeAll(async () => {
  t = await createTestApp();
  projectId = (await seedTrainingProject(t, 'IMAGE_CLASSIFICATION')).project.id;
});
afterEach(async () => {
  await Promise.allSettled(trainers.splice(0).map((tr) => tr.stop()));
});
afterAll(async () => {
  await t.close();
});

function trainer(training: ReturnType<typeof createScriptedTraining>, id?: string) {
  return startTrainer({
    db: t.database.db,
    dialect: t.database.dialect,
    now: t.clock.now,
    storage: testStorage(t),
    embedded: true,
    id,
    execute: inProcessExecutor(t, training),
    measure: false,
    leaseMs: LEASE_MS,
    pollMs: 20,
    log: () => {},
  }).then((tr) => {
    trainers.push(tr);
    return tr;
  });
}

describe('trainer on the job queue', () => {
  it('two trainers never take the same training, each runs one at a time, and their rows come and go', async () => {
    const starts: { trainingId: string; trainerId: string }[] = [];
    const running = new Map<string, number>();
    let mostAtOnce = 0;
    const training = createScriptedTraining({
      batchesPerEpoch: 2,
      batchMs: 5,
      onStart: ({ trainingId, trainerId }) => {
        starts.push({ trainingId, trainerId });
        running.set(trainerId, (running.get(trainerId) ?? 0) + 1);
        mostAtOnce = Math.max(mostAtOnce, running.get(trainerId)!);
      },
      onEnd: ({ trainerId }) => running.set(trainerId, (running.get(trainerId) ?? 1) - 1),
    });
    const queued: { trainingId: string; jobId: string }[] = [];
    for (let i = 0; i < 6; i++) queued.push(await insertTraining(t, projectId, { epochs: 2 }));
    const a = await trainer(training);
    const b = await trainer(training);
    expect(
      (await t.database.db.selectFrom('trainers').select(['id', 'embedded']).execute()).map((r) => r.id).sort(),
    ).toEqual([a.id, b.id].sort());

    await waitUntil(async () => {
      const rows = await t.database.db
        .selectFrom('trainings')
        .select('status')
        .where(
          'id',
          'in',
          queued.map((q) => q.trainingId),
        )
        .execute();
      return rows.every((r) => r.status === 'completed');
    }, 'all trainings to complete');

    expect(starts.map((s) => s.trainingId).sort()).toEqual(queued.map((q) => q.trainingId).sort());
    expect(mostAtOnce).toBe(1);
    for (const q of queued) {
      const job = await jobRow(t, q.jobId);
      expect(job.state).toBe('done');
      expect(Number(job.attempts)).toBe(1);
      const row = await trainingRow(t, q.trainingId);
      expect([a.id, b.id]).toContain(row.trainer_id);
      expect(row.trainer_id).toBe(job.worker);
      expect(JSON.parse(row.history)).toHaveLength(2);
    }
    const busy = await t.database.db.selectFrom('trainers').select('busy').execute();
    expect(busy.every((r) => Number(r.busy) === 0)).toBe(true);

    await a.stop();
    await b.stop();
    expect(await t.database.db.selectFrom('trainers').select('id').execute()).toEqual([]);
  });

  it("takes a killed trainer's training again after its lease expires and resumes after the last checkpoint", async () => {
    const starts: { trainerId: string; startEpoch: number }[] = [];
    let reached: () => void = () => {};
    const inEpochThree = new Promise<void>((resolve) => (reached = resolve));
    const training = createScriptedTraining({
      batchesPerEpoch: 3,
      batchMs: 5,
      onStart: ({ trainerId, startEpoch }) => starts.push({ trainerId, startEpoch }),
      onBatch: ({ epoch, batch }) => {
        if (epoch === 3 && batch === 1) reached();
      },
    });
    const { trainingId, jobId } = await insertTraining(t, projectId, { epochs: 4 });
    const first = await trainer(training, 'trainer-first');
    await inEpochThree;
    // The trainer dies: its runner stops mid-epoch without completing or failing the job.
    await first.runner.stop();
    const held = await jobRow(t, jobId);
    expect(held.state).toBe('running');
    expect(held.worker).toBe('trainer-first');
    expect((await trainingRow(t, trainingId)).status).toBe('running');

    const second = await trainer(training, 'trainer-second');
    // Not before the lease runs out.
    second.wake();
    await new Promise((r) => setTimeout(r, 100));
    expect((await jobRow(t, jobId)).worker).toBe('trainer-first');
    t.clock.advance(LEASE_MS / 1000 + 1);
    second.wake();
    await waitUntil(async () => (await trainingRow(t, trainingId)).status === 'completed', 'the resumed training');

    const job = await jobRow(t, jobId);
    expect(job.state).toBe('done');
    expect(Number(job.attempts)).toBe(2);
    expect(job.worker).toBe('trainer-second');
    // Epochs 1 and 2 had their checkpoints: the second attempt starts at epoch 3.
    expect(starts).toEqual([
      { trainerId: 'trainer-first', startEpoch: 1 },
      { trainerId: 'trainer-second', startEpoch: 3 },
    ]);
    const row = await trainingRow(t, trainingId);
    expect((JSON.parse(row.history) as { epoch: number }[]).map((h) => h.epoch)).toEqual([1, 2, 3, 4]);
    expect(row.trainer_id).toBe('trainer-second');
  });

  it('a stop request ends the training within one batch and completes its job (no retry)', async () => {
    let batchesAfterStop = 0;
    let stopAsked = false;
    const { trainingId, jobId } = await insertTraining(t, projectId, { epochs: 5 });
    const training = createScriptedTraining({
      batchesPerEpoch: 4,
      batchMs: 5,
      onBatch: async ({ epoch, batch }) => {
        if (stopAsked) batchesAfterStop++;
        if (epoch === 1 && batch === 2) {
          // What POST …/stop does.
          await t.database.db
            .updateTable('trainings')
            .set({ stop_requested: 1 })
            .where('id', '=', trainingId)
            .execute();
          stopAsked = true;
        }
      },
    });
    await trainer(training);
    await waitUntil(async () => (await jobRow(t, jobId)).state === 'done', 'the stopped job');
    const row = await trainingRow(t, trainingId);
    expect(row.status).toBe('stopped');
    expect(row.ended_at).not.toBeNull();
    expect(Number(row.epoch)).toBe(1);
    expect(Number(row.batch)).toBe(2);
    expect(batchesAfterStop).toBe(0);
    expect(Number((await jobRow(t, jobId)).attempts)).toBe(1);
  });

  it('a training stopped while queued never starts', async () => {
    let started = 0;
    const { trainingId, jobId } = await insertTraining(t, projectId, { epochs: 2 });
    await t.database.db.updateTable('trainings').set({ stop_requested: 1 }).where('id', '=', trainingId).execute();
    await trainer(createScriptedTraining({ onStart: () => started++ }));
    await waitUntil(async () => (await jobRow(t, jobId)).state === 'done', 'the job');
    expect((await trainingRow(t, trainingId)).status).toBe('stopped');
    expect(started).toBe(0);
  });

  it('a trainer thread that keeps dying fails the training as trainer_lost once its attempts are used up', async () => {
    const { trainingId, jobId } = await insertTraining(t, projectId, { maxAttempts: 2 });
    const queue = new JobQueue(t.database.db, t.database.dialect, t.clock.now, { backoffBaseMs: 1000 });
    const handler = createTrainingJobHandler({
      db: t.database.db,
      now: t.clock.now,
      trainerId: 'crashing',
      execute: () => Promise.reject(new Error(`${THREAD_LOST_ERROR} (exit 1)`)),
    });
    const runner = new JobRunner(queue, { [TRAINING_RUN_JOB]: handler }, { workerId: 'crashing', log: () => {} });
    expect(await runner.runOnce()).toBe(true);
    expect((await jobRow(t, jobId)).state).toBe('queued');
    expect((await trainingRow(t, trainingId)).status).toBe('queued');
    t.clock.advance(2);
    expect(await runner.runOnce()).toBe(true);
    const job = await jobRow(t, jobId);
    expect(job.state).toBe('failed');
    expect(Number(job.attempts)).toBe(2);
    const row = await trainingRow(t, trainingId);
    expect(row.status).toBe('failed');
    expect(row.error).toBe('trainer_lost');
    expect(row.ended_at).not.toBeNull();
  });

  it('a trainer that dies on the last attempt leaves a failed training, not a running one', async () => {
    let reached: () => void = () => {};
    const running = new Promise<void>((resolve) => (reached = resolve));
    const { trainingId, jobId } = await insertTraining(t, projectId, { maxAttempts: 1, epochs: 3 });
    const doomed = await trainer(createScriptedTraining({ batchMs: 5, onBatch: () => reached() }), 'doomed');
    await running;
    await doomed.runner.stop();
    t.clock.advance(LEASE_MS / 1000 + 1);
    // Any trainer's heartbeat sweeps it (its poll also fails the job: no attempt is left).
    await sweepLostTrainerWork(t.database.db, t.clock.now());
    await new JobQueue(t.database.db, t.database.dialect, t.clock.now).lease('other', [TRAINING_RUN_JOB], LEASE_MS);
    await sweepLostTrainerWork(t.database.db, t.clock.now());
    const job = await jobRow(t, jobId);
    expect(job.state).toBe('failed');
    expect(job.error).toBe(LEASE_EXPIRED_ERROR);
    const row = await trainingRow(t, trainingId);
    expect(row.status).toBe('failed');
    expect(row.error).toBe('trainer_lost');
  });

  it('a training sent to a trainer that is gone fails instead of waiting for ever', async () => {
    const { trainingId: queuedForGhost, jobId } = await insertTraining(t, projectId, {
      kind: trainingJobKind('ghost'),
    });
    // A living trainer's own trainings are left alone.
    const alive = new TrainerRegistry(t.database.db, t.clock.now, {
      id: 'alive',
      name: 'alive',
      backend: 'wasm',
      embedded: false,
    });
    await alive.register();
    const { trainingId: queuedForAlive } = await insertTraining(t, projectId, { kind: trainingJobKind('alive') });
    // A trainer that stopped heartbeating long ago is removed; its row would have said so.
    const old = new Date(t.clock.now().getTime() - TRAINER_STALE_MS - 1000).toISOString();
    await t.database.db
      .insertInto('trainers')
      .values({ id: 'stale', name: 'stale', backend: 'wasm', started_at: old, last_seen_at: old })
      .execute();
    const { trainingId: queuedForStale } = await insertTraining(t, projectId, { kind: trainingJobKind('stale') });

    await sweepLostTrainerWork(t.database.db, t.clock.now());
    expect((await jobRow(t, jobId)).error).toBe(TRAINER_GONE_ERROR);
    for (const id of [queuedForGhost, queuedForStale]) {
      const row = await trainingRow(t, id);
      expect(row.status).toBe('failed');
      expect(row.error).toBe('trainer_lost');
    }
    expect((await trainingRow(t, queuedForAlive)).status).toBe('queued');
    expect(await t.database.db.selectFrom('trainers').select('id').where('id', '=', 'stale').execute()).toEqual([]);
    await alive.unregister();
  });
});

describe('auto-labeling runs a dead trainer left', () => {
  it('are marked failed with a code the console translates', async () => {
    const at = t.clock.now().toISOString();
    const jobId = await enqueueJob(t.database.db, t.clock.now, {
      kind: AUTO_LABEL_JOB,
      projectId,
      payload: { modelId: 'm', threshold: 0.5, limit: null },
    });
    await t.database.db
      .insertInto('auto_label_runs')
      .values({
        job_id: jobId,
        project_id: projectId,
        model_id: 'm',
        threshold: 0.5,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await t.database.db.updateTable('auto_label_runs').set({ state: 'running' }).where('job_id', '=', jobId).execute();
    await t.database.db
      .updateTable('jobs')
      .set({ state: 'failed', error: LEASE_EXPIRED_ERROR })
      .where('id', '=', jobId)
      .execute();
    await sweepLostTrainerWork(t.database.db, t.clock.now());
    const run = await t.database.db
      .selectFrom('auto_label_runs')
      .select(['state', 'error'])
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ state: 'failed', error: 'trainer_unavailable' });
  });
});

describe('embedded trainer settings', () => {
  it('is on by default, off with TRAINER_ENABLED=0 or false, and refuses anything else', () => {
    expect(parseEnv({}).TRAINER_ENABLED).toBe(true);
    expect(parseEnv({ TRAINER_ENABLED: '0' }).TRAINER_ENABLED).toBe(false);
    expect(parseEnv({ TRAINER_ENABLED: 'false' }).TRAINER_ENABLED).toBe(false);
    expect(parseEnv({ TRAINER_ENABLED: '1' }).TRAINER_ENABLED).toBe(true);
    expect(() => parseEnv({ TRAINER_ENABLED: 'yes' })).toThrow(/TRAINER_ENABLED/);
    expect(parseEnv({ TRAINER_NAME: '' }).TRAINER_NAME).toBeUndefined();
    expect(parseEnv({ TRAINER_NAME: 'gpu-box' }).TRAINER_NAME).toBe('gpu-box');
  });
});
