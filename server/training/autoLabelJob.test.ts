import { randomUUID } from 'node:crypto';
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_FORMAT, MODEL_FORMAT_VERSION, type ModelManifest } from '../../contract/apiModels';
import { composeModel } from '../../ml/composeModel';
import { writeModelZip } from '../../ml/modelZip';
import { networkPlugin } from '../../ml/networks';
import { mobileNetV2Artifacts } from '../../ml/node/mobileNetV2Artifacts';
import { initTf } from '../../ml/runtime';
import { enqueueJob, JobQueue } from '../jobs/jobQueue';
import { JobRunner } from '../jobs/jobRunner';
import { imageRow } from '../test/fixtures/testRows';
import { pngOf } from '../test/fixtures/datasetImages';
import { seedAnnotation } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createAutoLabelJobHandler } from './autoLabelJob';
import { AUTO_LABEL_JOB } from './jobKinds';
import { inProcessExecutor, seedTrainingProject, startTestTrainer, testBlobs, waitUntil } from './trainerTestKit';

/*
 * Auto labeling for real: a classifier composed from the shipped backbone and a head whose
 * weights are set by hand (every image scores label b at e / (e + 2) ≈ 0.576, whatever it shows),
 * stored as a model zip, run over the project's unlabeled images by a trainer.
 */

const SCORE_B = Math.E / (Math.E + 2);
let t: TestApp;
let projectId: string;
let labels: Record<string, string>;
let modelId: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  const seeded = await seedTrainingProject(t, 'IMAGE_CLASSIFICATION');
  projectId = seeded.project.id;
  labels = seeded.project.labels;
  userId = seeded.user.id;

  await initTf();
  const plugin = networkPlugin('classifier-compact');
  const head = plugin.buildHead([1280], 3);
  const classes = head.getLayer('head_classes');
  classes.setWeights([tf.zeros([1280, 3]), tf.tensor1d([0, 1, 0])]);
  const model = await composeModel(mobileNetV2Artifacts(), plugin, 128, head);
  const manifest: ModelManifest = {
    format: MODEL_FORMAT,
    version: MODEL_FORMAT_VERSION,
    task: 'classification',
    network: 'classifier-compact',
    backbone: 'mobilenet-v2',
    inputSize: 128,
    labels: ['a', 'b', 'c'].map((name) => ({ name, color: '#336699' })),
    preprocessing: { resize: 'stretch', channels: 'rgb', scale: 1, offset: 0 },
    detection: null,
    metrics: {},
    createdAt: t.clock.now().toISOString(),
    trainingId: null,
    tag: null,
  };
  const zip = await writeModelZip(model, manifest);
  model.dispose();
  modelId = randomUUID();
  await t.database.db
    .insertInto('models')
    .values({
      id: modelId,
      project_id: projectId,
      training_id: null,
      tag: null,
      task: 'classification',
      network: 'classifier-compact',
      backbone: 'mobilenet-v2',
      input_size: 128,
      labels: JSON.stringify(['a', 'b', 'c'].map((name) => ({ id: labels[name], name, color: '#336699' }))),
      manifest: JSON.stringify(manifest),
      source: 'uploaded',
      blob_key: await testBlobs(t).put(zip),
      bytes: zip.byteLength,
      created_by: null,
      created_at: t.clock.now().toISOString(),
    })
    .execute();
}, 120_000);
afterAll(async () => {
  await t.close();
});

let order = 0;
async function addImage(name: string, fields: { state?: string; missing?: boolean } = {}): Promise<string> {
  const id = randomUUID();
  const png = await pngOf(96, 64, `#${(0x203040 + order * 0x0a0a0a).toString(16)}`);
  const key = fields.missing ? 'f'.repeat(64) : await testBlobs(t).put(png);
  // Distinct creation times: the run takes images oldest first.
  const at = new Date(t.clock.now().getTime() + order++ * 1000).toISOString();
  await t.database.db
    .insertInto('images')
    .values(
      imageRow(at, {
        id,
        project_id: projectId,
        file_name: name,
        type: 'image/png',
        width: 96,
        height: 64,
        blob_key: key,
        state: fields.state ?? 'ready',
      }),
    )
    .execute();
  return id;
}

