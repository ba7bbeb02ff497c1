import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_MAX_BYTES, type ResourceCreate } from '../../contract/apiMarket';
import { V } from '../../contract/validationMessages';
import {
  addTestModel,
  createTestDatasetProject,
  postResourceForm,
  postTestResource,
  testPng,
} from '../market/marketTestKit';
import { addProjectMember, as } from '../test/projectFixtures';
import { imageRow, projectRow } from '../test/fixtures/testRows';
import { seedBoxes } from '../test/seedBoxes';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let seller: TestUser;
let other: TestUser;
let platformAdmin: TestUser;
let projectId: string;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createTestUser(t, { name: 'Seller' });
  other = await createTestUser(t, { name: 'Other' });
  platformAdmin = await createTestUser(t, { name: 'Platform', admin: true });
  projectId = (await createTestDatasetProject(t, seller, { images: 3, annotated: 2 })).projectId;
  png = await testPng();
});
afterAll(() => t.close());

const dataset = (fields: Partial<ResourceCreate> = {}): ResourceCreate => ({
  projectId,
  kind: 'dataset',
  name: '공장 Defects 1',
  description: 'Boxes of red squares.',
  price: 1000,
  format: 'voc',
  fields: ['manufacture'],
  visibility: 'public',
  ...fields,
});

/** A 24-bit BMP (bottom-up rows, 4-byte aligned) of one colour. */
function bmp(width: number, height: number): Buffer {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const buf = Buffer.alloc(54 + rowBytes * height);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) buf.writeUIntLE(0x3366cc, 54 + y * rowBytes + x * 3, 3);
  return buf;
}

async function validationOf(data: unknown, covers: { bytes: Uint8Array }[] = []) {
  const res = await postResourceForm(t, seller, data, covers);
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('validation');
  return res.body.error.fields as Record<string, string>;
}

