import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingSchema, type Training } from '../../contract/apiTraining';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { seedSyntheticProject, trainingSettings, type SyntheticProject } from '../test/trainingFixtures';
import type { RunningTrainer } from './startTrainer';
import { startTestTrainer, testBlobs, waitUntil } from './trainerTestKit';

/*
 * The whole chain with nothing stood in: POST trainings queues the job, a trainer takes it and
 * runs the real runTraining in its worker thread while the API keeps answering, and a stop
 * through the API ends a second training, completing its job rather than retrying it.
 */

let t: TestApp;
let user: TestUser;
let project: SyntheticProject;
let trainer: RunningTrainer;

beforeAll(async () => {
  t = await createTestApp();
  user = await createTestUser(t);
  project = await seedSyntheticProject(t, testBlobs(t), {
    task: 'classification',
    count: 24,
    size: 96,
    seed: 5,
    userId: user.id,
  });
  trainer = await startTestTrainer(t);
}, 60_000);
afterAll(async () => {
  await trainer.stop();
  await t.close();
});

const start = async (iterations: number) => {
  const settings = trainingSettings('classifier-compact', project.labelIds, {
    hyperparameters: { iterations, inputSize: 128, batchSize: 8 },
  });
  const res = await as(t, user, 'POST', `projects/${project.id}/trainings`, settings);
  expect(res.status).toBe(202);
  return res.body.trainingId as string;
};
const read = async (trainingId: string): Promise<Training> => {
  const res = await as(t, user, 'GET', `projects/${project.id}/trainings/${trainingId}`);
  expect(res.status).toBe(200);
  return trainingSchema.parse(res.body);
};
const jobOf = async (trainingId: string) => {
  const row = await t.database.db
    .selectFrom('trainings as t')
    .innerJoin('jobs as j', 'j.id', 't.job_id')
    .select(['j.state', 'j.attempts', 'j.worker'])
    .where('t.id', '=', trainingId)
    .executeTakeFirstOrThrow();
  return { state: row.state, attempts: Number(row.attempts), worker: row.worker };
};

describe('a training through the API on a trainer thread', () => {
  it('trains to a stored, tested model while the API answers', async () => {
    const trainingId = await start(3);
    const seen = new Set<string>();
    await waitUntil(
      async () => {
        const training = await read(trainingId);
        seen.add(`${training.status}:${training.step}`);
        return training.status === 'completed' || training.status === 'failed';
      },
      'the training to end',
      240_000,
    );
    const training = await read(trainingId);
    expect(training.error).toBeNull();
    expect(training.status).toBe('completed');
    // The API answered while the thread was learning.
    expect(seen.has('running:learning')).toBe(true);
    expect(training.trainerId).toBe(trainer.id);
    expect(training.modelId).not.toBeNull();
    expect(training.history).toHaveLength(3);
    expect(training.evaluation?.task).toBe('classification');
    // The job completes once the thread has reported back, just after the row's last write.
    await waitUntil(async () => (await jobOf(trainingId)).state !== 'running', 'the job to complete');
    expect(await jobOf(trainingId)).toEqual({ state: 'done', attempts: 1, worker: trainer.id });
    const row = await t.database.db
      .selectFrom('trainers')
      .select('busy')
      .where('id', '=', trainer.id)
      .executeTakeFirst();
    expect(Number(row?.busy)).toBe(0);
  }, 300_000);

  it('a stop through the API ends a running training and completes its job', async () => {
    const trainingId = await start(100);
    await waitUntil(
      async () => (await read(trainingId)).step === 'learning' && (await read(trainingId)).batch > 0,
      'the training to learn',
      240_000,
    );
    const stop = await as(t, user, 'POST', `projects/${project.id}/trainings/${trainingId}/stop`);
    expect(stop.status).toBe(202);
    await waitUntil(async () => (await read(trainingId)).status !== 'running', 'the training to stop', 120_000);
    const training = await read(trainingId);
    expect(training.status).toBe('stopped');
    expect(training.modelId).toBeNull();
    expect(training.epoch).toBeLessThan(100);
    await waitUntil(async () => (await jobOf(trainingId)).state === 'done', 'the job to complete');
    expect((await jobOf(trainingId)).attempts).toBe(1);
  }, 300_000);
});