async function queueRun(threshold: number, limit: number | null = null): Promise<string> {
  const at = t.clock.now().toISOString();
  return t.database.db.transaction().execute(async (trx) => {
    const jobId = await enqueueJob(trx, t.clock.now, {
      kind: AUTO_LABEL_JOB,
      projectId,
      payload: { modelId, threshold, limit },
    });
    await trx
      .insertInto('auto_label_runs')
      .values({
        job_id: jobId,
        project_id: projectId,
        model_id: modelId,
        threshold,
        created_by: userId,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return jobId;
  });
}

const runOf = (jobId: string) =>
  t.database.db.selectFrom('auto_label_runs').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();
const annotationsOf = (imageId: string) =>
  t.database.db.selectFrom('annotations').selectAll().where('image_id', '=', imageId).execute();

describe('auto labeling', () => {
  it('a trainer labels the unlabeled ready images as machine labels and leaves the rest alone', async () => {
    const fresh = [await addImage('1.png'), await addImage('2.png'), await addImage('3.png')];
    const personal = await addImage('person.png');
    await seedAnnotation(t, personal, labels.a!);
    const processing = await addImage('processing.png', { state: 'processing' });
    const unreadable = await addImage('gone.png', { missing: true });

    const jobId = await queueRun(0.5);
    // The real path: a trainer takes the job and runs it in a worker thread.
    const trainer = await startTestTrainer(t);
    try {
      const jobState = async () =>
        (await t.database.db.selectFrom('jobs').select('state').where('id', '=', jobId).executeTakeFirstOrThrow())
          .state;
      await waitUntil(async () => (await jobState()) === 'done', 'the auto-labeling job', 120_000);
    } finally {
      await trainer.stop();
    }

    const run = await runOf(jobId);
    expect([run.images, run.labeled_images, run.annotations, run.progress].map(Number)).toEqual([4, 3, 3, 1]);
    expect(run.error).toBeNull();
    const job = await t.database.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect([job.state, Number(job.attempts)]).toEqual(['done', 1]);
    for (const id of fresh) {
      const [only, ...rest] = await annotationsOf(id);
      expect(rest).toEqual([]);
      expect(only).toMatchObject({ label_id: labels.b, kind: 'class', source: 'machine', version: 1 });
      expect(Number(only!.score)).toBeCloseTo(SCORE_B, 3);
      const image = await t.database.db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect([image.labeled, Number(image.annotation_count)].map(Number)).toEqual([1, 1]);
    }
    expect((await annotationsOf(personal)).map((a) => [a.label_id, a.source])).toEqual([[labels.a, 'person']]);
    expect(await annotationsOf(processing)).toEqual([]);
    expect(await annotationsOf(unreadable)).toEqual([]);
  }, 180_000);

  it('writes nothing under the threshold and examines at most `limit` images, oldest first', async () => {
    // The earlier test's unreadable image is still a candidate: it is the oldest.
    const queue = new JobQueue(t.database.db, t.database.dialect, t.clock.now);
    const runner = new JobRunner(
      queue,
      {
        [AUTO_LABEL_JOB]: createAutoLabelJobHandler({
          db: t.database.db,
          now: t.clock.now,
          execute: inProcessExecutor(t),
        }),
      },
      { workerId: 'in-process', log: () => {} },
    );
    const more = [await addImage('4.png'), await addImage('5.png'), await addImage('6.png')];

    const unsure = await queueRun(0.6);
    expect(await runner.runOnce()).toBe(true);
    const quiet = await runOf(unsure);
    expect([quiet.state, quiet.images, quiet.labeled_images, quiet.annotations].map(String)).toEqual([
      'done',
      '4',
      '0',
      '0',
    ]);
    for (const id of more) expect(await annotationsOf(id)).toEqual([]);

    const limited = await queueRun(0.5, 2);
    expect(await runner.runOnce()).toBe(true);
    const run = await runOf(limited);
    expect([run.state, run.images, run.labeled_images, run.annotations].map(String)).toEqual(['done', '2', '1', '1']);
    expect((await annotationsOf(more[0]!)).map((a) => a.source)).toEqual(['machine']);
    expect(await annotationsOf(more[1]!)).toEqual([]);
  }, 120_000);

  it('a run whose model was deleted fails with a clear error', async () => {
    const queue = new JobQueue(t.database.db, t.database.dialect, t.clock.now);
    const handler = createAutoLabelJobHandler({ db: t.database.db, now: t.clock.now, execute: inProcessExecutor(t) });
    const runner = new JobRunner(queue, { [AUTO_LABEL_JOB]: handler }, { workerId: 'in-process', log: () => {} });
    const jobId = await queueRun(0.5);
    await t.database.db.updateTable('auto_label_runs').set({ model_id: 'gone' }).where('job_id', '=', jobId).execute();
    await t.database.db
      .updateTable('jobs')
      .set({ payload: JSON.stringify({ modelId: 'gone', threshold: 0.5, limit: null }) })
      .where('id', '=', jobId)
      .execute();
    expect(await runner.runOnce()).toBe(true);
    const run = await runOf(jobId);
    expect(run.state).toBe('failed');
    expect(run.error).toBe('not_found');
  });
});
