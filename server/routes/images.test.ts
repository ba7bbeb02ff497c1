import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePageSchema, imageSchema, tagListSchema } from '../../contract/apiProjects';
import { addProjectMember, as, seedAnnotation, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let worker: TestUser;
let projectId: string;
let otherProjectId: string;
let labelId: string;
const ids = { apple: '', banana: '', cherry: '', foreign: '' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { name: 'Admin' });
  member = await createTestUser(t, { name: 'Member' });
  worker = await createTestUser(t, { name: 'Worker' });
  projectId = (await as(t, admin, 'POST', 'projects', { title: 'Images', subtype: 'IMAGE_OBJECT_DETECTION' })).body.id;
  otherProjectId = (await as(t, admin, 'POST', 'projects', { title: 'Other', subtype: 'IMAGE_OBJECT_DETECTION' })).body
    .id;
  await addProjectMember(t, projectId, member, 'member');
  await addProjectMember(t, projectId, worker, 'worker');
  labelId = (await as(t, admin, 'POST', `projects/${projectId}/labels`, { name: 'cat', color: '#ff0000' })).body.id;
  const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();
  ids.apple = await seedImage(t, projectId, {
    fileName: 'Apple.jpg',
    bytes: 300,
    createdAt: at(1),
    split: 'train',
    workerId: worker.id,
  });
  ids.banana = await seedImage(t, projectId, {
    fileName: 'banana_100%.png',
    bytes: 100,
    createdAt: at(2),
    split: 'validation',
    thumb: false,
  });
  ids.cherry = await seedImage(t, projectId, {
    fileName: 'cherry.jpg',
    bytes: 200,
    createdAt: at(3),
    split: 'test',
    pyramid: { levels: 7, tileSize: 512, overlap: 0, format: 'jpg' },
  });
  await seedAnnotation(t, ids.apple, labelId);
  ids.foreign = await seedImage(t, otherProjectId, { fileName: 'foreign.jpg' });
});
afterAll(() => t.close());

const list = (query = '', user = worker) =>
  as(t, user, 'GET', `projects/${projectId}/images${query ? `?${query}` : ''}`);
const names = (body: { items: { fileName: string }[] }) => body.items.map((i) => i.fileName);

