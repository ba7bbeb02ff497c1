import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANNOTATION_BATCH_MAX,
  annotationBatchSchema,
  ANNOTATIONS_PER_IMAGE_MAX,
  imageAnnotationsSchema,
  MIN_BOX_SIDE,
} from '../../contract/apiAnnotations';
import { ANNOTATIONS_BODY_MAX } from '../app';
import { addProjectMember, as, seedAnnotation, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let worker: TestUser;
let outsider: TestUser;
let projectId: string;
let otherProjectId: string;
let cat: string;
let dog: string;
let foreignLabel: string;
let foreignImage: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { name: 'Admin' });
  worker = await createTestUser(t, { name: 'Worker' });
  outsider = await createTestUser(t);
  projectId = (await as(t, admin, 'POST', 'projects', { title: 'Boxes', subtype: 'IMAGE_OBJECT_DETECTION' })).body.id;
  otherProjectId = (await as(t, admin, 'POST', 'projects', { title: 'Other', subtype: 'IMAGE_OBJECT_DETECTION' })).body
    .id;
  await addProjectMember(t, projectId, worker, 'worker');
  cat = (await as(t, admin, 'POST', `projects/${projectId}/labels`, { name: 'cat', color: '#ff0000' })).body.id;
  dog = (await as(t, admin, 'POST', `projects/${projectId}/labels`, { name: 'dog', color: '#00ff00' })).body.id;
  foreignLabel = (await as(t, admin, 'POST', `projects/${otherProjectId}/labels`, { name: 'cat', color: '#ff0000' }))
    .body.id;
  foreignImage = await seedImage(t, otherProjectId, { fileName: 'foreign.jpg' });
  await seedAnnotation(t, foreignImage, foreignLabel);
});
afterAll(() => t.close());

const path = (imageId: string) => `projects/${projectId}/images/${imageId}/annotations`;
const put = (imageId: string, annotations: unknown[], user = worker) =>
  as(t, user, 'PUT', path(imageId), { annotations });
const box = (labelId: string, x: number, y: number, width: number, height: number) => ({
  labelId,
  kind: 'box',
  x,
  y,
  width,
  height,
});
const imageRow = (id: string) =>
  t.database.db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const annotationCount = async () => (await t.database.db.selectFrom('annotations').select('id').execute()).length;