describe('POST /api/resources: the rules', () => {
  it('checks the name, description, fields and format with the spec’s messages, storing nothing', async () => {
    expect((await validationOf(dataset({ name: 'A'.repeat(21) }))).name).toBe(V.max20);
    expect((await validationOf(dataset({ name: 'Bad!name' }))).name).toBe(V.koreanEnglishDigitsOnly);
    expect((await validationOf(dataset({ name: ' Leading' }))).name).toBe(V.noLeadingSpace);
    expect((await validationOf(dataset({ name: '' }))).name).toBe(V.required);
    expect((await validationOf(dataset({ description: 'x'.repeat(101) }))).description).toBe(V.max100);
    expect((await validationOf(dataset({ fields: [] }))).fields).toBe(V.resourceFields);
    expect((await validationOf(dataset({ format: 'tfjs' }))).format).toBe(V.resourceFormat);
    expect((await validationOf({ ...dataset({ kind: 'model', format: 'voc' }), modelId: 'm' })).format).toBe(
      V.resourceFormat,
    );
    expect((await validationOf(dataset({ price: -1 }))).price).toBe(V.numeric);
    const count = await t.database.db.selectFrom('resources').select('id').execute();
    expect(count).toHaveLength(0);
  });

  it('accepts up to five covers of png, jpeg or bmp, refusing a sixth, a large one and one that is no image', async () => {
    const six = Array.from({ length: 6 }, () => ({ bytes: png }));
    expect((await validationOf(dataset(), six)).covers).toBe(V.resourceCovers);
    const large = Buffer.alloc(COVER_MAX_BYTES, 0);
    png.copy(large);
    expect((await validationOf(dataset(), [{ bytes: large }])).covers).toBe(V.resourceCovers);

    const text = await postResourceForm(t, seller, dataset(), [{ bytes: Buffer.from('not an image at all') }]);
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('image_invalid');
    const truncated = await postResourceForm(t, seller, dataset(), [{ bytes: png.subarray(0, png.length - 40) }]);
    expect(truncated.status).toBe(415);
    const gif = await postResourceForm(t, seller, dataset(), [{ bytes: Buffer.from('GIF89a\x01\x00\x01\x00') }]);
    expect(gif.status).toBe(415);
    const empty = await postResourceForm(t, seller, dataset(), [{ bytes: new Uint8Array(0), name: 'empty.png' }]);
    expect(empty.body.error.fields.covers).toBe(V.resourceCovers);

    const jpeg = await sharp(png).jpeg().toBuffer();
    const ok = await postResourceForm(t, seller, dataset(), [
      { bytes: png },
      { bytes: jpeg, name: 'c.jpg', type: 'image/jpeg' },
      { bytes: bmp(30, 20), name: 'c.bmp', type: 'image/bmp' },
    ]);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      kind: 'dataset',
      approval: 'checking',
      covers: 3,
      counts: { images: 3, annotations: 2, labels: 2 },
      mine: true,
    });
    const row = await t.database.db
      .selectFrom('resources')
      .select('covers')
      .where('id', '=', ok.body.id)
      .executeTakeFirstOrThrow();
    const covers = JSON.parse(row.covers) as { type: string; width: number; height: number }[];
    // The BMP is kept as its PNG copy.
    expect(covers.map((c) => [c.type, c.width, c.height])).toEqual([
      ['image/png', 64, 48],
      ['image/jpeg', 64, 48],
      ['image/png', 30, 20],
    ]);
    const job = await t.database.db
      .selectFrom('jobs')
      .select(['kind', 'payload', 'state'])
      .where('kind', '=', 'resource.check')
      .execute();
    expect(job).toEqual([
      { kind: 'resource.check', payload: JSON.stringify({ resourceId: ok.body.id }), state: 'queued' },
    ]);
    // Not deleted for the next tests: this project's dataset is now on the market.
  });

  it('refuses the same dataset twice while the first is on the market, and a changed one posts again', async () => {
    const again = await postResourceForm(t, seller, dataset({ name: 'Second try' }));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('resource_already_posted');

    const sources = (await as(t, seller, 'GET', 'resources/sources')).body;
    expect(sources.projects.find((p: { id: string }) => p.id === projectId).datasetPosted).toBe(true);

    // One more annotation changes the content.
    const db = t.database.db;
    const image = await db
      .selectFrom('images')
      .select('id')
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    const label = await db
      .selectFrom('labels')
      .select('id')
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    await seedBoxes(db, {
      imageId: image.id,
      labelId: label.id,
      count: 1,
      place: () => ({ x: 30, y: 10, width: 10, height: 10 }),
      now: t.clock.now().toISOString(),
    });
    const changedSources = (await as(t, seller, 'GET', 'resources/sources')).body;
    expect(changedSources.projects.find((p: { id: string }) => p.id === projectId).datasetPosted).toBe(false);
    const changed = await postResourceForm(t, seller, dataset({ name: 'Changed' }));
    expect(changed.status).toBe(201);
    expect(changed.body.counts.annotations).toBe(3);

    // Deleting the posting frees its snapshot.
    expect((await as(t, seller, 'DELETE', `resources/${changed.body.id}`)).status).toBe(204);
    expect((await postResourceForm(t, seller, dataset({ name: 'Changed again' }))).status).toBe(201);
  });

  it('lets the seller post again over their own rejected or failed posting, which steps aside', async () => {
    const db = t.database.db;
    const { resource, projectId: source } = await postTestResource(t, seller, { until: 'pending', name: 'Rejected' });
    const admin = await createTestUser(t, { admin: true });
    await as(t, admin, 'POST', `admin/resources/${resource.id}/review`, {
      decision: 'reject',
      reason: 'Blurry covers.',
    });
    const sources = (await as(t, seller, 'GET', 'resources/sources')).body;
    expect(sources.projects.find((p: { id: string }) => p.id === source).datasetPosted).toBe(false);

    const again = await postResourceForm(t, seller, dataset({ projectId: source, name: 'Better covers' }));
    expect(again.status).toBe(201);
    const old = await db
      .selectFrom('resources')
      .select('deleted_at')
      .where('id', '=', resource.id)
      .executeTakeFirstOrThrow();
    expect(old.deleted_at).not.toBeNull();

    // An approved (or waiting) posting does not step aside.
    await db.updateTable('resources').set({ approval: 'approved' }).where('id', '=', again.body.id).execute();
    expect((await postResourceForm(t, seller, dataset({ projectId: source, name: 'Third' }))).status).toBe(409);
  });

  it('refuses a model already posted, and a bought model', async () => {
    const modelId = await addTestModel(t, projectId);
    const model = { ...dataset({ kind: 'model', format: 'tfjs', name: 'Detector' }), modelId };
    const first = await postResourceForm(t, seller, model);
    expect(first.status).toBe(201);
    expect(first.body.model).toMatchObject({ task: 'detection', network: 'detector-compact', inputSize: 128 });
    expect(first.body.labels).toEqual([{ name: 'red', color: '#e53935' }]);
    const second = await postResourceForm(t, seller, model);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('resource_already_posted');

    const sources = (await as(t, seller, 'GET', 'resources/sources')).body;
    const models = sources.projects.find((p: { id: string }) => p.id === projectId).models;
    expect(models.find((m: { id: string }) => m.id === modelId).posted).toBe(true);

    const bought = await addTestModel(t, projectId);
    await t.database.db.updateTable('models').set({ resource_id: first.body.id }).where('id', '=', bought).execute();
    expect((await postResourceForm(t, seller, { ...model, modelId: bought })).status).toBe(403);
    expect((await postResourceForm(t, seller, { ...model, modelId: 'no-such-model' })).status).toBe(404);
  });

  it('refuses a project without images', async () => {
    const empty = randomUUID();
    const now = t.clock.now().toISOString();
    await t.database.db
      .insertInto('projects')
      .values(projectRow(now, { id: empty }))
      .execute();
    await t.database.db
      .insertInto('project_members')
      .values({ project_id: empty, user_id: seller.id, role: 'admin', joined_at: now })
      .execute();
    expect((await validationOf(dataset({ projectId: empty }))).projectId).toBe(V.resourceEmpty);
  });
});

