import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  trainingListSchema,
  trainingPreviewSchema,
  trainingSchema,
  type TrainingCreate,
} from '../../contract/apiTraining';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { splitFor } from '../projects/splitAssignment';
import { trainingEventStream } from '../training/trainingEvents';
import { QueryCounter } from '../test/QueryCounter';
import { seedProject } from '../test/fixtures/projectSeed';
import { as, seedAnnotation, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let worker: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { name: 'Ada' });
  member = await createTestUser(t, { name: 'Mia' });
  worker = await createTestUser(t);
});
afterAll(() => t.close());

type Subtype = 'IMAGE_OBJECT_DETECTION' | 'IMAGE_CLASSIFICATION' | 'IMAGE_SEGMENTATION';
const newProject = (subtype: Subtype = 'IMAGE_OBJECT_DETECTION', labels = ['car', 'dog']) =>
  seedProject(t, {
    subtype,
    members: [
      { user: admin, role: 'admin' },
      { user: member, role: 'member' },
      { user: worker, role: 'worker' },
    ],
    labels,
  });

/** `count` ready images, each with one box (or class) annotation of `labelId`. */
async function labeledImages(
  projectId: string,
  labelId: string,
  count: number,
  opts: { split?: string; kind?: 'box' | 'class' } = {},
) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await seedImage(t, projectId, { labeled: true, split: opts.split ?? 'train' });
    if (opts.kind === 'class') {
      const now = t.clock.now().toISOString();
      await t.database.db
        .insertInto('annotations')
        .values({
          id: randomUUID(),
          image_id: id,
          label_id: labelId,
          kind: 'class',
          x: 0,
          y: 0,
          width: 0,
          height: 0,
          data: null,
          version: 1,
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } else await seedAnnotation(t, id, labelId);
    ids.push(id);
  }
  return ids;
}

async function trainer(id = `trainer-${randomUUID().slice(0, 8)}`, secondsAgo = 0) {
  const at = new Date(t.clock.now().getTime() - secondsAgo * 1000).toISOString();
  await t.database.db
    .insertInto('trainers')
    .values({
      id,
      name: id,
      backend: 'wasm',
      embedded: 1,
      feature_ms_per_image: 40,
      head_ms_per_sample: 0.5,
      started_at: at,
      last_seen_at: at,
    })
    .execute();
  return id;
}
const removeTrainers = () => t.database.db.deleteFrom('trainers').execute();

function settings(labelIds: string[], over: Partial<TrainingCreate> = {}): TrainingCreate {
  return {
    split: { mode: 'project', train: 70, validation: 20, test: 10, seed: 1 },
    labelIds,
    pretrained: { kind: 'backbone', backbone: 'mobilenet-v2' },
    network: 'detector-compact',
    hyperparameters: {
      iterations: 5,
      batchSize: 16,
      learningRate: 0.001,
      inputSize: 256,
      augmentation: { enabled: true, flip: true, shift: true, brightness: false },
    },
    modelTag: 'first',
    trainerId: 'auto',
    ...over,
  };
}

const countRows = async (projectId: string) => ({
  trainings: (await t.database.db.selectFrom('trainings').select('id').where('project_id', '=', projectId).execute())
    .length,
  jobs: (await t.database.db.selectFrom('jobs').select('id').where('project_id', '=', projectId).execute()).length,
});

