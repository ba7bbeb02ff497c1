import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import type { Resource, ResourceCreate, ResourceField, ResourceVisibility } from '../../contract/apiMarket';
import { initTf } from '../../ml/runtime';
import { RED_DETECTOR_INPUT, redSquareDetectorZip } from '../../ml/testing/redSquareDetector';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { createJobHandlers } from '../jobs/jobHandlers';
import { JobQueue } from '../jobs/jobQueue';
import { JobRunner } from '../jobs/jobRunner';
import { labelKeyOf } from '../projects/labelViews';
import { imageRow, projectRow } from '../test/fixtures/testRows';
import { seedBoxes } from '../test/seedBoxes';
import type { TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

/*
 * Market fixtures for tests: a project with real images (their originals and thumbnails are
 * stored blobs that decode) and box annotations, or with a real model zip (the red-square
 * detector of ml/testing); posting through the API as a seller would; running the server's
 * check; and an admin's approval. postTestResource does all of it in one call.
 */

/** The blob store the test app writes to (a second handle on the same folder). */
export const testBlobs = (t: TestApp) => new LocalBlobStore(path.join(t.dataDir, 'blobs'));

/** A solid-colour PNG of the given size (a real, decodable image). */
export async function testPng(width = 64, height = 48, rgb: [number, number, number] = [200, 40, 40]): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
}