describe('annotations', () => {
  it('replaces an image set, keeps ids it is given, and keeps labeled, worker and labelIds in step', async () => {
    const imageId = await seedImage(t, projectId, { fileName: 'one.jpg' });
    expect((await as(t, worker, 'GET', path(imageId))).body).toEqual({ imageId, revision: 0, annotations: [] });

    const first = await put(imageId, [box(cat, 10, 20, 100, 50), { labelId: dog, kind: 'class' }]);
    expect(first.status).toBe(200);
    expect(imageAnnotationsSchema.safeParse(first.body).success).toBe(true);
    expect(first.body.annotations).toHaveLength(2);
    const catBox = first.body.annotations.find((a: { kind: string }) => a.kind === 'box');
    expect(catBox).toMatchObject({ labelId: cat, x: 10, y: 20, width: 100, height: 50 });
    expect(first.body.annotations.find((a: { kind: string }) => a.kind === 'class')).toMatchObject({
      labelId: dog,
      x: 0,
      y: 0,
      width: 0,
      height: 0,
    });
    expect(await imageRow(imageId)).toMatchObject({ labeled: 1, worker_id: worker.id });
    const listed = await as(t, worker, 'GET', `projects/${projectId}/images/${imageId}`);
    expect(listed.body).toMatchObject({ labeled: true, labelIds: [cat, dog].sort(), worker: { name: 'Worker' } });

    // The kept id survives with its creator; the other annotation is gone; a made-up id is replaced.
    const second = await put(
      imageId,
      [
        { ...box(dog, 0, 0, 640, 480), id: catBox.id },
        { ...box(cat, 600, 440, 40, 40), id: 'made-up' },
      ],
      admin,
    );
    expect(second.status).toBe(200);
    expect(second.body.annotations.map((a: { id: string }) => a.id)).toContain(catBox.id);
    expect(second.body.annotations.map((a: { id: string }) => a.id)).not.toContain('made-up');
    const kept = await t.database.db
      .selectFrom('annotations')
      .selectAll()
      .where('id', '=', catBox.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ label_id: dog, width: 640, height: 480, created_by: worker.id });
    expect((await as(t, worker, 'GET', path(imageId))).body.annotations).toHaveLength(2);

    // Emptied: unlabeled again, no labelIds, the worker who labelled it stays credited.
    const cleared = await put(imageId, []);
    expect(cleared.body).toEqual({ imageId, revision: 3, annotations: [] });
    expect(await imageRow(imageId)).toMatchObject({ labeled: 0, worker_id: worker.id });
    expect((await as(t, worker, 'GET', `projects/${projectId}/images/${imageId}`)).body).toMatchObject({
      labeled: false,
      labelIds: [],
    });
    expect(
      (await as(t, worker, 'GET', `projects/${projectId}/images?labeled=true`)).body.items.map(
        (i: { id: string }) => i.id,
      ),
    ).not.toContain(imageId);
  });

  it('refuses boxes outside the image or too small, and labels of another project, changing nothing', async () => {
    const imageId = await seedImage(t, projectId, { fileName: 'two.jpg' });
    await put(imageId, [box(cat, 0, 0, 50, 50)]);
    const before = await annotationCount();
    const cases: [unknown[], string, string][] = [
      [[box(cat, 0, 0, 50, 50), box(cat, 600, 0, 50, 50)], 'box_invalid', 'annotations.1'],
      [[box(cat, -1, 0, 50, 50)], 'box_invalid', 'annotations.0'],
      [[box(cat, 0, 0, MIN_BOX_SIDE - 1, 50)], 'box_invalid', 'annotations.0'],
      [[box(cat, 0, 0, 640, 481)], 'box_invalid', 'annotations.0'],
      [[box(foreignLabel, 0, 0, 50, 50)], 'label_not_found', 'annotations.0.labelId'],
      [[{ labelId: 'nope', kind: 'class' }], 'label_not_found', 'annotations.0.labelId'],
    ];
    for (const [annotations, code, field] of cases) {
      const res = await put(imageId, annotations);
      expect(res.status, JSON.stringify(annotations)).toBe(400);
      expect(res.body.error.code).toBe(code);
      expect(Object.keys(res.body.error.fields)).toEqual([field]);
    }
    expect((await put(imageId, [{ labelId: cat, kind: 'polygon' }])).body.error.code).toBe('polygon_invalid');
    expect((await put(imageId, [{ ...box(cat, 0, 0, 50, 50), extra: 1 }])).body.error.code).toBe('bad_request');
    expect((await put(imageId, [box(cat, 0, 0, 50, Number.NaN)])).status).toBe(400);
    expect(await annotationCount()).toBe(before);
    expect((await as(t, worker, 'GET', path(imageId))).body.annotations).toMatchObject([
      { labelId: cat, x: 0, y: 0, width: 50, height: 50 },
    ]);
  });

  // 100,000 rows written, read back and replaced: seconds on a busy machine, more on PostgreSQL.
  it('writes and reads the largest set in one PUT, and refuses one more', { timeout: 120_000 }, async () => {
    const imageId = await seedImage(t, projectId, { fileName: 'many.jpg' });
    const many = Array.from({ length: ANNOTATIONS_PER_IMAGE_MAX }, (_, i) =>
      box(i % 2 ? cat : dog, i % 600, i % 400, 30, 30),
    );
    const res = await put(imageId, many);
    expect(res.status).toBe(200);
    expect(res.body.annotations).toHaveLength(ANNOTATIONS_PER_IMAGE_MAX);
    expect((await put(imageId, [...many, box(cat, 0, 0, 30, 30)])).status).toBe(400);
    expect((await put(imageId, many.slice(0, 3))).body.annotations).toHaveLength(3);
  });

  it('takes the largest set of boxes with the longest ids in one body, and answers 413 past the limit', async () => {
    // The worst case of a box: 64-character ids and coordinates at full double precision.
    const longest = JSON.stringify({
      id: 'i'.repeat(64),
      labelId: 'l'.repeat(64),
      kind: 'box',
      x: 12345.678901234567,
      y: 12345.678901234567,
      width: 12345.678901234567,
      height: 12345.678901234567,
    });
    const bytes = `{"annotations":[${Array(ANNOTATIONS_PER_IMAGE_MAX).fill(longest).join(',')}]}`.length;
    expect(bytes).toBeLessThan(ANNOTATIONS_BODY_MAX);

    const imageId = await seedImage(t, projectId, { fileName: 'huge.jpg' });
    const tooLarge = `{"annotations":[${'0'.repeat(ANNOTATIONS_BODY_MAX)}]}`;
    const res = await as(t, worker, 'PUT', path(imageId), tooLarge);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    const ops = await as(t, worker, 'POST', `${path(imageId)}/ops`, tooLarge);
    expect(ops.status).toBe(413);
  });

  it('reads a batch of this project only, in the order asked, leaving unknown ids out', async () => {
    const a = await seedImage(t, projectId, { fileName: 'a.jpg' });
    const b = await seedImage(t, projectId, { fileName: 'b.jpg' });
    await put(a, [box(cat, 1, 1, 30, 30)]);
    const res = await as(
      t,
      worker,
      'GET',
      `projects/${projectId}/annotations?imageIds=${[b, foreignImage, 'nope', a, b].join(',')}`,
    );
    expect(res.status).toBe(200);
    expect(annotationBatchSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.items.map((i: { imageId: string }) => i.imageId)).toEqual([b, a]);
    expect(res.body.items[1].annotations).toMatchObject([{ labelId: cat, width: 30 }]);
    const tooMany = Array.from({ length: ANNOTATION_BATCH_MAX + 1 }, (_, i) => `id${i}`).join(',');
    expect((await as(t, worker, 'GET', `projects/${projectId}/annotations?imageIds=${tooMany}`)).status).toBe(400);
    expect((await as(t, worker, 'GET', `projects/${projectId}/annotations`)).status).toBe(400);
  });

  it('answers 404 for another project image and for outsiders, 401 without a token', async () => {
    expect((await as(t, worker, 'GET', path(foreignImage))).status).toBe(404);
    expect((await put(foreignImage, [])).status).toBe(404);
    const mine = await seedImage(t, projectId);
    expect((await as(t, outsider, 'GET', path(mine))).status).toBe(404);
    expect((await put(mine, [], outsider)).status).toBe(404);
    expect((await as(t, null, 'GET', path(mine))).status).toBe(401);
    // The other project's annotation is untouched by all of this.
    expect(
      (await as(t, admin, 'GET', `projects/${otherProjectId}/images/${foreignImage}/annotations`)).body.annotations,
    ).toHaveLength(1);
  });
});