describe('the snapshot', () => {
  it('freezes each ready image with its people’s annotations, tags and split, sharing its blobs', async () => {
    const db = t.database.db;
    const project = await createTestDatasetProject(t, seller, { images: 2, annotated: 1 });
    const now = t.clock.now().toISOString();
    const [first, second] = project.imageIds as [string, string];
    await db.updateTable('images').set({ split: 'test' }).where('id', '=', second).execute();
    await db.insertInto('tags').values({ id: randomUUID(), project_id: project.projectId, name: 'night' }).execute();
    const tag = await db
      .selectFrom('tags')
      .select('id')
      .where('project_id', '=', project.projectId)
      .executeTakeFirstOrThrow();
    await db.insertInto('image_tags').values({ image_id: second, tag_id: tag.id }).execute();
    const polygon = { kind: 'polygon', x: 1, y: 2, width: 10, height: 8, data: '[1,2,11,2,11,10]' };
    await db
      .insertInto('annotations')
      .values([
        {
          id: randomUUID(),
          image_id: second,
          label_id: project.labelIds[1]!,
          ...polygon,
          version: 1,
          created_by: null,
          created_at: now,
          updated_at: now,
          source: 'person',
          score: null,
        },
        // A model's proposal nobody accepted is not part of the data.
        {
          id: randomUUID(),
          image_id: second,
          label_id: project.labelIds[0]!,
          kind: 'box',
          x: 0,
          y: 0,
          width: 5,
          height: 5,
          data: null,
          version: 1,
          created_by: null,
          created_at: now,
          updated_at: now,
          source: 'machine',
          score: 0.5,
        },
      ])
      .execute();
    // An image still processing is not in the snapshot.
    await db
      .insertInto('images')
      .values({ ...imageRow(now, { id: randomUUID(), project_id: project.projectId }), state: 'processing' })
      .execute();

    const posted = await postResourceForm(t, seller, dataset({ projectId: project.projectId, name: 'Snapshot' }));
    expect(posted.status).toBe(201);
    expect(posted.body.counts).toEqual({ images: 2, annotations: 2, labels: 2 });
    const rows = await db
      .selectFrom('resource_images')
      .selectAll()
      .where('resource_id', '=', posted.body.id)
      .orderBy('position')
      .execute();
    const originals = await db
      .selectFrom('images')
      .select(['id', 'blob_key', 'thumb_key'])
      .where('id', 'in', [first, second])
      .execute();
    const byId = new Map(originals.map((o) => [o.id, o]));
    expect(rows.map((r) => [r.position, r.file_name, r.split, r.blob_key, r.thumb_key])).toEqual([
      [0, 'image-0.png', 'train', byId.get(first)!.blob_key, byId.get(first)!.thumb_key],
      [1, 'image-1.png', 'test', byId.get(second)!.blob_key, byId.get(second)!.thumb_key],
    ]);
    expect(JSON.parse(rows[0]!.annotations)).toEqual([
      { label: 0, kind: 'box', x: 4, y: 4, width: 20, height: 16, data: null },
    ]);
    expect(JSON.parse(rows[1]!.annotations)).toEqual([{ label: 1, ...polygon }]);
    expect(JSON.parse(rows[1]!.tags)).toEqual(['night']);
    expect(posted.body.labels).toEqual([
      { name: 'red', color: '#e53935' },
      { name: 'blue', color: '#1e88e5' },
    ]);
  });
});