/** A solid PNG whose first row is random bytes: never the same blob twice. */
async function noisyPng(width: number, height: number, rgb: [number, number, number]): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) data.set(rgb, p * 3);
  randomBytes(width * 3).copy(data, 0);
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Runs every queued `resource.check` job (a runner for the 'market' role over the test app's storage). */
export async function runMarketJobs(t: TestApp): Promise<number> {
  const db = t.database.db;
  const queue = new JobQueue(db, t.database.dialect, t.clock.now);
  const handlers = createJobHandlers(
    { db, blobs: testBlobs(t), tmpRoot: path.join(t.dataDir, 'tmp'), now: t.clock.now },
    ['market'],
  );
  const runner = new JobRunner(queue, handlers, { log: () => {} });
  let ran = 0;
  while (await runner.runOnce()) ran += 1;
  return ran;
}

export interface TestProject {
  projectId: string;
  /** Label ids in position order ('red', 'blue'). */
  labelIds: string[];
  imageIds: string[];
}

/**
 * A project of `user` (its admin; no organization) with two labels and `images` real PNG images (distinct
 * colours, so distinct blobs), the first `annotated` of them with one box of 'red' each.
 */
export async function createTestDatasetProject(
  t: TestApp,
  user: TestUser,
  opts: { images?: number; annotated?: number; title?: string } = {},
): Promise<TestProject> {
  const db = t.database.db;
  // Written as rows, not through the API: a plan's project limit is not what these tests are about.
  const projectId = randomUUID();
  const now = t.clock.now().toISOString();
  await db
    .insertInto('projects')
    .values(projectRow(now, { id: projectId, title: opts.title ?? 'Market data', created_by: user.id }))
    .execute();
  await db
    .insertInto('project_members')
    .values({ project_id: projectId, user_id: user.id, role: 'admin', joined_at: now })
    .execute();
  const labels = [
    { id: randomUUID(), name: 'red', color: '#e53935' },
    { id: randomUUID(), name: 'blue', color: '#1e88e5' },
  ];
  await db
    .insertInto('labels')
    .values(
      labels.map((l, position) => ({
        id: l.id,
        project_id: projectId,
        name: l.name,
        name_key: labelKeyOf(l.name),
        color: l.color,
        position,
        created_at: now,
      })),
    )
    .execute();
  const blobs = testBlobs(t);
  const count = opts.images ?? 3;
  const annotated = Math.min(opts.annotated ?? count, count);
  const imageIds: string[] = [];
  for (let i = 0; i < count; i++) {
    // A random first row makes each image its own blob, and each project's dataset its own snapshot.
    const png = await noisyPng(64, 48, [(i * 37) % 256, 120, 60]);
    const blobKey = await blobs.put(png);
    const thumbKey = await blobs.put(await sharp(png).resize(32, 24).png().toBuffer());
    const id = randomUUID();
    await db
      .insertInto('images')
      .values(
        imageRow(now, {
          id,
          project_id: projectId,
          file_name: `image-${i}.png`,
          type: 'image/png',
          width: 64,
          height: 48,
          bytes: png.byteLength,
          blob_key: blobKey,
          thumb_key: thumbKey,
          labeled: i < annotated ? 1 : 0,
          annotation_count: i < annotated ? 1 : 0,
        }),
      )
      .execute();
    if (i < annotated)
      await seedBoxes(db, {
        imageId: id,
        labelId: labels[0]!.id,
        count: 1,
        place: () => ({ x: 4, y: 4, width: 20, height: 16 }),
        now,
      });
    imageIds.push(id);
  }
  return { projectId, labelIds: labels.map((l) => l.id), imageIds };
}

/** Adds a real model (the red-square detector, label 'red') to the project; returns its id. */
export async function addTestModel(t: TestApp, projectId: string, zip?: Uint8Array): Promise<string> {
  await initTf();
  const bytes = zip ?? (await redSquareDetectorZip('red'));
  const blobKey = await testBlobs(t).put(bytes);
  const id = randomUUID();
  const labels = [{ name: 'red', color: '#e53935' }];
  await t.database.db
    .insertInto('models')
    .values({
      id,
      project_id: projectId,
      training_id: null,
      tag: 'v1',
      task: 'detection',
      network: 'detector-compact',
      backbone: 'mobilenet-v2',
      input_size: RED_DETECTOR_INPUT,
      labels: JSON.stringify(labels),
      metrics: JSON.stringify({ mAP50: 0.91 }),
      manifest: JSON.stringify({ labels }),
      source: 'uploaded',
      blob_key: blobKey,
      bytes: bytes.byteLength,
      created_by: null,
      created_at: t.clock.now().toISOString(),
    })
    .execute();
  return id;
}

/** POST /api/resources as `user` with `data` and the given cover files; the raw answer. */
export async function postResourceForm(
  t: TestApp,
  user: TestUser | null,
  data: unknown,
  covers: { bytes: Uint8Array; name?: string; type?: string }[] = [],
) {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  covers.forEach((c, i) =>
    form.append(
      'covers',
      new Blob([new Uint8Array(c.bytes)], { type: c.type ?? 'image/png' }),
      c.name ?? `cover-${i}.png`,
    ),
  );
  const res = await t.app.request('/api/resources', {
    method: 'POST',
    headers: user ? { Authorization: user.auth } : {},
    body: form,
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are checked by the assertions
  const body: any = text ? JSON.parse(text) : null;
  return { status: res.status, body };
}

export interface TestResourceOptions {
  kind?: 'dataset' | 'model';
  price?: number;
  name?: string;
  description?: string;
  visibility?: ResourceVisibility;
  fields?: ResourceField[];
  /** Default 'voc' for a dataset ('tfjs' always for a model). */
  format?: 'voc' | 'coco';
  /** Cover images to send (real PNGs; default 1). */
  covers?: number;
  /** Post from this project (the user must be its admin); default: a new one made for it. */
  projectId?: string;
  /** For a model from `projectId`: which model (default: a new red-square detector). */
  modelId?: string;
  /** Dataset images in the new project (default 3, all annotated). */
  images?: number;
  /** How far to take it: 'checking' (posted), 'pending' (checked) or 'approved' (default). */
  until?: 'checking' | 'pending' | 'approved';
  /** The platform admin who approves (default: a new one). */
  admin?: TestUser;
}

export interface TestResource {
  resource: Resource;
  projectId: string;
  modelId: string | null;
}

/**
 * Posts a resource as `user` through POST /api/resources (from a new project with real images
 * and annotations, or a real model), runs its `resource.check` and approves it as a platform
 * admin. Throws when any step answers otherwise than expected. The resource returned is the
 * seller's view after the last step.
 */
export async function postTestResource(
  t: TestApp,
  user: TestUser,
  opts: TestResourceOptions = {},
): Promise<TestResource> {
  const kind = opts.kind ?? 'dataset';
  const projectId = opts.projectId ?? (await createTestDatasetProject(t, user, { images: opts.images })).projectId;
  const modelId = kind === 'model' ? (opts.modelId ?? (await addTestModel(t, projectId))) : null;
  const data: ResourceCreate = {
    projectId,
    kind,
    ...(modelId ? { modelId } : {}),
    name: opts.name ?? (kind === 'model' ? 'Red detector' : 'Red squares'),
    description: opts.description ?? 'A test resource.',
    price: opts.price ?? 0,
    format: kind === 'model' ? 'tfjs' : (opts.format ?? 'voc'),
    fields: opts.fields ?? ['manufacture'],
    visibility: opts.visibility ?? 'public',
  };
  const covers = await Promise.all(
    Array.from({ length: opts.covers ?? 1 }, async (_, i) => ({
      bytes: await noisyPng(80, 60, [40, 40 + i * 30, 200]),
    })),
  );
  const posted = await postResourceForm(t, user, data, covers);
  if (posted.status !== 201) throw new Error(`post resource: ${posted.status} ${JSON.stringify(posted.body)}`);
  const id = (posted.body as Resource).id;
  const until = opts.until ?? 'approved';
  if (until !== 'checking') {
    await runMarketJobs(t);
    const row = await t.database.db
      .selectFrom('resources')
      .select(['approval', 'check_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.approval !== 'pending') throw new Error(`resource check: ${row.approval} ${row.check_error}`);
  }
  if (until === 'approved') {
    const admin = opts.admin ?? (await createTestUser(t, { admin: true, name: 'Market Admin' }));
    const res = await t.app.request(`/api/admin/resources/${id}/review`, {
      method: 'POST',
      headers: { Authorization: admin.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ decision: 'approve' }),
    });
    if (res.status !== 200) throw new Error(`approve resource: ${res.status} ${await res.text()}`);
  }
  const mine = await t.app.request('/api/resources/mine', { headers: { Authorization: user.auth } });
  const items = ((await mine.json()) as { items: Resource[] }).items;
  const resource = items.find((r) => r.id === id);
  if (!resource) throw new Error('the posted resource is not in the seller’s list');
  return { resource, projectId, modelId };
}
