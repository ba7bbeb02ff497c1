import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atlasIndexSchema, type AtlasIndex } from '../../contract/apiAtlas';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { addProjectMember, as, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let worker: TestUser;
let outsider: TestUser;
let projectId: string;
let emptyProjectId: string;
let otherProjectId: string;

/** Thumbnail colours, used in turn; the third is wide (4:1) to check the aspect ratio is kept. */
const COLOURS = [
  { r: 220, g: 40, b: 40 },
  { r: 40, g: 160, b: 60 },
  { r: 30, g: 60, b: 210 },
];
const IMAGES = 300;
const thumbKeys: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { name: 'Admin' });
  worker = await createTestUser(t, { name: 'Worker' });
  outsider = await createTestUser(t, { name: 'Outsider' });
  projectId = (await as(t, admin, 'POST', 'projects', { title: 'Atlas', subtype: 'IMAGE_CLASSIFICATION' })).body.id;
  emptyProjectId = (await as(t, admin, 'POST', 'projects', { title: 'Empty', subtype: 'IMAGE_CLASSIFICATION' })).body
    .id;
  otherProjectId = (await as(t, admin, 'POST', 'projects', { title: 'Other', subtype: 'IMAGE_CLASSIFICATION' })).body
    .id;
  await addProjectMember(t, projectId, worker, 'worker');
  const blobs = new LocalBlobStore(path.join(t.dataDir, 'blobs'));
  for (const [i, colour] of COLOURS.entries()) {
    const [w, h] = i === 2 ? [256, 64] : [256, 256];
    thumbKeys.push(
      await blobs.put(
        await sharp({ create: { width: w, height: h, channels: 3, background: colour } })
          .webp({ lossless: true })
          .toBuffer(),
      ),
    );
  }
  // Names sort in seeding order: img-000 … img-299.
  for (let i = 0; i < IMAGES; i++) {
    const id = await seedImage(t, projectId, {
      fileName: `img-${String(i).padStart(3, '0')}.jpg`,
      split: i < 10 ? 'test' : 'train',
    });
    await t.database.db
      .updateTable('images')
      .set({ thumb_key: thumbKeys[i % 3] ?? null })
      .where('id', '=', id)
      .execute();
  }
  const last = await t.database.db
    .selectFrom('images')
    .select('id')
    .where('file_name', '=', 'img-299.jpg')
    .executeTakeFirstOrThrow();
  await t.database.db
    .updateTable('images')
    .set({ state: 'processing', thumb_key: null })
    .where('id', '=', last.id)
    .execute();
  await seedImage(t, otherProjectId, { fileName: 'foreign.jpg' });
});
afterAll(() => t.close());

const index = async (query: string, user: TestUser = worker, project = projectId) => {
  const res = await as(t, user, 'GET', `projects/${project}/atlas${query ? `?${query}` : ''}`);
  return { status: res.status, body: res.body as AtlasIndex };
};

async function fetchPage(url: string, user: TestUser = worker, headers: Record<string, string> = {}) {
  return t.app.request(`/api/${url}`, { headers: { Authorization: user.auth, ...headers } });
}

/** The RGBA pixel at (x, y) of a decoded page. */
function pixelAt(raw: { data: Buffer; info: OutputInfo }, x: number, y: number) {
  const at = (y * raw.info.width + x) * raw.info.channels;
  return { r: raw.data[at] ?? 0, g: raw.data[at + 1] ?? 0, b: raw.data[at + 2] ?? 0, a: raw.data[at + 3] ?? 0 };
}

function near(a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }, tolerance = 14) {
  return Math.abs(a.r - b.r) <= tolerance && Math.abs(a.g - b.g) <= tolerance && Math.abs(a.b - b.b) <= tolerance;
}

describe('atlas index', () => {
  it('cuts every matching image, in list order, into pages of 16 × 16 cells and counts those processing', async () => {
    const res = await index('sort=name&cell=64');
    expect(res.status).toBe(200);
    expect(atlasIndexSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ cellSize: 64, columns: 16, total: IMAGES, processing: 1 });
    expect(res.body.pages.map((p) => p.images.length)).toEqual([256, 44]);
    const names = res.body.pages.flatMap((p) => p.images.map((i) => i.fileName));
    expect(names[0]).toBe('img-000.jpg');
    expect(names.at(-1)).toBe('img-299.jpg');
    expect(res.body.pages[1]?.images.at(-1)).toMatchObject({ state: 'processing', width: 640, height: 480 });
    for (const page of res.body.pages) expect(page.url).toBe(`projects/${projectId}/atlas/${page.key}.webp`);
  });

  it('follows the image list filters and sort; cell defaults to 128', async () => {
    const res = await index('split=test&sort=oldest');
    expect(res.body).toMatchObject({ cellSize: 128, total: 10, processing: 0 });
    expect(res.body.pages).toHaveLength(1);
    const list = await as(t, worker, 'GET', `projects/${projectId}/images?split=test&sort=oldest&limit=100`);
    expect(res.body.pages[0]?.images.map((i) => i.id)).toEqual(list.body.items.map((i: { id: string }) => i.id));
    expect((await index('q=img-00&sort=name')).body.total).toBe(10);
  });

  it('gives pages of the same content one key (one row, one atlas)', async () => {
    const twinsId = (await as(t, admin, 'POST', 'projects', { title: 'Twins', subtype: 'IMAGE_CLASSIFICATION' })).body
      .id;
    for (let i = 0; i < 512; i++) await seedImage(t, twinsId, { fileName: `same-${String(i).padStart(3, '0')}.jpg` });
    const res = await as(t, admin, 'GET', `projects/${twinsId}/atlas?sort=name`);
    expect(res.status).toBe(200);
    const body = res.body as AtlasIndex;
    expect(body.pages).toHaveLength(2);
    expect(body.pages[0]?.key).toBe(body.pages[1]?.key);
    expect(body.pages[1]?.images[0]?.fileName).toBe('same-256.jpg');
    expect(
      (await t.database.db.selectFrom('atlas_pages').select('key').where('project_id', '=', twinsId).execute()).length,
    ).toBe(1);
  });

  it('answers an empty project with no pages', async () => {
    const res = await as(t, admin, 'GET', `projects/${emptyProjectId}/atlas`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cellSize: 128, columns: 16, total: 0, processing: 0, pages: [] });
  });

  it('rejects bad queries and strangers', async () => {
    expect((await index('cell=100')).status).toBe(400);
    expect((await index('cursor=x')).status).toBe(400);
    expect((await index('', outsider)).status).toBe(404);
    expect((await as(t, null, 'GET', `projects/${projectId}/atlas`)).status).toBe(401);
  });
});

