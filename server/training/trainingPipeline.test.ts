import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { collectBlobReferences } from '../blobs/blobReferences';
import { seedProject } from '../test/fixtures/projectSeed';
import { seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { insertTraining, trainingDeps, trainingSettings } from '../test/trainingFixtures';
import { isTransientError } from './isTransientError';
import { runTraining } from './runTraining';
import { evaluateModel } from './evaluateModel';
import { decodeCheckpoint, encodeCheckpoint } from './trainingCheckpoint';
import { selectTrainingData } from './trainingData';
import { TrainingProgress } from './trainingProgress';

/*
 * The pipeline's parts that need no network: which images a training takes, its early failures,
 * stop before start, checkpoints, the row guard and blob references. (The real trainings are in
 * runTraining.test.ts.)
 */

let t: TestApp;
let user: TestUser;
let blobs: LocalBlobStore;

beforeAll(async () => {
  t = await createTestApp();
  user = await createTestUser(t, { name: 'Trainer' });
  blobs = new LocalBlobStore(path.join(t.dataDir, 'blobs'));
});
afterAll(() => t.close());

async function annotate(
  imageId: string,
  labelId: string,
  kind: string,
  geometry: { x: number; y: number; width: number; height: number },
  extra: { data?: string; source?: string } = {},
) {
  const now = t.clock.now().toISOString();
  await t.database.db
    .insertInto('annotations')
    .values({
      id: randomUUID(),
      image_id: imageId,
      label_id: labelId,
      kind,
      ...geometry,
      data: extra.data ?? null,
      version: 1,
      created_by: null,
      created_at: now,
      updated_at: now,
      ...(extra.source ? { source: extra.source, score: 0.9 } : {}),
    })
    .execute();
  await t.database.db.updateTable('images').set({ labeled: 1 }).where('id', '=', imageId).execute();
}

describe('selectTrainingData', () => {
  it('takes boxes and polygons (as their boxes) of the selected labels, relative to the image, and leaves out machine labels, other labels and unlabeled images', async () => {
    const project = await seedProject(t, { members: [{ user, role: 'admin' }], labels: ['cat', 'dog', 'bird'] });
    const { cat, dog, bird } = project.labels as Record<'cat' | 'dog' | 'bird', string>;
    const a = await seedImage(t, project.id, { split: 'train' }); // 640 × 480
    const b = await seedImage(t, project.id, { split: 'test' });
    const c = await seedImage(t, project.id, { split: 'validation' });
    await seedImage(t, project.id, { split: 'train' }); // no annotations
    await annotate(a, cat, 'box', { x: 64, y: 48, width: 320, height: 240 });
    await annotate(a, dog, 'polygon', { x: 0, y: 0, width: 64, height: 96 }, { data: '[0,0,64,0,0,96]' });
    await annotate(a, bird, 'box', { x: 1, y: 1, width: 2, height: 2 }); // not selected
    await annotate(b, dog, 'box', { x: 600, y: 400, width: 100, height: 100 }); // clipped at the edge
    await annotate(c, cat, 'box', { x: 10, y: 10, width: 20, height: 20 }, { source: 'machine' });

    const data = await selectTrainingData(
      t.database.db,
      project.id,
      { labelIds: [dog, cat], split: { mode: 'project', train: 70, validation: 20, test: 10, seed: 1 } },
      'detection',
    );
    // Output order is the project's label order, not the selection's.
    expect(data.labels.map((l) => l.id)).toEqual([cat, dog]);
    expect(data.splits.validation).toEqual([]);
    expect(data.splits.train.map((i) => i.id)).toEqual([a]);
    const target = data.splits.train[0]!.target;
    expect(target.kind).toBe('boxes');
    const boxes = target.kind === 'boxes' ? [...target.boxes].sort((p, q) => p.classIndex - q.classIndex) : [];
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toMatchObject({ classIndex: 0, x: 0.1, y: 0.1, w: 0.5, h: 0.5 });
    expect(boxes[1]).toMatchObject({ classIndex: 1, x: 0, y: 0, w: 0.1, h: 0.2 });
    const clipped = data.splits.test[0]!.target;
    expect(clipped.kind === 'boxes' && clipped.boxes[0]!.w).toBeCloseTo(40 / 640);
    expect(clipped.kind === 'boxes' && clipped.boxes[0]!.h).toBeCloseTo(80 / 480);
  });

  it('takes each image’s class, leaves out an image with two classes, and deals a custom split by its own seed', async () => {
    const project = await seedProject(t, {
      subtype: 'IMAGE_CLASSIFICATION',
      members: [{ user, role: 'admin' }],
      labels: ['red', 'blue'],
    });
    const { red, blue } = project.labels as Record<'red' | 'blue', string>;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await seedImage(t, project.id, { split: 'train' });
      ids.push(id);
      await annotate(id, i % 2 ? red : blue, 'class', { x: 0, y: 0, width: 0, height: 0 });
    }
    await annotate(ids[0]!, red, 'class', { x: 0, y: 0, width: 0, height: 0 }); // now red and blue
    const custom = { mode: 'custom' as const, train: 50, validation: 0, test: 50, seed: 7 };
    const data = await selectTrainingData(
      t.database.db,
      project.id,
      { labelIds: [red, blue], split: custom },
      'classification',
    );
    expect(data.ambiguous).toBe(1);
    expect(data.splits.validation).toEqual([]);
    const all = [...data.splits.train, ...data.splits.test];
    expect(all).toHaveLength(11);
    expect(data.splits.test.length).toBeGreaterThan(0);
    for (const image of all) {
      const expected = ids.indexOf(image.id) % 2 ? 0 : 1; // red is position 0
      expect(image.target).toEqual({ kind: 'class', classIndex: expected });
    }
  });
});

