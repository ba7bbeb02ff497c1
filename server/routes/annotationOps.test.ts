import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  annotationConflictSchema,
  annotationOpsResponseSchema,
  ANNOTATIONS_PER_IMAGE_MAX,
  imageAnnotationsSchema,
} from '../../contract/apiAnnotations';
import { apiErrorBodySchema } from '../../contract/apiErrors';
import { ANNOTATION_OP_RETENTION_DAYS } from '../projects/applyAnnotationOps';
import { addProjectMember, as, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let worker: TestUser;
let viewer: TestUser;
let projectId: string;
let cat: string;
let dog: string;
let foreignLabel: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { name: 'Admin' });
  worker = await createTestUser(t, { name: 'Worker' });
  viewer = await createTestUser(t);
  projectId = (await as(t, admin, 'POST', 'projects', { title: 'Ops', subtype: 'IMAGE_OBJECT_DETECTION' })).body.id;
  const other = (await as(t, admin, 'POST', 'projects', { title: 'Other', subtype: 'IMAGE_OBJECT_DETECTION' })).body.id;
  await addProjectMember(t, projectId, worker, 'worker');
  cat = (await as(t, admin, 'POST', `projects/${projectId}/labels`, { name: 'cat', color: '#ff0000' })).body.id;
  dog = (await as(t, admin, 'POST', `projects/${projectId}/labels`, { name: 'dog', color: '#00ff00' })).body.id;
  foreignLabel = (await as(t, admin, 'POST', `projects/${other}/labels`, { name: 'cat', color: '#ff0000' })).body.id;
});
afterAll(() => t.close());

const opsPath = (imageId: string) => `projects/${projectId}/images/${imageId}/annotations/ops`;
const send = (imageId: string, ops: unknown[], user = worker) => as(t, user, 'POST', opsPath(imageId), { ops });
const read = async (imageId: string) => {
  const res = await as(t, worker, 'GET', `projects/${projectId}/images/${imageId}/annotations`);
  return imageAnnotationsSchema.parse(res.body);
};
const imageRow = (id: string) =>
  t.database.db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const opRows = (imageId: string) =>
  t.database.db.selectFrom('annotation_ops').selectAll().where('image_id', '=', imageId).execute();

const box = (id: string, labelId = cat, x = 10, y = 10, width = 40, height = 30) => ({
  id,
  labelId,
  kind: 'box',
  x,
  y,
  width,
  height,
});
const create = (annotation: object, opId = randomUUID()) => ({ opId, type: 'put', baseVersion: null, annotation });
const change = (annotation: object, baseVersion: number, opId = randomUUID()) => ({
  opId,
  type: 'put',
  baseVersion,
  annotation,
});
const remove = (id: string, baseVersion: number, opId = randomUUID()) => ({ opId, type: 'delete', id, baseVersion });

