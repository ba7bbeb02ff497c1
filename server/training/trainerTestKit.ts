import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { TrainingCreate } from '../../contract/apiTraining';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { tmpRootOf } from '../images/imageFiles';
import { enqueueJob } from '../jobs/jobQueue';
import { seedProject } from '../test/fixtures/projectSeed';
import type { TestApp } from '../test/testApp';
import { createTestUser } from '../test/testUsers';
import { TRAINING_RUN_JOB } from './jobKinds';
import { startTrainer, type RunningTrainer } from './startTrainer';
import { runTrainerTask, type TrainerExecutor, type TrainerStorage, type TrainingModule } from './trainerTasks';

/*
 * What the trainer's tests share: a project, training rows with their jobs as the API writes them,
 * an online trainer's row, the real trainer started for a test, an executor that runs tasks in the
 * test's process (over the test's clock), and polling.
 */

export const TEST_SETTINGS: TrainingCreate = {
  split: { mode: 'project', train: 80, validation: 10, test: 10, seed: 1 },
  labelIds: ['x'],
  pretrained: { kind: 'backbone', backbone: 'mobilenet-v2' },
  network: 'classifier-compact',
  hyperparameters: {
    iterations: 3,
    batchSize: 8,
    learningRate: 0.001,
    inputSize: 128,
    augmentation: { enabled: false, flip: false, shift: false, brightness: false },
  },
  modelTag: undefined,
  trainerId: 'auto',
};

export async function seedTrainingProject(t: TestApp, subtype: 'IMAGE_CLASSIFICATION' | 'IMAGE_OBJECT_DETECTION') {
  const user = await createTestUser(t);
  const project = await seedProject(t, { subtype, members: [{ user, role: 'admin' }], labels: ['a', 'b', 'c'] });
  return { user, project };
}

/** A queued training and its job, as POST trainings writes them. */
export async function insertTraining(
  t: TestApp,
  projectId: string,
  options: { epochs?: number; kind?: string; maxAttempts?: number; labelIds?: string[] } = {},
): Promise<{ trainingId: string; jobId: string }> {
  const trainingId = randomUUID();
  const at = t.clock.now().toISOString();
  const epochs = options.epochs ?? 3;
  const settings = {
    ...TEST_SETTINGS,
    labelIds: options.labelIds ?? TEST_SETTINGS.labelIds,
    hyperparameters: { ...TEST_SETTINGS.hyperparameters, iterations: epochs },
  };
  return t.database.db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('trainings')
      .select((eb) => eb.fn.max('number').as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    const jobId = await enqueueJob(trx, t.clock.now, {
      kind: options.kind ?? TRAINING_RUN_JOB,
      projectId,
      payload: { trainingId },
      maxAttempts: options.maxAttempts ?? 3,
    });
    await trx
      .insertInto('trainings')
      .values({
        id: trainingId,
        project_id: projectId,
        number: Number(last?.n ?? 0) + 1,
        job_id: jobId,
        settings: JSON.stringify(settings),
        network: settings.network,
        task: 'classification',
        annotation_type: 'class',
        model_tag: null,
        epochs,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { trainingId, jobId };
  });
}

/**
 * A trainers row that heartbeated just now, as a running trainer's registry writes it: the API
 * refuses trainings and auto-labeling with trainer_unavailable while no such row exists.
 */
export async function insertOnlineTrainer(t: TestApp): Promise<void> {
  const at = t.clock.now().toISOString();
  await t.database.db
    .insertInto('trainers')
    .values({
      id: randomUUID(),
      name: 't',
      backend: 'wasm',
      started_at: at,
      last_seen_at: at,
      feature_ms_per_image: null,
      head_ms_per_sample: null,
    })
    .execute();
}

/**
 * The real trainer (its own worker thread) on the test's database, blobs and clock: embedded,
 * without the speed measurement, polling often so a test waits little, and quiet.
 */
export function startTestTrainer(t: TestApp): Promise<RunningTrainer> {
  return startTrainer({
    db: t.database.db,
    dialect: t.database.dialect,
    now: t.clock.now,
    storage: testStorage(t),
    embedded: true,
    measure: false,
    pollMs: 50,
    log: () => {},
  });
}

export function testBlobs(t: TestApp) {
  return new LocalBlobStore(path.join(t.dataDir, 'blobs'));
}

/** Runs tasks in this process with the test's database, blobs and clock (training: `training`). */
export function inProcessExecutor(t: TestApp, training?: TrainingModule['runTraining']): TrainerExecutor {
  const context = {
    db: t.database.db,
    dialect: t.database.dialect,
    blobs: testBlobs(t),
    now: t.clock.now,
    tmpRoot: tmpRootOf(t.dataDir),
  };
  return (task, options) => runTrainerTask(task, context, options, training ? { runTraining: training } : undefined);
}

/** What a trainer thread needs to open the test's database and blob folder. */
export function testStorage(t: TestApp): TrainerStorage {
  return {
    DATA_DIR: t.dataDir,
    DATABASE_URL: t.config.DATABASE_URL,
    BLOB_STORE: 'local',
    S3_ENDPOINT: undefined,
    S3_BUCKET: undefined,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: undefined,
    S3_SECRET_ACCESS_KEY: undefined,
  };
}

export async function waitUntil(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export function trainingRow(t: TestApp, trainingId: string) {
  return t.database.db.selectFrom('trainings').selectAll().where('id', '=', trainingId).executeTakeFirstOrThrow();
}

export function jobRow(t: TestApp, jobId: string) {
  return t.database.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
}