describe('atlas page', () => {
  it('draws each thumbnail fitted and centred in its cell, placeholders for images without one', async () => {
    const { body } = await index('sort=name&cell=64');
    const [first, second] = body.pages;
    if (!first || !second) throw new Error('two pages expected');
    const res = await fetchPage(first.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/webp');
    expect(res.headers.get('Cache-Control')).toContain('immutable');
    const raw = await sharp(Buffer.from(await res.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([raw.info.width, raw.info.height]).toEqual([1024, 1024]);
    // Cell n: column n % 16, row n / 16; image n has colour n % 3 (images 2, 5, … are 4:1 wide).
    for (const n of [0, 1, 2, 17, 100, 255]) {
      const cx = (n % 16) * 64 + 32;
      const cy = Math.floor(n / 16) * 64 + 32;
      const centre = pixelAt(raw, cx, cy);
      expect(centre.a).toBeGreaterThan(240);
      expect(near(centre, COLOURS[n % 3] ?? { r: 0, g: 0, b: 0 })).toBe(true);
      // A wide image fills 64 × 16 in the middle of the cell: its top rows stay transparent.
      expect(pixelAt(raw, cx, cy - 20).a).toBe(n % 3 === 2 ? 0 : 255);
    }

    const tail = await sharp(Buffer.from(await (await fetchPage(second.url)).arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Image 299 (cell 43 of page 2) is processing: an opaque grey placeholder; cell 44 is empty.
    const placeholder = pixelAt(tail, (43 % 16) * 64 + 32, Math.floor(43 / 16) * 64 + 32);
    expect(placeholder.a).toBe(255);
    expect(near(placeholder, { r: 203, g: 213, b: 225 })).toBe(true);
    expect(pixelAt(tail, (44 % 16) * 64 + 32, Math.floor(44 / 16) * 64 + 32).a).toBe(0);
  });

  it('is composed once and kept in the blob store; the same key revalidates with 304', async () => {
    const { body } = await index('sort=name&cell=64');
    const page = body.pages[0];
    if (!page) throw new Error('page expected');
    const a = await fetchPage(page.url);
    const etag = a.headers.get('ETag');
    const row = await t.database.db
      .selectFrom('atlas_pages')
      .select('blob_key')
      .where('key', '=', page.key)
      .executeTakeFirstOrThrow();
    expect(etag).toBe(`"${row.blob_key}"`);
    const b = await fetchPage(page.url);
    expect(Buffer.from(await b.arrayBuffer()).equals(Buffer.from(await a.arrayBuffer()))).toBe(true);
    expect((await fetchPage(page.url, worker, { 'If-None-Match': etag ?? '' })).status).toBe(304);
  });

  it('gets a new key when its content changes (a finished image), keeping the other pages', async () => {
    const before = (await index('sort=name&cell=64')).body;
    await t.database.db
      .updateTable('images')
      .set({ state: 'ready', thumb_key: thumbKeys[0] ?? null })
      .where('file_name', '=', 'img-299.jpg')
      .execute();
    const after = (await index('sort=name&cell=64')).body;
    expect(after.processing).toBe(0);
    expect(after.pages[0]?.key).toBe(before.pages[0]?.key);
    expect(after.pages[1]?.key).not.toBe(before.pages[1]?.key);
    const res = await fetchPage(after.pages[1]?.url ?? '');
    const tail = await sharp(Buffer.from(await res.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(
      near(pixelAt(tail, (43 % 16) * 64 + 32, Math.floor(43 / 16) * 64 + 32), COLOURS[0] ?? { r: 0, g: 0, b: 0 }),
    ).toBe(true);
  });

  it("answers 404 for another project's key, an unknown key and strangers; 400 for a malformed name", async () => {
    const { body } = await index('sort=name&cell=64');
    const key = body.pages[0]?.key ?? '';
    await addProjectMember(t, otherProjectId, worker, 'worker');
    expect((await fetchPage(`projects/${otherProjectId}/atlas/${key}.webp`)).status).toBe(404);
    expect((await fetchPage(`projects/${projectId}/atlas/${'f'.repeat(64)}.webp`)).status).toBe(404);
    expect((await fetchPage(`projects/${projectId}/atlas/${key}.webp`, outsider)).status).toBe(404);
    expect((await fetchPage(`projects/${projectId}/atlas/${key}.png`)).status).toBe(400);
    expect((await t.app.request(`/api/projects/${projectId}/atlas/${key}.webp`)).status).toBe(401);
  });
});