describe('who may post', () => {
  it('only the project’s admins (organization owners and admins act as admins)', async () => {
    const member = await createTestUser(t, { name: 'Member' });
    await addProjectMember(t, projectId, member, 'member');
    expect((await postResourceForm(t, member, dataset({ name: 'Member' }))).status).toBe(403);
    expect((await postResourceForm(t, other, dataset({ name: 'Outsider' }))).status).toBe(403);
    expect((await postResourceForm(t, null, dataset())).status).toBe(401);
    expect((await as(t, member, 'GET', 'resources/sources')).body.projects).toEqual([]);

    const db = t.database.db;
    const now = t.clock.now().toISOString();
    const orgId = randomUUID();
    await db.insertInto('organizations').values({ id: orgId, name: 'Org', created_at: now, updated_at: now }).execute();
    await db
      .insertInto('organization_members')
      .values({ organization_id: orgId, user_id: other.id, role: 'admin', joined_at: now })
      .execute();
    const orgProject = (await createTestDatasetProject(t, seller, { images: 1 })).projectId;
    await db.updateTable('projects').set({ organization_id: orgId }).where('id', '=', orgProject).execute();
    const sources = (await as(t, other, 'GET', 'resources/sources')).body;
    expect(sources.projects.map((p: { id: string }) => p.id)).toEqual([orgProject]);
    expect(sources.projects[0]).toMatchObject({ images: 1, annotations: 1, labels: 2, datasetPosted: false });
    const posted = await postResourceForm(t, other, dataset({ projectId: orgProject, name: 'Org data' }));
    expect(posted.status).toBe(201);
    expect(posted.body.seller.id).toBe(other.id);
  });
});

describe('mine, edit, delete', () => {
  it('lists the seller’s own resources newest first; others cannot see, edit or delete them', async () => {
    t.clock.advance(60);
    const { resource } = await postTestResource(t, seller, { until: 'checking', name: 'Mine newest' });
    const mine = (await as(t, seller, 'GET', 'resources/mine')).body.items as { id: string; name: string }[];
    expect(mine[0]!.id).toBe(resource.id);
    const theirs = (await as(t, other, 'GET', 'resources/mine')).body.items as { id: string }[];
    expect(theirs.map((r) => r.id)).not.toContain(resource.id);

    expect((await as(t, other, 'PATCH', `resources/${resource.id}`, { price: 1 })).status).toBe(404);
    expect((await as(t, other, 'DELETE', `resources/${resource.id}`)).status).toBe(404);
    expect((await as(t, platformAdmin, 'PATCH', `resources/${resource.id}`, { price: 1 })).status).toBe(403);

    const edited = await as(t, seller, 'PATCH', `resources/${resource.id}`, {
      visibility: 'private',
      description: 'Now private.',
      price: 2500,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ visibility: 'private', description: 'Now private.', price: 2500 });
    expect((await as(t, seller, 'PATCH', `resources/${resource.id}`, { price: -5 })).body.error.fields.price).toBe(
      V.numeric,
    );
    expect((await as(t, seller, 'PATCH', `resources/${resource.id}`, { name: 'x' })).status).toBe(400);

    // A platform admin may take any resource off the market.
    expect((await as(t, platformAdmin, 'DELETE', `resources/${resource.id}`)).status).toBe(204);
    const after = (await as(t, seller, 'GET', 'resources/mine')).body.items as { id: string }[];
    expect(after.map((r) => r.id)).not.toContain(resource.id);
    expect((await as(t, seller, 'DELETE', `resources/${resource.id}`)).status).toBe(404);
    const row = await t.database.db
      .selectFrom('resources')
      .select('deleted_at')
      .where('id', '=', resource.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });
});
