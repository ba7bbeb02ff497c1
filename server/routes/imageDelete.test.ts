import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_DELETE_MAX, imageDeleteResultSchema } from '../../contract/apiImageDelete';
import { addProjectMember, as, seedAnnotation, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let worker: TestUser;
let projectId: string;
let otherProjectId: string;
let foreignImage: string;
let labelId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { name: 'Admin' });
  member = await createTestUser(t, { name: 'Member' });
  worker = await createTestUser(t, { name: 'Worker' });
  otherProjectId = (await as(t, admin, 'POST', 'projects', { title: 'Other', subtype: 'IMAGE_OBJECT_DETECTION' })).body
    .id;
  foreignImage = await seedImage(t, otherProjectId, { fileName: 'foreign.jpg' });
});
afterAll(() => t.close());

/** Per test: a fresh project of five images (a, b annotated and tagged; c, d, e in the test split). */
let ids: Record<'a' | 'b' | 'c' | 'd' | 'e', string>;
beforeEach(async () => {
  projectId = (await as(t, admin, 'POST', 'projects', { title: 'Delete', subtype: 'IMAGE_OBJECT_DETECTION' })).body.id;
  await addProjectMember(t, projectId, member, 'member');
  await addProjectMember(t, projectId, worker, 'worker');
  labelId = (await as(t, admin, 'POST', `projects/${projectId}/labels`, { name: 'cat', color: '#ff0000' })).body.id;
  const seed = (fileName: string, split: string) => seedImage(t, projectId, { fileName, split });
  ids = {
    a: await seed('a.jpg', 'train'),
    b: await seed('b.jpg', 'train'),
    c: await seed('c.jpg', 'test'),
    d: await seed('d.jpg', 'test'),
    e: await seed('e.jpg', 'test'),
  };
  // Each its own thumbnail, so that atlas pages tell them apart.
  for (const [name, id] of Object.entries(ids)) {
    await t.database.db
      .updateTable('images')
      .set({ thumb_key: name.repeat(64) })
      .where('id', '=', id)
      .execute();
  }
  await seedAnnotation(t, ids.a, labelId);
  await seedAnnotation(t, ids.a, labelId);
  await seedAnnotation(t, ids.b, labelId);
  await seedAnnotation(t, ids.c, labelId);
  await as(t, member, 'PUT', `projects/${projectId}/images/${ids.a}/tags`, { tags: ['solo'] });
  await as(t, member, 'PUT', `projects/${projectId}/images/${ids.b}/tags`, { tags: ['shared'] });
  await as(t, member, 'PUT', `projects/${projectId}/images/${ids.c}/tags`, { tags: ['shared'] });
});

const remove = (body: unknown, user = admin) => as(t, user, 'POST', `projects/${projectId}/image-deletions`, body);
const imageNames = async () =>
  (await as(t, admin, 'GET', `projects/${projectId}/images?sort=name`)).body.items.map(
    (i: { fileName: string }) => i.fileName,
  );
const counts = async () => {
  const project = (await as(t, admin, 'GET', `projects/${projectId}`)).body;
  const labels = (await as(t, admin, 'GET', `projects/${projectId}/labels`)).body;
  return { images: project.imageCount, labeled: project.labeledCount, annotations: labels[0].annotationCount };
};