describe('runTraining before learning', () => {
  it('fails with too_few_images when fewer than 10 usable images remain (missing files are left out)', async () => {
    const project = await seedProject(t, { members: [{ user, role: 'admin' }], labels: ['cat'] });
    for (let i = 0; i < 12; i++) {
      // The rows' blob ('a' × 64) is not in the store: every image is left out.
      const id = await seedImage(t, project.id, { split: 'train' });
      await annotate(id, project.labels.cat!, 'box', { x: 1, y: 1, width: 50, height: 50 });
    }
    const id = await insertTraining(
      t,
      project.id,
      trainingSettings('detector-compact', [project.labels.cat!]),
      user.id,
    );
    const logs: string[] = [];
    const outcome = await runTraining(trainingDeps(t, blobs, logs), id, {
      trainerId: 'trainer-a',
      signal: new AbortController().signal,
    });
    expect(outcome, logs.join('\n')).toBe('failed');
    const row = await t.database.db.selectFrom('trainings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row, logs.join('\n')).toMatchObject({
      status: 'failed',
      error: 'too_few_images',
      trainer_id: 'trainer-a',
      model_id: null,
    });
    expect(row.started_at).not.toBeNull();
    expect(row.ended_at).not.toBeNull();
    expect(logs.join('\n')).toMatch(/12 images have no stored file/);
    // A final training is left as it is when its job runs again.
    expect(
      await runTraining(trainingDeps(t, blobs, []), id, { trainerId: 'b', signal: new AbortController().signal }),
    ).toBe('failed');
  });

  it('fails with image_unreadable when a stored image does not decode', async () => {
    const project = await seedProject(t, { members: [{ user, role: 'admin' }], labels: ['cat'] });
    // A JPEG signature and then nothing a decoder can use: stored, so only decoding finds out.
    const broken = await blobs.put(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 9, 9, 9, 9, 9, 9, 9]));
    for (let i = 0; i < 10; i++) {
      const id = await seedImage(t, project.id, { split: i < 8 ? 'train' : 'validation' });
      await t.database.db.updateTable('images').set({ blob_key: broken }).where('id', '=', id).execute();
      await annotate(id, project.labels.cat!, 'box', { x: 10, y: 10, width: 100, height: 100 });
    }
    const settings = trainingSettings('detector-compact', [project.labels.cat!], {
      hyperparameters: { inputSize: 128, iterations: 1 },
    });
    const id = await insertTraining(t, project.id, settings, user.id);
    const logs: string[] = [];
    const outcome = await runTraining(trainingDeps(t, blobs, logs), id, {
      trainerId: 'trainer-a',
      signal: new AbortController().signal,
    });
    expect(outcome, logs.join('\n')).toBe('failed');
    expect(
      await t.database.db.selectFrom('trainings').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    ).toMatchObject({
      status: 'failed',
      error: 'image_unreadable',
      step: 'learning',
    });
  }, 120_000);

  it('ends a training whose stop was asked before it started as stopped, without a model', async () => {
    const project = await seedProject(t, { members: [{ user, role: 'admin' }], labels: ['cat'] });
    const id = await insertTraining(
      t,
      project.id,
      trainingSettings('detector-compact', [project.labels.cat!]),
      user.id,
    );
    await t.database.db.updateTable('trainings').set({ stop_requested: 1 }).where('id', '=', id).execute();
    const outcome = await runTraining(trainingDeps(t, blobs, []), id, {
      trainerId: 'trainer-a',
      signal: new AbortController().signal,
    });
    expect(outcome).toBe('stopped');
    const row = await t.database.db.selectFrom('trainings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'stopped', model_id: null });
    expect(row.ended_at).not.toBeNull();
  });
});

