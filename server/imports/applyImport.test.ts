import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetImportError } from '../../contract/datasetFormat/types';
import { seedProject } from '../test/fixtures/projectSeed';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { applyImport, checkImportLabels } from './applyImport';
import type { StoredImportImage } from './applyImport';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t);
});
afterAll(() => t.close());

async function openImport(projectId: string): Promise<string> {
  const id = randomUUID();
  const now = t.clock.now().toISOString();
  await t.database.db
    .insertInto('imports')
    .values({
      id,
      project_id: projectId,
      user_id: admin.id,
      file_name: 'a.zip',
      bytes: 1,
      state: 'running',
      progress: 0,
      error: null,
      error_entry: null,
      report: null,
      blob_key: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const image = (
  fileName: string,
  boxes: StoredImportImage['boxes'],
  classes: string[] = [],
  polygons: StoredImportImage['polygons'] = [],
): StoredImportImage => ({
  id: randomUUID(),
  planned: {
    entry: `JPEGImages/${fileName}`,
    fileName,
    split: null,
    width: null,
    height: null,
    boxes,
    polygons,
    classes,
    tags: [],
  },
  probed: { type: 'image/jpeg', width: 640, height: 480 },
  bytes: 100,
  blobKey: 'a'.repeat(64),
  thumbKey: 'b'.repeat(64),
  boxes,
  polygons,
});

const count = async (table: 'images' | 'labels' | 'annotations' | 'jobs', projectId: string) => {
  const db = t.database.db;
  if (table === 'annotations') {
    return (
      await db
        .selectFrom('annotations as a')
        .innerJoin('images as i', 'i.id', 'a.image_id')
        .select('a.id')
        .where('i.project_id', '=', projectId)
        .execute()
    ).length;
  }
  return (await db.selectFrom(table).select('id').where('project_id', '=', projectId).execute()).length;
};

describe('applyImport', () => {
  it('refuses label names the project cannot hold, and reuses the ones it has whatever their case', async () => {
    const project = await seedProject(t, { members: [{ user: admin, role: 'admin' }], labels: ['Car'] });
    await expect(
      checkImportLabels(t.database.db, project.id, [' car ', 'CAR', 'bus', '12345678']),
    ).resolves.toBeUndefined();
    for (const bad of ['123456789', '   ', '']) {
      await expect(checkImportLabels(t.database.db, project.id, ['bus', bad])).rejects.toMatchObject({
        code: 'label_invalid',
        entry: bad,
      });
    }
  });

  it('writes labels, images, class and box annotations and their jobs together', async () => {
    const project = await seedProject(t, {
      subtype: 'IMAGE_CLASSIFICATION',
      members: [{ user: admin, role: 'admin' }],
      labels: ['cat'],
    });
    const importId = await openImport(project.id);
    const result = await applyImport(t.database.db, {
      importId,
      projectId: project.id,
      userId: admin.id,
      labels: ['Cat', 'dog'],
      now: t.clock.now,
      images: [
        image('a.jpg', [], ['Cat', 'cat']),
        image('b.jpg', [{ label: 'dog', x: 1, y: 2, width: 30, height: 40 }]),
      ],
      report: { format: 'voc', skipped: [] },
    });
    expect(result?.report).toEqual({ format: 'voc', images: 2, annotations: 2, labelsCreated: ['dog'], skipped: [] });
    expect(await count('labels', project.id)).toBe(2);
    expect(await count('annotations', project.id)).toBe(2);
    expect(await count('jobs', project.id)).toBe(2);
    const row = await t.database.db
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', importId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'done', progress: 1 });
    // A second run (another worker repeating the job) finds it done and writes nothing more.
    expect(
      await applyImport(t.database.db, {
        importId,
        projectId: project.id,
        userId: admin.id,
        labels: [],
        now: t.clock.now,
        images: [image('c.jpg', [])],
        report: { format: 'voc', skipped: [] },
      }),
    ).toBeNull();
    expect(await count('images', project.id)).toBe(2);
  });

  it('writes polygons (points in data, their bounding box, version 1) and keeps each image count, revision and labeled flag', async () => {
    const project = await seedProject(t, { members: [{ user: admin, role: 'admin' }], labels: ['cat'] });
    const importId = await openImport(project.id);
    const points = [10.5, 20, 110.25, 20, 60, 90.75];
    const result = await applyImport(t.database.db, {
      importId,
      projectId: project.id,
      userId: admin.id,
      labels: ['cat'],
      now: t.clock.now,
      images: [
        image('a.jpg', [{ label: 'cat', x: 1, y: 2, width: 30, height: 40 }], ['cat'], [{ label: 'cat', points }]),
        image('b.jpg', []),
      ],
      report: { format: 'coco', skipped: [] },
    });
    expect(result?.report).toMatchObject({ images: 2, annotations: 3 });
    const db = t.database.db;
    const images = await db
      .selectFrom('images')
      .select(['id', 'file_name', 'labeled', 'annotation_count', 'annotation_revision'])
      .where('project_id', '=', project.id)
      .orderBy('file_name')
      .execute();
    expect(images.map(({ id: _, ...rest }) => rest)).toEqual([
      { file_name: 'a.jpg', labeled: 1, annotation_count: 3, annotation_revision: 1 },
      { file_name: 'b.jpg', labeled: 0, annotation_count: 0, annotation_revision: 0 },
    ]);
    const rows = await db
      .selectFrom('annotations')
      .select(['kind', 'x', 'y', 'width', 'height', 'data', 'version'])
      .where('image_id', '=', images[0]?.id ?? '')
      .orderBy('kind')
      .execute();
    expect(
      rows.map((r) => ({ ...r, x: Number(r.x), y: Number(r.y), width: Number(r.width), height: Number(r.height) })),
    ).toEqual([
      { kind: 'box', x: 1, y: 2, width: 30, height: 40, data: null, version: 1 },
      { kind: 'class', x: 0, y: 0, width: 0, height: 0, data: null, version: 1 },
      { kind: 'polygon', x: 10.5, y: 20, width: 99.75, height: 70.75, data: JSON.stringify(points), version: 1 },
    ]);
  });

  it('rolls everything back when it fails part-way', async () => {
    const project = await seedProject(t, { members: [{ user: admin, role: 'admin' }], labels: ['cat'] });
    const importId = await openImport(project.id);
    // The second image names a label the plan did not list: found only after the first label was created.
    const failing = applyImport(t.database.db, {
      importId,
      projectId: project.id,
      userId: admin.id,
      labels: ['dog'],
      now: t.clock.now,
      images: [
        image('a.jpg', [{ label: 'dog', x: 0, y: 0, width: 30, height: 30 }]),
        image('b.jpg', [{ label: 'ghost', x: 0, y: 0, width: 30, height: 30 }]),
      ],
      report: { format: 'voc', skipped: [] },
    });
    await expect(failing).rejects.toBeInstanceOf(DatasetImportError);
    for (const table of ['images', 'annotations', 'jobs'] as const)
      expect(await count(table, project.id), table).toBe(0);
    expect(await count('labels', project.id)).toBe(1);
    const row = await t.database.db
      .selectFrom('imports')
      .select(['state', 'report'])
      .where('id', '=', importId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'running', report: null });
  });

  it('skips images whose name the project took since they were read', async () => {
    const project = await seedProject(t, { members: [{ user: admin, role: 'admin' }], labels: ['cat'] });
    const importId = await openImport(project.id);
    const first = await openImport(project.id);
    await applyImport(t.database.db, {
      importId: first,
      projectId: project.id,
      userId: null,
      labels: [],
      now: t.clock.now,
      images: [image('a.jpg', [])],
      report: { format: 'coco', skipped: [] },
    });
    const result = await applyImport(t.database.db, {
      importId,
      projectId: project.id,
      userId: null,
      labels: [],
      now: t.clock.now,
      images: [image('a.jpg', []), image('b.jpg', [])],
      report: { format: 'coco', skipped: [] },
    });
    expect(result?.report).toMatchObject({
      images: 1,
      skipped: [{ entry: 'JPEGImages/a.jpg', reason: 'duplicate_name' }],
    });
    expect(result?.dropped.map((d) => d.planned.fileName)).toEqual(['a.jpg']);
  });
});
