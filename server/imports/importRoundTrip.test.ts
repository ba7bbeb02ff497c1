import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotationBatchSchema } from '../../contract/apiAnnotations';
import { imagePageSchema, labelListSchema } from '../../contract/apiProjects';
import { vocXmlText, zipOf } from '../../contract/datasetFormat/testZips';
import { jpegOf, pngOf } from '../test/fixtures/datasetImages';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import { importZipThroughJobs } from '../test/importZipThroughJobs';
import { testJobRunner, type TestJobRunner } from '../test/testJobRunner';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

/*
 * The import half of a lossless round trip: a zip laid out as our exporter writes it (its
 * exporter → planner half is workers/export/datasetImportRoundTrip.test.ts) gives a new project
 * the labels with their exact colours, each image's name, type, original bytes, tags, split and
 * annotations; what the project cannot take (a colour in use, a tag breaking the rules) is
 * reported, never dropped unseen.
 */

let t: TestApp;
let admin: TestUser;
let jobs: TestJobRunner;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t);
  jobs = testJobRunner(t, 'round-trip-test');
});
afterAll(() => t.close());

const importZip = (projectId: string, bytes: Uint8Array) => importZipThroughJobs(t, jobs, admin, projectId, bytes);

/** Everything the project holds, as the API serves it, with ids replaced by names. */
async function projectContents(projectId: string) {
  const labels = labelListSchema.parse((await as(t, admin, 'GET', `projects/${projectId}/labels`)).body);
  const names = new Map(labels.map((l) => [l.id, l.name]));
  const page = imagePageSchema.parse((await as(t, admin, 'GET', `projects/${projectId}/images?sort=name`)).body);
  const ids = page.items.map((i) => i.id).join(',');
  const batch = annotationBatchSchema.parse(
    (await as(t, admin, 'GET', `projects/${projectId}/annotations?imageIds=${ids}`)).body,
  );
  const byImage = new Map(batch.items.map((item) => [item.imageId, item.annotations]));
  return {
    labels: labels.map((l) => ({ name: l.name, color: l.color })),
    images: page.items.map((image) => ({
      fileName: image.fileName,
      type: image.type,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      split: image.split,
      tags: [...image.tags].sort(),
      annotations: (byImage.get(image.id) ?? [])
        .map((a) => ({
          label: names.get(a.labelId),
          kind: a.kind,
          x: a.x,
          y: a.y,
          width: a.width,
          height: a.height,
          points: a.points ?? null,
        }))
        .sort((a, b) => a.kind.localeCompare(b.kind) || (a.label ?? '').localeCompare(b.label ?? '')),
    })),
  };
}

const catPolygon = [12.35, 7.89, 200.01, 9.5, 180.25, 150.75, 15, 140.12];