describe('image list', () => {
  it('shows type, resolution, worker, labeled, split, tags, labels and file URLs', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(imagePageSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.total).toBe(3);
    const apple = res.body.items.find((i: { id: string }) => i.id === ids.apple);
    expect(apple).toMatchObject({
      fileName: 'Apple.jpg',
      type: 'image/jpeg',
      width: 640,
      height: 480,
      bytes: 300,
      state: 'ready',
      split: 'train',
      labeled: true,
      worker: { name: 'Worker', email: worker.email },
      tags: [],
      labelIds: [labelId],
      thumbnailUrl: `/api/projects/${projectId}/images/${ids.apple}/thumbnail`,
      tiles: null,
    });
    const banana = res.body.items.find((i: { id: string }) => i.id === ids.banana);
    expect(banana).toMatchObject({ thumbnailUrl: null, worker: null, labeled: false });
    const cherry = res.body.items.find((i: { id: string }) => i.id === ids.cherry);
    expect(cherry.tiles).toEqual({
      urlTemplate: `/api/projects/${projectId}/images/${ids.cherry}/tiles/{level}/{x}_{y}.jpg`,
      tileSize: 512,
      overlap: 0,
      format: 'jpg',
      levels: 7,
    });
  });

  it('sorts newest, oldest, by name and by size', async () => {
    expect(names((await list()).body)).toEqual(['cherry.jpg', 'banana_100%.png', 'Apple.jpg']);
    expect(names((await list('sort=oldest')).body)).toEqual(['Apple.jpg', 'banana_100%.png', 'cherry.jpg']);
    expect(names((await list('sort=name')).body)).toEqual(['Apple.jpg', 'banana_100%.png', 'cherry.jpg']);
    expect(names((await list('sort=size')).body)).toEqual(['Apple.jpg', 'cherry.jpg', 'banana_100%.png']);
  });

  it('filters by label, labeled, split, file name (case-insensitive, % literal) and tag', async () => {
    expect(names((await list(`label=${labelId}`)).body)).toEqual(['Apple.jpg']);
    expect(names((await list('labeled=false&sort=name')).body)).toEqual(['banana_100%.png', 'cherry.jpg']);
    expect(names((await list('split=test')).body)).toEqual(['cherry.jpg']);
    expect(names((await list('q=APPLE')).body)).toEqual(['Apple.jpg']);
    expect(names((await list(`q=${encodeURIComponent('0%')}`)).body)).toEqual(['banana_100%.png']);
    expect((await list('q=%25')).body.total).toBe(1);
    await as(t, member, 'PUT', `projects/${projectId}/images/${ids.cherry}/tags`, { tags: ['red', '과일'] });
    await as(t, member, 'PUT', `projects/${projectId}/images/${ids.apple}/tags`, { tags: ['red'] });
    const red = await list('tag=red&sort=name');
    expect(names(red.body)).toEqual(['Apple.jpg', 'cherry.jpg']);
    expect(red.body.total).toBe(2);
    expect(names((await list(`tag=${encodeURIComponent('과일')}`)).body)).toEqual(['cherry.jpg']);
    const tags = await as(t, worker, 'GET', `projects/${projectId}/tags`);
    expect(tagListSchema.safeParse(tags.body).success).toBe(true);
    expect(tags.body).toEqual(['red', '과일']);
  });

  it('pages with a cursor that visits every image once in every sort', async () => {
    for (let i = 0; i < 9; i++)
      await seedImage(t, projectId, {
        fileName: `page-${i % 3}.jpg`,
        bytes: 50 + (i % 2),
        createdAt: new Date(Date.UTC(2025, 0, 2)).toISOString(),
      });
    for (const sort of ['newest', 'oldest', 'name', 'size']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: { status: number; body: { items: { id: string }[]; total: number; nextCursor: string | null } } =
          await list(`sort=${sort}&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(12);
        seen.push(...res.body.items.map((i) => i.id));
        cursor = res.body.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages, sort).toBe(3);
      expect(new Set(seen).size, sort).toBe(12);
      const all = (await list(`sort=${sort}&limit=100`)).body.items.map((i: { id: string }) => i.id);
      expect(seen, sort).toEqual(all);
    }
  });

  it('refuses bad queries: unknown keys, wrong values, forged cursors', async () => {
    for (const q of [
      'limit=0',
      'limit=501',
      'limit=abc',
      'sort=random',
      'split=holdout',
      'labeled=yes',
      'tag=toolongtag',
      'owner=me',
    ]) {
      expect((await list(q)).status, q).toBe(400);
    }
    const forged = await list('cursor=not-a-cursor');
    expect(forged.status).toBe(400);
    expect(forged.body.error.fields).toEqual({ cursor: 'validation:invalid' });
    const newestCursor = Buffer.from(JSON.stringify(['2025-01-01', 'x'])).toString('base64url');
    expect((await list(`sort=size&cursor=${newestCursor}`)).status).toBe(400);
  });

  it('answers 404 for another project’s image through this project, and for outsiders', async () => {
    expect((await as(t, admin, 'GET', `projects/${projectId}/images/${ids.foreign}`)).status).toBe(404);
    expect(
      (await as(t, admin, 'PUT', `projects/${projectId}/images/${ids.foreign}/tags`, { tags: ['x'] })).status,
    ).toBe(404);
    expect((await as(t, admin, 'DELETE', `projects/${projectId}/images/${ids.foreign}`)).status).toBe(404);
    const outsider = await createTestUser(t);
    expect((await as(t, outsider, 'GET', `projects/${projectId}/images`)).status).toBe(404);
    expect((await as(t, outsider, 'GET', `projects/${projectId}/images/${ids.apple}`)).status).toBe(404);
  });
});

describe('image detail, tags and delete', () => {
  it('reads one image', async () => {
    const res = await as(t, worker, 'GET', `projects/${projectId}/images/${ids.banana}`);
    expect(res.status).toBe(200);
    expect(imageSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ id: ids.banana, fileName: 'banana_100%.png', split: 'validation' });
  });

  it('sets up to three unique tags of 1–6 characters', async () => {
    const path = `projects/${projectId}/images/${ids.banana}/tags`;
    const ok = await as(t, member, 'PUT', path, { tags: ['yellow', 'long', 'b'] });
    expect(ok.status).toBe(200);
    expect(ok.body.tags).toEqual(['b', 'long', 'yellow']);
    const cases: [object, Record<string, string>][] = [
      [{ tags: ['a', 'a'] }, { tags: 'validation:tag.duplicate' }],
      [{ tags: ['a', 'b', 'c', 'd'] }, { tags: 'validation:tag.tooMany' }],
      [{ tags: ['sevenxx'] }, { 'tags.0': 'validation:max6' }],
      [{ tags: [''] }, { 'tags.0': 'validation:required' }],
      [{ tags: 'a' }, { tags: 'validation:invalid' }],
    ];
    for (const [body, fields] of cases) {
      const res = await as(t, member, 'PUT', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect((await as(t, member, 'PUT', path, { tags: [], imageId: 'x' })).status).toBe(400);
    expect((await as(t, worker, 'PUT', path, { tags: [] })).status).toBe(403);
    // Clearing drops tag names no image uses any more.
    expect((await as(t, member, 'PUT', path, { tags: [] })).body.tags).toEqual([]);
    expect((await as(t, worker, 'GET', `projects/${projectId}/tags`)).body).toEqual(['red', '과일']);
  });

  it('deletes an image with its annotations and tags (admins only)', async () => {
    expect((await as(t, member, 'DELETE', `projects/${projectId}/images/${ids.apple}`)).status).toBe(403);
    expect((await as(t, admin, 'DELETE', `projects/${projectId}/images/${ids.apple}`)).status).toBe(204);
    expect((await as(t, admin, 'GET', `projects/${projectId}/images/${ids.apple}`)).status).toBe(404);
    const db = t.database.db;
    expect(await db.selectFrom('annotations').select('id').where('image_id', '=', ids.apple).execute()).toEqual([]);
    expect(await db.selectFrom('image_tags').select('tag_id').where('image_id', '=', ids.apple).execute()).toEqual([]);
    expect((await as(t, admin, 'GET', `projects/${projectId}/labels`)).body[0].annotationCount).toBe(0);
  });
});