describe('pipeline parts', () => {
  it('a checkpoint survives its blob encoding; damaged bytes read as none', () => {
    const weights = new Float32Array([1.5, -2, 3.25]).buffer;
    const history = [{ epoch: 1, loss: 0.5, accuracy: 0.8, valLoss: 0.6, valAccuracy: 0.7, seconds: 2 }];
    const back = decodeCheckpoint(encodeCheckpoint({ epoch: 1, weights, history }));
    expect(back?.epoch).toBe(1);
    expect(back?.history).toEqual(history);
    expect([...new Float32Array(back!.weights)]).toEqual([1.5, -2, 3.25]);
    expect(decodeCheckpoint(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]))).toBeNull();
  });

  it('progress writes name the trainer: a trainer whose job was taken again writes nothing and must stop', async () => {
    const project = await seedProject(t, { members: [{ user, role: 'admin' }], labels: ['cat'] });
    const id = await insertTraining(
      t,
      project.id,
      trainingSettings('detector-compact', [project.labels.cat!]),
      user.id,
    );
    await t.database.db
      .updateTable('trainings')
      .set({ status: 'running', trainer_id: 'new-trainer' })
      .where('id', '=', id)
      .execute();
    const stale = new TrainingProgress(t.database.db, id, 'old-trainer', t.clock.now, new AbortController().signal);
    await stale.write({ epoch: 7 });
    expect(stale.lost).toBe(true);
    expect(stale.shouldStop()).toBe(true);
    const row = await t.database.db
      .selectFrom('trainings')
      .select('epoch')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.epoch).toBe(0);

    const owner = new TrainingProgress(t.database.db, id, 'new-trainer', t.clock.now, new AbortController().signal);
    await owner.poll();
    expect(owner.shouldStop()).toBe(false);
    // A training taken again keeps the progress it had reached while it recomputes its features.
    owner.keepProgressFrom(0.5);
    await owner.write({ progress: 0.1, epoch: 3 });
    expect(
      await t.database.db
        .selectFrom('trainings')
        .select(['progress', 'epoch'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      progress: 0.5,
      epoch: 3,
    });
    await t.database.db.updateTable('trainings').set({ stop_requested: 1 }).where('id', '=', id).execute();
    await owner.poll();
    expect(owner.stopRequested).toBe(true);
  });

  it('keeps model zips, predictions, checkpoints and cached features from the blob collector', async () => {
    const project = await seedProject(t, { members: [{ user, role: 'admin' }], labels: ['cat'] });
    const id = await insertTraining(
      t,
      project.id,
      trainingSettings('detector-compact', [project.labels.cat!]),
      user.id,
    );
    const [zip, predictions, checkpoint, features] = await Promise.all(
      ['zip', 'predictions', 'checkpoint', 'features'].map((s) => blobs.put(Buffer.from(`gc ${s}`))),
    );
    const now = t.clock.now().toISOString();
    await t.database.db
      .updateTable('trainings')
      .set({ predictions_key: predictions!, checkpoint_key: checkpoint! })
      .where('id', '=', id)
      .execute();
    await t.database.db
      .insertInto('models')
      .values({
        id: randomUUID(),
        project_id: project.id,
        training_id: id,
        tag: null,
        task: 'detection',
        network: 'detector-compact',
        backbone: 'mobilenet-v2',
        input_size: 256,
        labels: '[]',
        manifest: '{}',
        source: 'trained',
        blob_key: zip!,
        bytes: 3,
        created_by: null,
        created_at: now,
      })
      .execute();
    await t.database.db
      .insertInto('feature_cache')
      .values({ key: `k-${id}`, blob_key: features!, created_at: now })
      .execute();
    const keys = await collectBlobReferences(t.database.db, blobs);
    for (const key of [zip, predictions, checkpoint, features]) expect(keys.has(key!)).toBe(true);
  });

  it('evaluates predictions in image pixels, groups images into one forward pass, and leaves unreadable images out', async () => {
    const labels = [
      { id: 'L0', name: 'a', color: '#000000' },
      { id: 'L1', name: 'b', color: '#ffffff' },
    ];
    const images = Array.from({ length: 10 }, (_, i) => ({
      id: `img${i}`,
      blobKey: `k${i}`,
      width: 200,
      height: 100,
      pyramid: null,
      target: { kind: 'boxes' as const, boxes: [{ classIndex: i % 2, x: 0.1, y: 0.2, w: 0.5, h: 0.5 }] },
    }));
    const groups: number[] = [];
    const result = await evaluateModel({
      task: 'detection',
      labels,
      images,
      load: async (image) => {
        if (image.id === 'img3') return null;
        const data = new Uint8Array(192);
        data[0] = Number(image.id.slice(3));
        return { width: 8, height: 8, data };
      },
      predict: async (inputs) => {
        groups.push(inputs.length);
        // Every image gets an L0 box where its truth is: right on even images (L0), a confident-less
        // wrong class on odd ones (L1), so L0 ranks its hits first and L1 is never found.
        return inputs.map((input) => [
          {
            classIndex: 0,
            score: input.data[0]! % 2 ? 0.4 : 0.9,
            box: [0.1, 0.2, 0.5, 0.5] as [number, number, number, number],
          },
        ]);
      },
    });
    expect(groups).toEqual([7, 2]);
    expect(result.unreadable).toBe(1);
    expect(result.evaluation.testImages).toBe(9);
    expect(result.predictions.img0).toEqual([{ labelId: 'L0', score: 0.9, box: [20, 20, 100, 50] }]);
    expect(result.predictions.img3).toBeUndefined();
    // L0 is found on all its images (img0, 2, 4, 6, 8) before any false positive; L1 never.
    if (result.evaluation.task !== 'detection') throw new Error('expected detection');
    const ap = Object.fromEntries(result.evaluation.perClass.map((c) => [c.labelId, c.ap50]));
    expect(ap.L0).toBeCloseTo(1);
    expect(ap.L1).toBe(0);
    expect(result.metrics).toEqual({ map50: result.evaluation.map50, map5095: result.evaluation.map5095 });
  });

  it('tells a store outage (retry the job) from a training’s own error', () => {
    expect(isTransientError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isTransientError(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isTransientError(new Error('wrapped', { cause: Object.assign(new Error(), { code: 'SQLITE_BUSY' }) }))).toBe(
      true,
    );
    expect(isTransientError(Object.assign(new Error('constraint'), { code: '23505' }))).toBe(false);
    expect(isTransientError(new Error('NaN loss'))).toBe(false);
  });
});