describe('annotation operations', () => {
  it('applies operations in order and keeps versions, count, revision, labeled and the worker in step', async () => {
    const imageId = await seedImage(t, projectId);
    const [a, b] = [randomUUID(), randomUUID()];
    const res = await send(imageId, [
      create(box(a)),
      create(box(b, dog, 100, 100, 50, 50)),
      change(box(a, dog, 20, 20, 40, 30), 1),
      remove(b, 1),
    ]);
    expect(res.status).toBe(200);
    const body = annotationOpsResponseSchema.parse(res.body);
    expect(body).toMatchObject({ imageId, revision: 1, count: 1 });
    expect(body.results.map((r) => [r.id, r.version, r.replayed])).toEqual([
      [a, 1, false],
      [b, 1, false],
      [a, 2, false],
      [b, null, false],
    ]);
    expect(await read(imageId)).toEqual({
      imageId,
      revision: 1,
      annotations: [{ id: a, labelId: dog, kind: 'box', x: 20, y: 20, width: 40, height: 30, version: 2 }],
    });
    expect(await imageRow(imageId)).toMatchObject({
      annotation_count: 1,
      annotation_revision: 1,
      labeled: 1,
      worker_id: worker.id,
    });

    // Deleting the last one leaves the image unlabeled; the worker stays credited, as with PUT.
    const emptied = await send(imageId, [remove(a, 2)], admin);
    expect(emptied.body).toMatchObject({ revision: 2, count: 0, results: [{ id: a, version: null }] });
    expect(await imageRow(imageId)).toMatchObject({ annotation_count: 0, labeled: 0, worker_id: worker.id });
    const listed = await as(t, worker, 'GET', `projects/${projectId}/images/${imageId}`);
    expect(listed.body).toMatchObject({ labeled: false, labelIds: [] });
  });

  it('answers a repeated operation with its stored result and changes nothing', async () => {
    const imageId = await seedImage(t, projectId);
    const a = randomUUID();
    const ops = [create(box(a)), change(box(a, cat, 30, 30, 40, 40), 1)];
    const first = await send(imageId, ops);
    expect(first.status).toBe(200);
    const state = await read(imageId);
    const rows = await opRows(imageId);

    const again = await send(imageId, ops);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      ...first.body,
      results: first.body.results.map((r: object) => ({ ...r, replayed: true })),
    });
    expect(await read(imageId)).toEqual(state);
    expect(await opRows(imageId)).toEqual(rows);

    // A request mixing a sent operation with a new one applies only the new one.
    const third = remove(a, 2);
    const mixed = await send(imageId, [ops[1], third]);
    expect(mixed.body).toMatchObject({
      revision: 2,
      count: 0,
      results: [
        { opId: ops[1]!.opId, version: 2, replayed: true },
        { opId: third.opId, version: null, replayed: false },
      ],
    });
  });

  it('applies one of two identical requests sent at once', async () => {
    const imageId = await seedImage(t, projectId);
    const ops = [create(box(randomUUID()))];
    const answers = await Promise.all([send(imageId, ops), send(imageId, ops)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => r.body.results[0].replayed).sort()).toEqual([false, true]);
    expect(await imageRow(imageId)).toMatchObject({ annotation_count: 1, annotation_revision: 1 });
  });

  it('refuses stale versions, creates of existing ids and changes of missing ones with the current state, applying nothing', async () => {
    const imageId = await seedImage(t, projectId);
    const [a, b, gone] = [randomUUID(), randomUUID(), randomUUID()];
    await send(imageId, [create(box(a)), create(box(b)), change(box(a, dog), 1)]);
    const before = await read(imageId);
    const fresh = randomUUID();
    const res = await send(imageId, [
      create(box(fresh)),
      change(box(a, cat, 50, 50, 40, 40), 1),
      create(box(b)),
      remove(gone, 1),
      change(box(gone), 3),
    ]);
    expect(res.status).toBe(409);
    const error = apiErrorBodySchema.parse(res.body).error;
    expect(error.code).toBe('annotation_conflict');
    const current = (id: string) => before.annotations.find((x) => x.id === id);
    expect(error.conflicts).toEqual([
      { opId: expect.any(String), id: a, current: current(a) },
      { opId: expect.any(String), id: b, current: current(b) },
      { opId: expect.any(String), id: gone, current: null },
      { opId: expect.any(String), id: gone, current: null },
    ]);
    expect(error.conflicts?.every((c) => annotationConflictSchema.safeParse(c).success)).toBe(true);
    expect(current(a)).toMatchObject({ labelId: dog, version: 2 });
    expect(await read(imageId)).toEqual(before);
    // Refused operations are not remembered: the same ids may be sent again once rebased.
    expect((await opRows(imageId)).length).toBe(3);
    expect((await send(imageId, [change(box(a, cat, 50, 50, 40, 40), 2)])).body.results[0].version).toBe(3);
  });

  it('refuses bad operations with 400 and a code naming the operation, changing nothing', async () => {
    const imageId = await seedImage(t, projectId);
    const a = randomUUID();
    await send(imageId, [create(box(a))]);
    const before = await read(imageId);
    const poly = (points: number[]) => ({ id: randomUUID(), labelId: cat, kind: 'polygon', points });
    const ok = create(box(randomUUID()));
    const cases: [unknown[], string, string][] = [
      [[ok, create(box(randomUUID(), foreignLabel))], 'label_not_found', 'ops.1.annotation.labelId'],
      [[create(box(randomUUID(), 'nope'))], 'label_not_found', 'ops.0.annotation.labelId'],
      [[ok, create(box(randomUUID(), cat, 630, 0, 40, 40))], 'box_invalid', 'ops.1'],
      [[change(box(a, cat, 0, 0, 19, 40), 1)], 'box_invalid', 'ops.0'],
      [[create(poly([0, 0, 10, 0, 10, 10, 0]))], 'polygon_invalid', 'ops.0'],
      [[create(poly([0, 0, 700, 0, 10, 10]))], 'polygon_invalid', 'ops.0'],
      [[create(poly([0, 0, 10, 0, 10, -1]))], 'polygon_invalid', 'ops.0'],
      [[create({ id: randomUUID(), labelId: cat, kind: 'polygon' })], 'polygon_invalid', 'ops.0'],
      [[create({ ...box(randomUUID()), points: [0, 0, 1, 1, 2, 2] })], 'validation', 'ops.0.annotation.points'],
      [[create(poly([0, 0, 10, 0]))], 'validation', 'ops.0.annotation.points'],
      [[ok, { ...ok }], 'validation', 'ops.1.opId'],
    ];
    for (const [ops, code, field] of cases) {
      const res = await send(imageId, ops);
      expect(res.status, JSON.stringify(ops)).toBe(400);
      expect(res.body.error.code, JSON.stringify(ops)).toBe(code);
      expect(Object.keys(res.body.error.fields)).toEqual([field]);
    }
    expect((await send(imageId, [])).status).toBe(400);
    expect((await send(imageId, [{ ...ok, extra: 1 }])).body.error.code).toBe('bad_request');
    expect((await send(imageId, [{ ...ok, opId: 'short' }])).status).toBe(400);
    expect(await read(imageId)).toEqual(before);
    expect((await opRows(imageId)).length).toBe(1);
  });

  it('refuses an id that belongs to another image', async () => {
    const [one, two] = [await seedImage(t, projectId), await seedImage(t, projectId)];
    const a = randomUUID();
    await send(one, [create(box(a))]);
    const res = await send(two, [create(box(a))]);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ 'ops.0.annotation.id': 'validation:invalid' });
    expect((await send(two, [remove(a, 1)])).body.error.fields).toEqual({ 'ops.0.id': 'validation:invalid' });
    expect((await read(one)).annotations).toHaveLength(1);
  });

  it('stores polygons with the server box of their points and serves them back; classes have no geometry', async () => {
    const imageId = await seedImage(t, projectId);
    const [p, c] = [randomUUID(), randomUUID()];
    const points = [10, 20, 110.5, 25, 60, 200, 640, 480];
    const res = await send(imageId, [
      create({ id: p, labelId: dog, kind: 'polygon', x: 0, y: 0, width: 1, height: 1, points }),
      create({ id: c, labelId: cat, kind: 'class', x: 5, y: 5, width: 50, height: 50 }),
    ]);
    expect(res.status).toBe(200);
    const polygon = { id: p, labelId: dog, kind: 'polygon', x: 10, y: 20, width: 630, height: 460, points, version: 1 };
    const klass = { id: c, labelId: cat, kind: 'class', x: 0, y: 0, width: 0, height: 0, version: 1 };
    // Created in one request: the same time, so the order between them is the ids'.
    const both = [polygon, klass].sort((x, y) => (x.id < y.id ? -1 : 1));
    expect((await read(imageId)).annotations).toEqual(both);
    const batch = await as(t, worker, 'GET', `projects/${projectId}/annotations?imageIds=${imageId}`);
    expect(batch.body.items[0].annotations).toEqual(both);

    // The whole-set PUT takes polygons too, and keeps the version of what it leaves unchanged.
    const moved = [10, 20, 100, 20, 100, 100];
    const put = await as(t, worker, 'PUT', `projects/${projectId}/images/${imageId}/annotations`, {
      annotations: [
        { id: p, labelId: dog, kind: 'polygon', points: moved },
        { id: c, labelId: cat, kind: 'class' },
      ],
    });
    expect(put.status).toBe(200);
    expect(put.body.revision).toBe(2);
    expect(put.body.annotations.find((x: { id: string }) => x.id === p)).toEqual({
      ...polygon,
      points: moved,
      width: 90,
      height: 80,
      version: 2,
    });
    expect(put.body.annotations.find((x: { id: string }) => x.id === c)).toEqual(klass);
    expect(await imageRow(imageId)).toMatchObject({ annotation_count: 2, annotation_revision: 2 });
  });

  it('refuses to grow an image past the limit, but lets a full image change', async () => {
    const imageId = await seedImage(t, projectId);
    const a = randomUUID();
    await send(imageId, [create(box(a))]);
    // The count is what every write keeps; set it at the limit rather than writing 100,000 rows here.
    await t.database.db
      .updateTable('images')
      .set({ annotation_count: ANNOTATIONS_PER_IMAGE_MAX })
      .where('id', '=', imageId)
      .execute();
    const res = await send(imageId, [create(box(randomUUID()))]);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('too_many_annotations');
    const b = randomUUID();
    const swap = await send(imageId, [remove(a, 1), create(box(b))]);
    expect(swap.body).toMatchObject({ count: ANNOTATIONS_PER_IMAGE_MAX });
    expect((await send(imageId, [change(box(b, dog), 1)])).status).toBe(200);
  });

  it(`forgets answers after ${ANNOTATION_OP_RETENTION_DAYS} days; a late copy then meets its stale version`, async () => {
    const imageId = await seedImage(t, projectId);
    const a = randomUUID();
    const old = create(box(a));
    await send(imageId, [old]);
    const later = ANNOTATION_OP_RETENTION_DAYS * 86_400 + 60;
    t.clock.advance(later);
    try {
      // Tokens signed a week ago have expired: one signed now.
      const returning = await createTestUser(t);
      await addProjectMember(t, projectId, returning, 'worker');
      expect((await send(imageId, [change(box(a, dog), 1)], returning)).status).toBe(200);
      expect((await opRows(imageId)).map((r) => r.op_id)).not.toContain(old.opId);
      const late = await send(imageId, [old], returning);
      expect(late.status).toBe(409);
      expect(late.body.error.conflicts[0].current).toMatchObject({ id: a, version: 2 });
      expect((await opRows(imageId)).length).toBe(1);
    } finally {
      t.clock.advance(-later);
    }
  });

  it('keeps count and revision when a label is deleted with its annotations', async () => {
    const imageId = await seedImage(t, projectId);
    const bird = (await as(t, admin, 'POST', `projects/${projectId}/labels`, { name: 'bird', color: '#0000ff' })).body
      .id;
    await send(imageId, [create(box(randomUUID(), bird)), create(box(randomUUID(), cat))]);
    expect((await as(t, admin, 'DELETE', `projects/${projectId}/labels/${bird}`)).status).toBe(200);
    expect(await imageRow(imageId)).toMatchObject({ annotation_count: 1, annotation_revision: 2, labeled: 1 });
    expect((await read(imageId)).revision).toBe(2);
  });

  it('goes with its image: deleting an image drops its remembered operations and its lock', async () => {
    const imageId = await seedImage(t, projectId);
    await send(imageId, [create(box(randomUUID()))]);
    expect((await as(t, worker, 'POST', `projects/${projectId}/images/${imageId}/lock`)).status).toBe(200);
    expect((await as(t, admin, 'DELETE', `projects/${projectId}/images/${imageId}`)).status).toBe(204);
    expect(await opRows(imageId)).toEqual([]);
    const locks = await t.database.db.selectFrom('image_locks').selectAll().where('image_id', '=', imageId).execute();
    expect(locks).toEqual([]);
  });

  it('answers 404 to outsiders and for an unknown image, 401 without a token', async () => {
    const imageId = await seedImage(t, projectId);
    const ops = [create(box(randomUUID()))];
    expect((await send(imageId, ops, viewer)).status).toBe(404);
    expect((await send(randomUUID(), ops)).status).toBe(404);
    expect((await as(t, null, 'POST', opsPath(imageId), { ops })).status).toBe(401);
    expect(await imageRow(imageId)).toMatchObject({ annotation_count: 0, annotation_revision: 0 });
  });
});
