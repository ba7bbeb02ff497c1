import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/testApp';
import { THREAD_LOST_ERROR, TrainerAbortedError, trainerThreadExecutor } from './runInTrainerThread';
import type { MeasuredSpeed } from './trainerSpeed';
import { insertTraining, seedTrainingProject, testStorage, trainingRow, waitUntil } from './trainerTestKit';
import { trainingErrorOf } from './trainingJob';

/*
 * The worker-thread wiring for real: the thread loads TypeScript (under vitest here, under tsx in
 * the server), opens the test's database and blob folder itself, runs its task and reports back;
 * an abort ends it. One task runs the real runTraining module, one the real speed measurement.
 */

let t: TestApp;
let projectId: string;
const scripted = new URL('./scriptedTraining.ts', import.meta.url).href;

beforeAll(async () => {
  t = await createTestApp();
  projectId = (await seedTrainingProject(t, 'IMAGE_CLASSIFICATION')).project.id;
});
afterAll(async () => {
  await t.close();
});

describe('trainer thread', () => {
  it('runs a training in a thread of its own against the same database and blob store', async () => {
    const { trainingId } = await insertTraining(t, projectId, { epochs: 2 });
    const execute = trainerThreadExecutor({ storage: testStorage(t), trainingModule: scripted });
    const outcome = await execute(
      { kind: 'training', trainingId, trainerId: 'thread-test' },
      { signal: new AbortController().signal },
    );
    expect(outcome).toBe('completed');
    const row = await trainingRow(t, trainingId);
    expect(row.status).toBe('completed');
    expect(row.trainer_id).toBe('thread-test');
    expect(JSON.parse(row.history)).toHaveLength(2);
    expect(row.checkpoint_key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an abort ends the thread without finishing the training', async () => {
    const { trainingId } = await insertTraining(t, projectId, { epochs: 50 });
    const execute = trainerThreadExecutor({ storage: testStorage(t), trainingModule: scripted, abortGraceMs: 2_000 });
    const abort = new AbortController();
    const running = execute({ kind: 'training', trainingId, trainerId: 'thread-test' }, { signal: abort.signal });
    await waitUntil(async () => Number((await trainingRow(t, trainingId)).batch) > 0, 'the first batch');
    abort.abort();
    await expect(running).rejects.toBeInstanceOf(TrainerAbortedError);
    const row = await trainingRow(t, trainingId);
    expect(row.status).toBe('running');
    const epoch = Number(row.epoch);
    const batch = Number(row.batch);
    await new Promise((r) => setTimeout(r, 200));
    const later = await trainingRow(t, trainingId);
    expect([Number(later.epoch), Number(later.batch)]).toEqual([epoch, batch]);
  });

  it('a thread that dies under its task is reported as lost (trainer_lost once its attempts run out)', async () => {
    const { trainingId } = await insertTraining(t, projectId, { epochs: 2 });
    const crashing = new URL('./crashingTraining.ts', import.meta.url).href;
    const execute = trainerThreadExecutor({ storage: testStorage(t), trainingModule: crashing });
    const outcome = execute(
      { kind: 'training', trainingId, trainerId: 'thread-test' },
      { signal: new AbortController().signal },
    );
    const error = await outcome.then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message.startsWith(THREAD_LOST_ERROR)).toBe(true);
    expect(trainingErrorOf(error!.message)).toBe('trainer_lost');
  });

  it('loads the real training module in the thread (a training stopped before it started ends at once)', async () => {
    const { trainingId } = await insertTraining(t, projectId, { epochs: 2 });
    await t.database.db.updateTable('trainings').set({ stop_requested: 1 }).where('id', '=', trainingId).execute();
    const execute = trainerThreadExecutor({ storage: testStorage(t) });
    const outcome = await execute(
      { kind: 'training', trainingId, trainerId: 'thread-test' },
      { signal: new AbortController().signal },
    );
    expect(outcome).toBe('stopped');
    const row = await trainingRow(t, trainingId);
    expect(row.status).toBe('stopped');
    expect(row.ended_at).not.toBeNull();
  }, 60_000);

  it('measures the backbone and head speed in a thread', async () => {
    const execute = trainerThreadExecutor({ storage: testStorage(t) });
    const speed = (await execute({ kind: 'measure' }, { signal: new AbortController().signal })) as MeasuredSpeed;
    expect(speed.backend).toBe('wasm');
    expect(speed.featureMsPerImage).toBeGreaterThan(0);
    expect(speed.headMsPerSample).toBeGreaterThan(0);
  }, 60_000);
});