describe('bulk image delete', () => {
  it('deletes the named images with their annotations, tags and upload links; counts follow', async () => {
    expect(await counts()).toEqual({ images: 5, labeled: 3, annotations: 4 });
    const uploadId = randomUUID();
    await t.database.db
      .insertInto('uploads')
      .values({
        id: uploadId,
        project_id: projectId,
        user_id: admin.id,
        file_name: 'a.jpg',
        folder: '',
        label: null,
        bytes: 10,
        image_id: ids.a,
        created_at: t.clock.now().toISOString(),
        expires_at: t.clock.now().toISOString(),
      })
      .execute();

    const res = await remove({ imageIds: [ids.a, ids.b, ids.a] });
    expect(res.status).toBe(200);
    expect(imageDeleteResultSchema.parse(res.body)).toEqual({ images: 2, annotations: 3 });
    expect(await imageNames()).toEqual(['c.jpg', 'd.jpg', 'e.jpg']);
    expect(await counts()).toEqual({ images: 3, labeled: 1, annotations: 1 });
    // 'solo' is gone from the tag filter; 'shared' stays with c.
    expect((await as(t, worker, 'GET', `projects/${projectId}/tags`)).body).toEqual(['shared']);
    const db = t.database.db;
    expect(await db.selectFrom('annotations').select('id').where('image_id', 'in', [ids.a, ids.b]).execute()).toEqual(
      [],
    );
    expect(
      (await db.selectFrom('uploads').select('image_id').where('id', '=', uploadId).executeTakeFirstOrThrow()).image_id,
    ).toBeNull();
  });

  it('deletes everything matching the filter except the unticked images', async () => {
    const res = await remove({ filter: { split: 'test' }, exceptIds: [ids.d, foreignImage] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ images: 2, annotations: 1 });
    expect(await imageNames()).toEqual(['a.jpg', 'b.jpg', 'd.jpg']);
    expect(await counts()).toEqual({ images: 3, labeled: 2, annotations: 3 });

    // The label filter reads annotations, which go in the same transaction: every match is taken first.
    expect((await remove({ filter: { label: labelId } })).body).toEqual({ images: 2, annotations: 3 });
    expect(await imageNames()).toEqual(['d.jpg']);
    // Another project's images never match.
    expect((await as(t, admin, 'GET', `projects/${otherProjectId}/images`)).body.total).toBe(1);
  });

  it('answers the counts of a dry run without deleting', async () => {
    expect((await remove({ filter: { q: 'A.JPG' }, dryRun: true })).body).toEqual({ images: 1, annotations: 2 });
    expect((await remove({ filter: {}, dryRun: true })).body).toEqual({ images: 5, annotations: 4 });
    expect((await remove({ imageIds: [ids.c, ids.d], dryRun: true })).body).toEqual({ images: 2, annotations: 1 });
    expect(await imageNames()).toHaveLength(5);
    expect(await counts()).toEqual({ images: 5, labeled: 3, annotations: 4 });
  });

  it('refuses members and workers', async () => {
    for (const user of [member, worker]) {
      expect((await remove({ imageIds: [ids.a] }, user)).status).toBe(403);
      expect((await remove({ filter: {} }, user)).status).toBe(403);
      expect((await as(t, user, 'DELETE', `projects/${projectId}/images/${ids.a}`)).status).toBe(403);
    }
    expect(await imageNames()).toHaveLength(5);
  });

  it('deletes nothing when one id is unknown or of another project', async () => {
    for (const stranger of [foreignImage, 'no-such-image']) {
      const res = await remove({ imageIds: [ids.a, ids.b, stranger] });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect(await imageNames()).toHaveLength(5);
    expect(await counts()).toEqual({ images: 5, labeled: 3, annotations: 4 });
    expect((await as(t, admin, 'GET', `projects/${otherProjectId}/images`)).body.total).toBe(1);
  });

  it('rolls everything back when the database fails half-way', async () => {
    const db = t.database.db;
    const postgres = Boolean(process.env.TEST_DATABASE_URL);
    const refuse = randomUUID().replaceAll('-', '');
    if (postgres) {
      await sql
        .raw(
          `create function refuse_${refuse}() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$;` +
            `create trigger refuse_${refuse} before delete on images for each row when (old.id = '${ids.e}') execute function refuse_${refuse}()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger refuse_${refuse} before delete on images when old.id = '${ids.e}' begin select raise(abort, 'refused'); end`,
        )
        .execute(db);
    }
    try {
      expect((await remove({ filter: {} })).status).toBe(500);
    } finally {
      await sql.raw(`drop trigger refuse_${refuse}${postgres ? ' on images' : ''}`).execute(db);
    }
    expect(await imageNames()).toHaveLength(5);
    expect(await counts()).toEqual({ images: 5, labeled: 3, annotations: 4 });
    expect((await as(t, worker, 'GET', `projects/${projectId}/tags`)).body).toEqual(['shared', 'solo']);
  });

  it('drops the atlas pages that show a deleted image', async () => {
    const page = async (query: string) =>
      (await as(t, admin, 'GET', `projects/${projectId}/atlas?${query}`)).body.pages[0].key as string;
    const all = await page('sort=name');
    const onlyTest = await page('sort=name&split=test');
    const onlyTrain = await page('sort=name&split=train');
    expect((await remove({ imageIds: [ids.c] })).status).toBe(200);
    const keys = (
      await t.database.db.selectFrom('atlas_pages').select('key').where('project_id', '=', projectId).execute()
    )
      .map((r) => r.key)
      .sort();
    expect(keys).toEqual([onlyTrain]);
    expect(keys).not.toContain(all);
    expect(keys).not.toContain(onlyTest);
    const again = (await as(t, admin, 'GET', `projects/${projectId}/atlas?sort=name`)).body;
    expect(again.total).toBe(4);
  });

  it('deletes one image through DELETE the same way', async () => {
    expect((await as(t, admin, 'DELETE', `projects/${projectId}/images/${ids.b}`)).status).toBe(204);
    expect(await counts()).toEqual({ images: 4, labeled: 2, annotations: 3 });
    expect((await as(t, worker, 'GET', `projects/${projectId}/tags`)).body).toEqual(['shared', 'solo']);
    expect((await as(t, admin, 'DELETE', `projects/${projectId}/images/${ids.b}`)).status).toBe(404);
  });

  it('validates the request', async () => {
    const bad: unknown[] = [
      {},
      { imageIds: [] },
      { imageIds: Array.from({ length: IMAGE_DELETE_MAX + 1 }, (_, i) => `id${i}`) },
      { filter: { split: 'nope' } },
      { filter: {}, imageIds: [ids.a] },
      { filter: { sort: 'name' } },
      { imageIds: [ids.a], dryRun: 'yes' },
    ];
    for (const body of bad) expect((await remove(body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect(await imageNames()).toHaveLength(5);
  });
});