describe('import of an exported zip', () => {
  it('gives the new project the labels and colours, names, types, tags, splits and annotations the zip holds', async () => {
    const png = await pngOf(320, 240, '#20a040');
    const jpeg = await jpegOf(320, 240);
    const target = await seedProject(t, { subtype: 'IMAGE_SEGMENTATION', members: [{ user: admin, role: 'admin' }] });
    const imported = await importZip(
      target.id,
      zipOf({
        'JPEGImages/photo.jpg': jpeg,
        'JPEGImages/shot.png': png,
        'Annotations/photo.xml': vocXmlText({
          filename: 'photo.jpg',
          width: 320,
          height: 240,
          objects: [{ name: 'dog', xmin: 10, ymin: 10, xmax: 60, ymax: 60 }],
        }),
        'Annotations/shot.xml': vocXmlText({
          filename: 'shot.png',
          width: 320,
          height: 240,
          objects: [
            { name: 'cat', xmin: 40, ymin: 30, xmax: 140, ymax: 90 },
            { name: '고양이', xmin: 12, ymin: 8, xmax: 200, ymax: 151 },
          ],
        }),
        'ImageSets/Main/train.txt': '',
        'ImageSets/Main/val.txt': 'photo\n',
        'ImageSets/Main/test.txt': 'shot\n',
        'labelmap.txt': '# label:color_rgb:parts:actions\ncat:18,52,86::\ndog:171,205,239::\n고양이:229,57,53::\n',
        'annotations.json': JSON.stringify({
          images: [
            { id: 1, file_name: 'photo.jpg', width: 320, height: 240, split: 'validation', tags: ['밤', 'x'] },
            { id: 2, file_name: 'shot.png', width: 320, height: 240, split: 'test', tags: ['야외', 'day'] },
          ],
          annotations: [
            { id: 1, image_id: 1, category_id: 2, bbox: [10, 10, 50, 50], segmentation: [] },
            { id: 2, image_id: 2, category_id: 1, bbox: [40, 30, 100, 60], segmentation: [] },
            { id: 3, image_id: 2, category_id: 3, bbox: [12.35, 7.89, 187.66, 142.86], segmentation: [catPolygon] },
          ],
          categories: [
            { id: 1, name: 'cat', color: '#123456' },
            { id: 2, name: 'dog', color: '#abcdef' },
            { id: 3, name: '고양이', color: '#e53935' },
          ],
        }),
      }),
    );
    expect(imported).toMatchObject({
      state: 'done',
      report: { format: 'voc', images: 2, annotations: 3, skipped: [] },
    });
    const after = await projectContents(target.id);
    expect(after.labels).toEqual([
      { name: 'cat', color: '#123456' },
      { name: 'dog', color: '#abcdef' },
      { name: '고양이', color: '#e53935' },
    ]);
    const box = (label: string, x: number, y: number, width: number, height: number) => ({
      label,
      kind: 'box',
      x,
      y,
      width,
      height,
      points: null,
    });
    expect(after.images).toEqual([
      {
        fileName: 'photo.jpg',
        type: 'image/jpeg',
        width: 320,
        height: 240,
        bytes: jpeg.length,
        split: 'validation',
        tags: ['x', '밤'],
        annotations: [box('dog', 10, 10, 50, 50)],
      },
      {
        fileName: 'shot.png',
        type: 'image/png',
        width: 320,
        height: 240,
        bytes: png.length,
        split: 'test',
        tags: ['day', '야외'],
        annotations: [
          box('cat', 40, 30, 100, 60),
          expect.objectContaining({ label: '고양이', kind: 'polygon', points: catPolygon }),
        ],
      },
    ]);
    // The originals are stored byte for byte.
    const list = imagePageSchema.parse((await as(t, admin, 'GET', `projects/${target.id}/images?sort=name`)).body);
    for (const [item, bytes] of list.items.map((i, n) => [i, n === 0 ? jpeg : png] as const)) {
      const original = await t.app.request(`/api/projects/${target.id}/images/${item.id}/original`, {
        headers: { Authorization: admin.auth },
      });
      expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it("gives a palette colour to an imported label whose colour the project's labels already use, and says so", async () => {
    const project = await seedProject(t, { members: [{ user: admin, role: 'admin' }] });
    expect(
      (await as(t, admin, 'POST', `projects/${project.id}/labels`, { name: 'car', color: '#123456' })).status,
    ).toBe(201);
    const result = await importZip(
      project.id,
      zipOf({
        'a.jpg': await jpegOf(64, 64),
        'labelmap.txt': 'bus:18,52,86::\ntruck:1,2,3::\n',
        'data.json': JSON.stringify({
          images: [{ id: 1, file_name: 'a.jpg', tags: ['toolong7', 'ok'] }],
          annotations: [],
          categories: [
            { id: 1, name: 'bus' },
            { id: 2, name: 'truck' },
          ],
        }),
      }),
    );
    expect(result.report?.skipped).toEqual([
      { entry: 'a.jpg', reason: 'tag_invalid', detail: 'toolong7' },
      { entry: 'labelmap.txt', reason: 'label_color_taken', detail: 'bus' },
    ]);
    const contents = await projectContents(project.id);
    expect(contents.labels).toEqual([
      { name: 'car', color: '#123456' },
      { name: 'bus', color: '#e53935' },
      { name: 'truck', color: '#010203' },
    ]);
    expect(contents.images.map((i) => i.tags)).toEqual([['ok']]);
  });
});