describe('POST trainings: refusals store nothing', () => {
  it('checks the settings against the project: network, labels, previous model, schema', async () => {
    await trainer();
    const p = await newProject();
    await labeledImages(p.id, p.labels.car!, 12);
    const post = (body: unknown, user = member) => as(t, user, 'POST', `projects/${p.id}/trainings`, body);

    const wrongNetwork = await post(settings([p.labels.car!], { network: 'classifier-compact' }));
    expect(wrongNetwork.status).toBe(400);
    expect(wrongNetwork.body.error).toMatchObject({
      code: 'validation',
      fields: { network: 'validation:training.network' },
    });

    const other = await newProject();
    const foreignLabel = await post(settings([p.labels.car!, other.labels.car!]));
    expect(foreignLabel.body.error).toMatchObject({
      code: 'validation',
      fields: { labelIds: 'validation:training.labels' },
    });

    const noModel = await post(settings([p.labels.car!], { pretrained: { kind: 'model', modelId: 'nope' } }));
    expect(noModel.body.error).toMatchObject({
      code: 'validation',
      fields: { 'pretrained.modelId': 'validation:training.pretrained' },
    });

    const badIterations = await post({
      ...settings([p.labels.car!]),
      hyperparameters: { ...settings([]).hyperparameters, iterations: 101 },
    });
    expect(badIterations.status).toBe(400);
    expect(badIterations.body.error.fields['hyperparameters.iterations']).toBe('validation:iterations');
    const badSplit = await post(
      settings([p.labels.car!], { split: { mode: 'custom', train: 50, validation: 20, test: 20, seed: 3 } }),
    );
    expect(badSplit.body.error.fields['split.test']).toBe('validation:split.sum');
    expect((await post({ ...settings([p.labels.car!]), extra: 1 })).body.error.code).toBe('bad_request');

    const seg = await newProject('IMAGE_SEGMENTATION');
    const segmentation = await as(t, member, 'POST', `projects/${seg.id}/trainings`, settings([seg.labels.car!]));
    expect(segmentation.body.error.fields).toEqual({ network: 'validation:training.network' });

    expect(await countRows(p.id)).toEqual({ trainings: 0, jobs: 0 });
    await removeTrainers();
  });

  it('refuses fewer than 10 usable images, and an empty train split', async () => {
    await trainer();
    const p = await newProject();
    await labeledImages(p.id, p.labels.car!, 9);
    await labeledImages(p.id, p.labels.dog!, 5);
    // Unlabeled and not-ready images never count.
    await seedImage(t, p.id);
    const notReady = await seedImage(t, p.id, { labeled: true });
    await seedAnnotation(t, notReady, p.labels.car!);
    await t.database.db.updateTable('images').set({ state: 'processing' }).where('id', '=', notReady).execute();

    const few = await as(t, member, 'POST', `projects/${p.id}/trainings`, settings([p.labels.car!]));
    expect(few.status).toBe(400);
    expect(few.body.error.code).toBe('training_too_few_images');
    // With both labels there are 14.
    const q = await newProject();
    await labeledImages(q.id, q.labels.car!, 12, { split: 'validation' });
    const noTrain = await as(t, member, 'POST', `projects/${q.id}/trainings`, settings([q.labels.car!]));
    expect(noTrain.body.error.code).toBe('training_too_few_images');
    expect(await countRows(p.id)).toEqual({ trainings: 0, jobs: 0 });
    expect(await countRows(q.id)).toEqual({ trainings: 0, jobs: 0 });
    await removeTrainers();
  });

  it('answers 503 trainer_unavailable with no trainer, a silent one, or a named one that is offline', async () => {
    const p = await newProject();
    await labeledImages(p.id, p.labels.car!, 10);
    const post = (body: TrainingCreate) => as(t, member, 'POST', `projects/${p.id}/trainings`, body);
    const none = await post(settings([p.labels.car!]));
    expect(none.status).toBe(503);
    expect(none.body.error.code).toBe('trainer_unavailable');

    const silent = await trainer(undefined, 60);
    expect((await post(settings([p.labels.car!]))).status).toBe(503);
    expect((await post(settings([p.labels.car!], { trainerId: silent }))).status).toBe(503);
    await trainer('online-one');
    expect((await post(settings([p.labels.car!], { trainerId: silent }))).status).toBe(503);
    expect((await post(settings([p.labels.car!], { trainerId: 'never-registered' }))).status).toBe(503);
    expect(await countRows(p.id)).toEqual({ trainings: 0, jobs: 0 });
    await removeTrainers();
  });
});

