import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importListSchema, importSchema } from '../../contract/apiImports';
import { buildZip, FIXTURES, zipOf } from '../../contract/datasetFormat/testZips';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { tmpRootOf } from '../images/imageFiles';
import { createJobHandlers } from '../jobs/jobHandlers';
import { JobQueue } from '../jobs/jobQueue';
import { JobRunner } from '../jobs/jobRunner';
import { jpegOf, pngOf } from '../test/fixtures/datasetImages';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import { testJobRunner } from '../test/testJobRunner';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let worker: TestUser;
let outsider: TestUser;
let runner: JobRunner;
let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t);
  member = await createTestUser(t);
  worker = await createTestUser(t);
  outsider = await createTestUser(t);
  runner = testJobRunner(t, 'import-test').runner;
  jpeg = await jpegOf(640, 480);
  png = await pngOf(300, 200);
});
afterAll(() => t.close());

const newProject = (
  labels: string[] = ['car'],
  subtype: 'IMAGE_OBJECT_DETECTION' | 'IMAGE_CLASSIFICATION' = 'IMAGE_OBJECT_DETECTION',
) =>
  seedProject(t, {
    subtype,
    members: [
      { user: admin, role: 'admin' },
      { user: member, role: 'member' },
      { user: worker, role: 'worker' },
    ],
    labels,
  });

