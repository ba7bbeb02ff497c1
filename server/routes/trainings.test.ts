import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  trainingListSchema,
  trainingPreviewSchema,
  trainingSchema,
  type TrainingCreate,
} from '../../contract/apiTraining';
import { splitFor } from '../projects/splitAssignment';
import { as, seedAnnotation, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { trainingRouteKit } from '../test/trainingRouteKit';

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

const { newProject, labeledImages, trainer, removeTrainers, settings, countRows } = trainingRouteKit(
  () => t,
  () => ({ admin, member, worker }),
);

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