describe('POST trainings: a queued training and its job', () => {
  it('stores the settings, counts and number, and queues a job for any trainer or the chosen one', async () => {
    const named = await trainer();
    const p = await newProject();
    const cars = await labeledImages(p.id, p.labels.car!, 8);
    await labeledImages(p.id, p.labels.dog!, 3, { split: 'test' });
    await labeledImages(p.id, p.labels.dog!, 2, { split: 'validation' });
    // A polygon counts as its box; a machine label counts for nothing.
    await t.database.db
      .updateTable('annotations')
      .set({ kind: 'polygon', data: '[1,1,31,1,31,31]' })
      .where('image_id', '=', cars[0]!)
      .execute();
    const guess = await seedImage(t, p.id, { labeled: true });
    await seedAnnotation(t, guess, p.labels.car!);
    await t.database.db
      .updateTable('annotations')
      .set({ source: 'machine', score: 0.9 })
      .where('image_id', '=', guess)
      .execute();

    const res = await as(t, member, 'POST', `projects/${p.id}/trainings`, settings([p.labels.car!, p.labels.dog!]));
    expect(res.status).toBe(202);
    const got = await as(t, admin, 'GET', `projects/${p.id}/trainings/${res.body.trainingId}`);
    expect(got.status).toBe(200);
    const training = trainingSchema.parse(got.body);
    expect(training).toMatchObject({
      number: 1,
      status: 'queued',
      step: 'ready',
      progress: 0,
      task: 'detection',
      annotationType: 'box',
      network: 'detector-compact',
      splitType: 'project',
      modelTag: 'first',
      datasetCount: 13,
      splitCounts: { train: 8, validation: 2, test: 3 },
      trigger: 'manual',
      createdBy: { id: member.id, name: 'Mia' },
      epochs: 5,
      stopRequested: false,
      evaluation: null,
      modelId: null,
    });
    expect(training.settings.labelIds).toEqual([p.labels.car, p.labels.dog]);
    const job = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('project_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ kind: 'training.run', state: 'queued', max_attempts: 3 });
    expect(JSON.parse(job.payload)).toEqual({ trainingId: training.id });
    const row = await t.database.db
      .selectFrom('trainings')
      .select('job_id')
      .where('id', '=', training.id)
      .executeTakeFirstOrThrow();
    expect(row.job_id).toBe(job.id);

    const second = await as(
      t,
      admin,
      'POST',
      `projects/${p.id}/trainings`,
      settings([p.labels.car!, p.labels.dog!], { trainerId: named, modelTag: '' }),
    );
    expect(second.status).toBe(202);
    const secondJob = await t.database.db
      .selectFrom('trainings')
      .innerJoin('jobs', 'jobs.id', 'trainings.job_id')
      .select(['trainings.number', 'trainings.model_tag', 'jobs.kind'])
      .where('trainings.id', '=', second.body.trainingId)
      .executeTakeFirstOrThrow();
    expect(secondJob).toEqual({ number: 2, model_tag: null, kind: `training.run:${named}` });

    const list = await as(t, member, 'GET', `projects/${p.id}/trainings`);
    expect(trainingListSchema.parse(list.body).items.map((i) => i.number)).toEqual([2, 1]);
    await removeTrainers();
  });

  it('lets admins and members train; workers get 403 and other projects 404', async () => {
    await trainer();
    const p = await newProject();
    await labeledImages(p.id, p.labels.car!, 10);
    expect((await as(t, worker, 'POST', `projects/${p.id}/trainings`, settings([p.labels.car!]))).status).toBe(403);
    expect((await as(t, worker, 'GET', `projects/${p.id}/trainings`)).status).toBe(403);
    const outsider = await createTestUser(t);
    expect((await as(t, outsider, 'GET', `projects/${p.id}/trainings`)).status).toBe(404);
    const other = await newProject();
    const created = await as(t, admin, 'POST', `projects/${p.id}/trainings`, settings([p.labels.car!]));
    expect((await as(t, admin, 'GET', `projects/${other.id}/trainings/${created.body.trainingId}`)).status).toBe(404);
    await removeTrainers();
  });
});

describe('training preview', () => {
  it('counts usable images per label and per split, for the project split or custom ratios', async () => {
    const p = await newProject('IMAGE_CLASSIFICATION', ['cat', 'dog', 'fox']);
    const cats = await labeledImages(p.id, p.labels.cat!, 6, { kind: 'class' });
    const dogs = await labeledImages(p.id, p.labels.dog!, 4, { kind: 'class', split: 'test' });
    // Boxes do not teach a classifier.
    const boxed = await seedImage(t, p.id, { labeled: true });
    await seedAnnotation(t, boxed, p.labels.fox!);

    const split = { mode: 'project' as const, train: 70, validation: 20, test: 10, seed: 1 };
    const res = await as(t, member, 'POST', `projects/${p.id}/training-preview`, { split, labelIds: [p.labels.cat] });
    expect(res.status).toBe(200);
    const preview = trainingPreviewSchema.parse(res.body);
    expect(preview).toEqual({
      images: 6,
      splitCounts: { train: 6, validation: 0, test: 0 },
      perLabel: [
        { labelId: p.labels.cat, images: 6, annotations: 6 },
        { labelId: p.labels.dog, images: 4, annotations: 4 },
        { labelId: p.labels.fox, images: 0, annotations: 0 },
      ],
      annotationType: 'class',
    });

    const custom = { mode: 'custom' as const, train: 50, validation: 25, test: 25, seed: 77 };
    const both = await as(t, member, 'POST', `projects/${p.id}/training-preview`, {
      split: custom,
      labelIds: [p.labels.cat, p.labels.dog],
    });
    const expected = { train: 0, validation: 0, test: 0 };
    for (const id of [...cats, ...dogs]) expected[splitFor(custom, id)] += 1;
    expect(both.body.splitCounts).toEqual(expected);
    expect(both.body.images).toBe(10);

    const none = await as(t, member, 'POST', `projects/${p.id}/training-preview`, { split, labelIds: [] });
    expect(none.body).toMatchObject({ images: 0, splitCounts: { train: 0, validation: 0, test: 0 } });
    const foreign = await as(t, member, 'POST', `projects/${p.id}/training-preview`, { split, labelIds: ['x'] });
    expect(foreign.body.error.fields).toEqual({ labelIds: 'validation:training.labels' });
    expect((await as(t, worker, 'POST', `projects/${p.id}/training-preview`, { split, labelIds: [] })).status).toBe(
      403,
    );
  });
});

async function queuedTraining() {
  await trainer();
  const p = await newProject();
  await labeledImages(p.id, p.labels.car!, 10);
  const res = await as(t, member, 'POST', `projects/${p.id}/trainings`, settings([p.labels.car!]));
  expect(res.status).toBe(202);
  await removeTrainers();
  return { projectId: p.id, trainingId: res.body.trainingId as string, p };
}

describe('stop', () => {
  it('stops a queued training at once and removes its job; a second stop is 409', async () => {
    const { projectId, trainingId } = await queuedTraining();
    const res = await as(t, member, 'POST', `projects/${projectId}/trainings/${trainingId}/stop`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'stopped', stopRequested: true });
    expect(res.body.endedAt).not.toBeNull();
    expect(await countRows(projectId)).toEqual({ trainings: 1, jobs: 0 });
    const again = await as(t, member, 'POST', `projects/${projectId}/trainings/${trainingId}/stop`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('training_finished');
  });

  it('asks a running training to stop and leaves its job to the trainer', async () => {
    const { projectId, trainingId } = await queuedTraining();
    await t.database.db
      .updateTable('trainings')
      .set({ status: 'running', step: 'learning' })
      .where('id', '=', trainingId)
      .execute();
    await t.database.db
      .updateTable('jobs')
      .set({ state: 'running', worker: 'w' })
      .where('project_id', '=', projectId)
      .execute();
    const res = await as(t, admin, 'POST', `projects/${projectId}/trainings/${trainingId}/stop`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'running', stopRequested: true, endedAt: null });
    expect(await countRows(projectId)).toEqual({ trainings: 1, jobs: 1 });
    expect((await as(t, worker, 'POST', `projects/${projectId}/trainings/${trainingId}/stop`)).status).toBe(403);
    expect((await as(t, admin, 'POST', `projects/${projectId}/trainings/nope/stop`)).status).toBe(404);
  });

  it('a queued training whose job a trainer just leased only gets the request', async () => {
    const { projectId, trainingId } = await queuedTraining();
    await t.database.db
      .updateTable('jobs')
      .set({ state: 'running', worker: 'w' })
      .where('project_id', '=', projectId)
      .execute();
    const res = await as(t, admin, 'POST', `projects/${projectId}/trainings/${trainingId}/stop`);
    expect(res.body).toMatchObject({ status: 'queued', stopRequested: true });
  });
});