async function putZip(projectId: string, importId: string, bytes: Uint8Array, user = admin) {
  const res = await t.app.request(`/api/projects/${projectId}/imports/${importId}`, {
    method: 'PUT',
    headers: { Authorization: user.auth, 'Content-Type': 'application/zip' },
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked by the assertions
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

/** POST, PUT, then every queued job (the import, then its images' processing); the import as the API shows it. */
async function importZip(projectId: string, bytes: Uint8Array, fileName = 'dataset.zip') {
  const created = await as(t, admin, 'POST', `projects/${projectId}/imports`, { fileName, bytes: bytes.length });
  expect(created.status).toBe(201);
  const stored = await putZip(projectId, created.body.importId, bytes);
  expect(stored.status).toBe(202);
  expect(stored.body).toMatchObject({ state: 'queued', fileName, bytes: bytes.length, error: null, report: null });
  while (await runner.runOnce()) {
    /* until the queue is empty */
  }
  const res = await as(t, worker, 'GET', `projects/${projectId}/imports/${created.body.importId}`);
  expect(importSchema.safeParse(res.body).success).toBe(true);
  return res.body;
}

function blobFiles(): string[] {
  const root = path.join(t.dataDir, 'blobs');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((d) => d !== 'tmp')
    .flatMap((d) => readdirSync(path.join(root, d)))
    .sort();
}

/** Temporary files of uploads and import jobs still on disk. */
const tmpLeft = () => (existsSync(tmpRootOf(t.dataDir)) ? readdirSync(tmpRootOf(t.dataDir)) : []);

/** Rows of everything an import may write, and the stored blobs. */
async function snapshot() {
  const db = t.database.db;
  const n = async (table: 'images' | 'labels' | 'annotations' | 'jobs') =>
    (await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
  return {
    images: Number(await n('images')),
    labels: Number(await n('labels')),
    annotations: Number(await n('annotations')),
    blobs: blobFiles(),
  };
}

const vocXml = (file: string, w: number, h: number, objects: [string, number, number, number, number][]) =>
  `<?xml version="1.0"?><annotation><folder>JPEGImages</folder><filename>${file}</filename>` +
  `<size><width>${w}</width><height>${h}</height><depth>3</depth></size>` +
  objects
    .map(
      ([name, x1, y1, x2, y2]) =>
        `<object><name>${name}</name><bndbox><xmin>${x1}</xmin><ymin>${y1}</ymin><xmax>${x2}</xmax><ymax>${y2}</ymax></bndbox></object>`,
    )
    .join('') +
  '</annotation>';

async function imagesOf(projectId: string) {
  return t.database.db
    .selectFrom('images')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('file_name')
    .execute();
}
async function boxesOf(imageId: string) {
  return t.database.db
    .selectFrom('annotations as a')
    .innerJoin('labels as l', 'l.id', 'a.label_id')
    .select(['l.name', 'a.kind', 'a.x', 'a.y', 'a.width', 'a.height'])
    .where('a.image_id', '=', imageId)
    .orderBy('a.x')
    .execute();
}

describe('dataset import', () => {
  it('is written by admins, read by everyone in the project, and scoped to it', async () => {
    const project = await newProject();
    const other = await newProject();
    const body = { fileName: 'a.zip', bytes: 100 };
    expect((await as(t, member, 'POST', `projects/${project.id}/imports`, body)).status).toBe(403);
    expect((await as(t, worker, 'POST', `projects/${project.id}/imports`, body)).status).toBe(403);
    expect((await as(t, outsider, 'POST', `projects/${project.id}/imports`, body)).status).toBe(404);
    expect((await as(t, null, 'POST', `projects/${project.id}/imports`, body)).status).toBe(401);
    expect((await as(t, admin, 'POST', `projects/${project.id}/imports`, { ...body, bytes: 0 })).status).toBe(400);
    expect((await as(t, admin, 'POST', `projects/${project.id}/imports`, { ...body, extra: 1 })).status).toBe(400);
    const created = await as(t, admin, 'POST', `projects/${project.id}/imports`, body);
    expect(created.status).toBe(201);
    const id = created.body.importId as string;
    expect((await putZip(project.id, id, new Uint8Array(100), member)).status).toBe(403);
    // Another project's import id is not found there, for reads and for the upload.
    expect((await as(t, admin, 'GET', `projects/${other.id}/imports/${id}`)).status).toBe(404);
    expect((await putZip(other.id, id, zipOf({ 'a.txt': 'x' }))).status).toBe(404);
    const list = await as(t, worker, 'GET', `projects/${project.id}/imports`);
    expect(list.status).toBe(200);
    expect(importListSchema.safeParse(list.body).success).toBe(true);
    expect(list.body.map((i: { id: string }) => i.id)).toEqual([id]);
    expect((await as(t, worker, 'GET', `projects/${other.id}/imports`)).body).toEqual([]);
    expect((await as(t, worker, 'GET', `projects/${project.id}/imports/${id}`)).body).toMatchObject({
      state: 'uploading',
      progress: 0,
    });
    // A day later the zip has still not arrived: the next import closes that one.
    const dayAgo = new Date(t.clock.now().getTime() - 24 * 60 * 60 * 1000 - 1000).toISOString();
    await t.database.db.updateTable('imports').set({ created_at: dayAgo }).where('id', '=', id).execute();
    await as(t, admin, 'POST', `projects/${project.id}/imports`, body);
    expect((await as(t, worker, 'GET', `projects/${project.id}/imports/${id}`)).body).toMatchObject({
      state: 'failed',
      error: 'import_failed',
    });
    expect((await putZip(project.id, id, zipOf({ 'a.txt': 'x' }))).status).toBe(409);
  });

  it('refuses a body that is not a zip, or not of the declared size, and queues nothing', async () => {
    const project = await newProject();
    const before = await snapshot();
    const notZip = FIXTURES.notZip();
    const created = await as(t, admin, 'POST', `projects/${project.id}/imports`, {
      fileName: 'a.zip',
      bytes: notZip.length,
    });
    const refused = await putZip(project.id, created.body.importId, notZip);
    expect(refused.status).toBe(415);
    expect(refused.body.error.code).toBe('import_not_zip');
    const zip = zipOf({ 'a.txt': 'hello' });
    expect((await putZip(project.id, created.body.importId, zip.subarray(0, 10))).status).toBe(400);
    const big = new Uint8Array(notZip.length + 1);
    big.set(zip.subarray(0, Math.min(zip.length, big.length)));
    expect((await putZip(project.id, created.body.importId, big)).status).toBe(413);
    expect(await runner.runOnce()).toBe(false);
    expect(await snapshot()).toEqual(before);
    // The import can still be uploaded after those refusals; an empty zip is a zip.
    const empty = buildZip([]);
    const second = await as(t, admin, 'POST', `projects/${project.id}/imports`, {
      fileName: 'empty.zip',
      bytes: empty.length,
    });
    expect((await putZip(project.id, second.body.importId, empty)).status).toBe(202);
    expect((await putZip(project.id, second.body.importId, empty)).status).toBe(409);
    while (await runner.runOnce()) {
      /* run it */
    }
    expect((await as(t, admin, 'GET', `projects/${project.id}/imports/${second.body.importId}`)).body).toMatchObject({
      state: 'failed',
      error: 'format_unknown',
    });
  });

  it('rejects unsafe and broken zips with their code and writes nothing', async () => {
    const project = await newProject();
    const cases: [string, Uint8Array, string][] = [
      ['zip-slip', FIXTURES.zipSlip(), 'zip_unsafe_path'],
      ['absolute path', FIXTURES.absolutePath(), 'zip_unsafe_path'],
      ['symlink', FIXTURES.symlink(), 'zip_symlink'],
      ['encrypted', FIXTURES.encrypted(), 'zip_encrypted'],
      ['deflate bomb', FIXTURES.deflateBomb(), 'zip_bomb'],
      ['lying size', FIXTURES.lyingSize(), 'zip_bomb'],
      ['CRC mismatch', FIXTURES.crcMismatch(), 'zip_corrupt'],
      [
        'malformed XML',
        zipOf({ 'JPEGImages/a.jpg': jpeg, 'Annotations/a.xml': '<annotation><filename>a.jpg</filename><size>' }),
        'annotation_malformed',
      ],
      [
        'XXE',
        zipOf({
          'JPEGImages/a.jpg': jpeg,
          'Annotations/a.xml':
            '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><annotation><filename>a.jpg</filename><object><name>&x;</name></object></annotation>',
        }),
        'annotation_malformed',
      ],
      [
        'bad label name',
        zipOf({
          'JPEGImages/a.jpg': jpeg,
          'Annotations/a.xml': vocXml('a.jpg', 640, 480, [['much-too-long-name', 1, 1, 100, 100]]),
        }),
        'label_invalid',
      ],
    ];
    for (const [what, zip, code] of cases) {
      const before = await snapshot();
      const result = await importZip(project.id, zip, `${what}.zip`);
      expect(result, what).toMatchObject({ state: 'failed', error: code, report: null });
      expect(await snapshot(), what).toEqual(before);
    }
    const zipSlip = (await as(t, admin, 'GET', `projects/${project.id}/imports`)).body.find(
      (i: { fileName: string }) => i.fileName === 'zip-slip.zip',
    );
    expect(zipSlip.errorEntry).toBe('Annotations/../../etc/passwd');
    expect(tmpLeft()).toEqual([]);
  });

  it('releases the blobs of images stored before a broken entry stops the import', async () => {
    const project = await newProject();
    const before = await snapshot();
    const zip = buildZip([
      { name: 'Annotations/a.xml', data: vocXml('a.jpg', 640, 480, [['car', 10, 10, 100, 100]]) },
      { name: 'Annotations/b.xml', data: vocXml('b.png', 300, 200, [['car', 10, 10, 100, 100]]) },
      { name: 'JPEGImages/a.jpg', data: jpeg },
      { name: 'JPEGImages/b.png', data: png, declaredCrc: 0x12345678 },
    ]);
    const result = await importZip(project.id, zip);
    expect(result).toMatchObject({ state: 'failed', error: 'zip_corrupt', errorEntry: 'JPEGImages/b.png' });
    expect(await snapshot()).toEqual(before);
  });

  it('ends as import_failed when the job keeps failing for another reason, and drops the zip', async () => {
    const project = await newProject();
    const before = await snapshot();
    // A worker whose temporary folder cannot be made: every attempt fails before reading anything.
    const broken = new JobRunner(
      new JobQueue(t.database.db, t.database.dialect, t.clock.now),
      createJobHandlers({
        db: t.database.db,
        blobs: new LocalBlobStore(path.join(t.dataDir, 'blobs')),
        tmpRoot: path.join(t.dataDir, 'not-a-dir', 'tmp'),
        now: t.clock.now,
      }),
      { workerId: 'broken', log: () => {} },
    );
    writeFileSync(path.join(t.dataDir, 'not-a-dir'), '');
    const zip = zipOf({ 'JPEGImages/a.jpg': jpeg, 'Annotations/a.xml': vocXml('a.jpg', 640, 480, []) });
    const created = await as(t, admin, 'POST', `projects/${project.id}/imports`, {
      fileName: 'a.zip',
      bytes: zip.length,
    });
    expect((await putZip(project.id, created.body.importId, zip)).status).toBe(202);
    const errors = console.error;
    console.error = () => {};
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        expect(await broken.runOnce()).toBe(true);
        t.clock.advance(60);
      }
    } finally {
      console.error = errors;
    }
    const row = await t.database.db
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', created.body.importId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'failed', error: 'import_failed', blob_key: null });
    expect(await snapshot()).toEqual(before);
  });

  it('imports a VOC zip: images, new labels, boxes and the splits of its lists; bad images and boxes are reported', async () => {
    const project = await newProject(['car']);
    const before = await snapshot();
    const zip = zipOf({
      'JPEGImages/a.jpg': jpeg,
      'JPEGImages/b.png': png,
      'JPEGImages/broken.jpg': jpeg.subarray(0, 200),
      'Annotations/a.xml': vocXml('a.jpg', 640, 480, [
        ['car', 10, 20, 110, 70],
        ['Person', 300, 100, 400, 300],
        ['car', 630, 470, 700, 500],
      ]),
      'Annotations/b.xml': vocXml('b.png', 300, 200, [
        ['dog', 0, 0, 300, 200],
        ['dog', 5, 5, 10, 10],
      ]),
      'Annotations/broken.xml': vocXml('broken.jpg', 640, 480, [['car', 10, 10, 100, 100]]),
      'ImageSets/Main/train.txt': 'a\nbroken\n',
      'ImageSets/Main/val.txt': 'b\n',
    });
    const result = await importZip(project.id, zip);
    expect(result).toMatchObject({ state: 'done', progress: 1, error: null });
    expect(result.report).toMatchObject({ format: 'voc', images: 2, annotations: 3 });
    expect([...result.report.labelsCreated].sort()).toEqual(['Person', 'dog']);
    expect(result.report.skipped).toEqual(
      expect.arrayContaining([
        { entry: 'JPEGImages/broken.jpg', reason: 'image_invalid' },
        { entry: 'JPEGImages/a.jpg', reason: 'box_out_of_bounds' },
        { entry: 'JPEGImages/b.png', reason: 'box_too_small' },
      ]),
    );
    const images = await imagesOf(project.id);
    expect(images.map((i) => [i.file_name, i.type, i.width, i.height, i.split, i.labeled, i.state])).toEqual([
      ['a.jpg', 'image/jpeg', 640, 480, 'train', 1, 'ready'],
      ['b.png', 'image/png', 300, 200, 'validation', 1, 'ready'],
    ]);
    expect(await boxesOf(images[0]?.id ?? '')).toMatchObject([
      { name: 'car', kind: 'box', x: 10, y: 20, width: 100, height: 50 },
      { name: 'Person', kind: 'box', x: 300, y: 100, width: 100, height: 200 },
    ]);
    expect(await boxesOf(images[1]?.id ?? '')).toMatchObject([{ name: 'dog', x: 0, y: 0, width: 300, height: 200 }]);
    const labels = await t.database.db
      .selectFrom('labels')
      .select(['name', 'color'])
      .where('project_id', '=', project.id)
      .execute();
    expect(new Set(labels.map((l) => l.color)).size).toBe(3);
    const after = await snapshot();
    expect(after.images - before.images).toBe(2);
    // The zip itself is gone once the job ended; the two originals and thumbnails stay.
    expect(after.blobs.length - before.blobs.length).toBe(4);
    // The import ran as a job of the project's queue, and queued the images' processing.
    const jobs = await as(t, worker, 'GET', `projects/${project.id}/jobs`);
    expect(jobs.body.filter((j: { kind: string }) => j.kind === 'dataset.import')).toMatchObject([
      { state: 'done', progress: 1 },
    ]);
    expect(
      jobs.body.filter((j: { kind: string; state: string }) => j.kind === 'image.process' && j.state === 'done'),
    ).toHaveLength(2);
    // The image list shows them with their labels.
    const list = await as(t, worker, 'GET', `projects/${project.id}/images?sort=name`);
    expect(
      list.body.items.map((i: { fileName: string; labelIds: string[] }) => [i.fileName, i.labelIds.length]),
    ).toEqual([
      ['a.jpg', 2],
      ['b.png', 1],
    ]);

    // The same zip again: every image is a duplicate by name, nothing new is written.
    const again = await importZip(project.id, zip);
    expect(again.report).toMatchObject({ images: 0, annotations: 0, labelsCreated: [] });
    expect(again.report.skipped).toEqual(
      expect.arrayContaining([
        { entry: 'JPEGImages/a.jpg', reason: 'duplicate_name' },
        { entry: 'JPEGImages/b.png', reason: 'duplicate_name' },
      ]),
    );
    expect((await snapshot()).images).toBe(after.images);
    expect(tmpLeft()).toEqual([]);
  });

  it('imports VOC classification lists as whole-image classes, with the label map declaring new labels', async () => {
    const project = await newProject(['cat'], 'IMAGE_CLASSIFICATION');
    const zip = zipOf({
      'JPEGImages/a.jpg': jpeg,
      'JPEGImages/b.png': png,
      'Annotations/a.xml': vocXml('a.jpg', 640, 480, []),
      'Annotations/b.xml': vocXml('b.png', 300, 200, []),
      'ImageSets/Main/cat_train.txt': 'a  1\nb -1\n',
      'ImageSets/Main/dog_val.txt': 'b  1\n',
      'labelmap.txt': 'cat\ndog\nbird\n',
    });
    const result = await importZip(project.id, zip);
    expect(result).toMatchObject({ state: 'done', report: { format: 'voc', images: 2, annotations: 2, skipped: [] } });
    expect([...result.report.labelsCreated].sort()).toEqual(['bird', 'dog']);
    const images = await imagesOf(project.id);
    expect(images.map((i) => [i.file_name, i.split, i.labeled])).toEqual([
      ['a.jpg', 'train', 1],
      ['b.png', 'validation', 1],
    ]);
    expect(await boxesOf(images[0]?.id ?? '')).toMatchObject([{ name: 'cat', kind: 'class', width: 0, height: 0 }]);
    expect(await boxesOf(images[1]?.id ?? '')).toMatchObject([{ name: 'dog', kind: 'class' }]);
  });

  it('imports a COCO zip with the project seeded split', async () => {
    const project = await newProject(['car']);
    const coco = {
      images: [
        { id: 1, file_name: 'a.jpg', width: 640, height: 480 },
        { id: 2, file_name: 'b.png', width: 300, height: 200 },
      ],
      categories: [
        { id: 7, name: 'car' },
        { id: 8, name: 'bus' },
      ],
      annotations: [
        { id: 1, image_id: 1, category_id: 7, bbox: [10, 20, 100, 50] },
        { id: 2, image_id: 2, category_id: 8, bbox: [50, 50, 60, 40] },
      ],
    };
    const zip = zipOf({ 'images/a.jpg': jpeg, 'images/b.png': png, 'annotations.json': JSON.stringify(coco) });
    const result = await importZip(project.id, zip);
    expect(result).toMatchObject({
      state: 'done',
      report: { format: 'coco', images: 2, annotations: 2, labelsCreated: ['bus'], skipped: [] },
    });
    const images = await imagesOf(project.id);
    expect(images.map((i) => i.file_name)).toEqual(['a.jpg', 'b.png']);
    for (const i of images) expect(['train', 'validation', 'test']).toContain(i.split);
    expect(await boxesOf(images[0]?.id ?? '')).toMatchObject([{ name: 'car', x: 10, y: 20, width: 100, height: 50 }]);
    expect(await boxesOf(images[1]?.id ?? '')).toMatchObject([{ name: 'bus', x: 50, y: 50, width: 60, height: 40 }]);
  });
});