/** Reads server-sent events from a response body until it ends or `until` is satisfied. */
async function readEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<{ event: string; data: string } | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) continue;
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        return { event, data };
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return { next, cancel: () => reader.cancel() };
}

describe('events', () => {
  it('sends the training, each change, and ends after a final status', async () => {
    const { projectId, trainingId } = await queuedTraining();
    const res = await t.app.request(`/api/projects/${projectId}/trainings/${trainingId}/events`, {
      headers: { Authorization: member.auth },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    const events = await readEvents(res.body!);
    const first = await events.next();
    expect(first?.event).toBe('training');
    expect(JSON.parse(first!.data)).toMatchObject({ id: trainingId, status: 'queued', progress: 0, evaluation: null });

    const later = new Date(Date.now() + 1000).toISOString();
    await t.database.db
      .updateTable('trainings')
      .set({ status: 'running', step: 'learning', progress: 0.4, epoch: 2, loss: 0.5, updated_at: later })
      .where('id', '=', trainingId)
      .execute();
    const second = await events.next();
    expect(JSON.parse(second!.data)).toMatchObject({
      status: 'running',
      step: 'learning',
      progress: 0.4,
      epoch: 2,
      loss: 0.5,
    });

    await t.database.db
      .updateTable('trainings')
      .set({
        status: 'completed',
        step: 'completed',
        progress: 1,
        updated_at: new Date(Date.now() + 2000).toISOString(),
      })
      .where('id', '=', trainingId)
      .execute();
    const last = await events.next();
    expect(JSON.parse(last!.data)).toMatchObject({ status: 'completed', progress: 1 });
    expect(await events.next()).toBeNull();
  });

  it('keeps a quiet stream alive with comments and stops reading the row when the client goes away', async () => {
    const { projectId, trainingId } = await queuedTraining();
    const counter = new QueryCounter();
    const db = t.database.db.withPlugin(counter);
    const app = new Hono().get('/', (c) =>
      trainingEventStream(c, db, projectId, trainingId, { pollMs: 10, heartbeatMs: 30 }),
    );
    const res = await app.request('/');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': keep-alive')) text += decoder.decode((await reader.read()).value, { stream: true });
    expect(text.match(/^event: training$/gm)).toHaveLength(1);
    await reader.cancel();
    // The loop notices within one poll; from then on no statement reads the row.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = counter.statements.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(counter.statements.length).toBe(after);
  });

  it('refuses workers and unknown trainings before streaming', async () => {
    const { projectId, trainingId } = await queuedTraining();
    expect((await as(t, worker, 'GET', `projects/${projectId}/trainings/${trainingId}/events`)).status).toBe(403);
    expect((await as(t, member, 'GET', `projects/${projectId}/trainings/nope/events`)).status).toBe(404);
  });
});

describe('predictions', () => {
  it("reads one test image's predictions from the training's blob; 404 for an image it did not test", async () => {
    const { projectId, trainingId, p } = await queuedTraining();
    const imageId = randomUUID();
    const predictions = { [imageId]: [{ labelId: p.labels.car, score: 0.8, box: [1, 2, 30, 40] }] };
    const blobs = new LocalBlobStore(path.join(t.dataDir, 'blobs'));
    const key = await blobs.put(new TextEncoder().encode(JSON.stringify(predictions)));
    expect(
      (await as(t, member, 'GET', `projects/${projectId}/trainings/${trainingId}/predictions/${imageId}`)).status,
    ).toBe(404);
    await t.database.db
      .updateTable('trainings')
      .set({ predictions_key: key, model_id: 'm1' })
      .where('id', '=', trainingId)
      .execute();
    const res = await as(t, member, 'GET', `projects/${projectId}/trainings/${trainingId}/predictions/${imageId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imageId,
      modelId: 'm1',
      predictions: [{ labelId: p.labels.car, score: 0.8, box: [1, 2, 30, 40] }],
    });
    expect((await as(t, member, 'GET', `projects/${projectId}/trainings/${trainingId}/predictions/other`)).status).toBe(
      404,
    );
  });
});

describe('trainers', () => {
  it('lists registered trainers, online ones first, to any signed-in user', async () => {
    await trainer('b-silent', 120);
    await trainer('a-online');
    const res = await as(t, worker, 'GET', 'trainers');
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { id: string; online: boolean }) => [i.id, i.online])).toEqual([
      ['a-online', true],
      ['b-silent', false],
    ]);
    expect(res.body.items[0]).toMatchObject({ backend: 'wasm', embedded: true, busy: false, featureMsPerImage: 40 });
    expect((await as(t, null, 'GET', 'trainers')).status).toBe(401);
    await removeTrainers();
  });
});
