import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotationBatchSchema } from '../../contract/apiAnnotations';
import { vocXmlText, zipOf } from '../../contract/datasetFormat/testZips';
import { jpegOf } from '../test/fixtures/datasetImages';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import { importZipThroughJobs } from '../test/importZipThroughJobs';
import { testJobRunner, type TestJobRunner } from '../test/testJobRunner';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

/*
 * Polygons through the import job: a zip laid out as our exporter writes it (VOC XML with each
 * polygon as its bounding box, the COCO companion with the polygon itself, the split and class
 * lists) and a COCO zip with what gets left out, read back through the annotations API.
 */

let t: TestApp;
let admin: TestUser;
let jobs: TestJobRunner;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t);
  jobs = testJobRunner(t, 'polygon-import-test');
  jpeg = await jpegOf(320, 240);
});
afterAll(() => t.close());

const importZip = (projectId: string, bytes: Uint8Array) => importZipThroughJobs(t, jobs, admin, projectId, bytes);

/** The project's images by name, each with its annotations as the API serves them (label names resolved). */
async function annotationsByImage(projectId: string) {
  const labels = await as(t, admin, 'GET', `projects/${projectId}/labels`);
  const names = new Map((labels.body as { id: string; name: string }[]).map((l) => [l.id, l.name]));
  const list = await as(t, admin, 'GET', `projects/${projectId}/images?sort=name`);
  const items = list.body.items as { id: string; fileName: string; labeled: boolean }[];
  const batch = await as(
    t,
    admin,
    'GET',
    `projects/${projectId}/annotations?imageIds=${items.map((i) => i.id).join(',')}`,
  );
  const byId = new Map(annotationBatchSchema.parse(batch.body).items.map((i) => [i.imageId, i]));
  return items.map((image) => ({
    fileName: image.fileName,
    labeled: image.labeled,
    revision: byId.get(image.id)?.revision,
    // One import writes its rows at one time, so their order among themselves is the ids': sorted here.
    annotations: (byId.get(image.id)?.annotations ?? [])
      .map(({ id: _, labelId, ...a }) => ({ label: names.get(labelId), ...a }))
      .sort((a, b) => a.kind.localeCompare(b.kind) || (a.label ?? '').localeCompare(b.label ?? '')),
  }));
}

const catPolygon = [12.35, 7.89, 200.01, 9.5, 180.25, 150.75, 15, 140.12];

describe('polygon import', () => {
  it('writes the polygons of an exported zip with their bounding box, version 1, the count and the labeled flag', async () => {
    const project = await seedProject(t, { subtype: 'IMAGE_SEGMENTATION', members: [{ user: admin, role: 'admin' }] });
    const coco = {
      images: [
        { id: 1, file_name: 'a.jpg', width: 320, height: 240 },
        { id: 2, file_name: 'b.jpg', width: 320, height: 240 },
      ],
      annotations: [
        { id: 1, image_id: 1, category_id: 1, bbox: [40, 30, 100, 60], area: 6000, iscrowd: 0, segmentation: [] },
        {
          id: 2,
          image_id: 1,
          category_id: 1,
          bbox: [12.35, 7.89, 187.66, 142.86],
          iscrowd: 0,
          segmentation: [catPolygon],
        },
        {
          id: 3,
          image_id: 1,
          category_id: 2,
          bbox: [0, 0, 320, 240],
          iscrowd: 0,
          segmentation: [[0, 0, 320, 0, 160, 240]],
        },
      ],
      categories: [
        { id: 1, name: 'cat', supercategory: 'none' },
        { id: 2, name: 'dog', supercategory: 'none' },
      ],
    };
    const zip = zipOf({
      'JPEGImages/a.jpg': jpeg,
      'JPEGImages/b.jpg': jpeg,
      'Annotations/a.xml': vocXmlText({
        filename: 'a.jpg',
        width: 320,
        height: 240,
        objects: [
          { name: 'cat', xmin: 40, ymin: 30, xmax: 140, ymax: 90 },
          { name: 'cat', xmin: 12, ymin: 8, xmax: 200, ymax: 151 },
          { name: 'dog', xmin: 0, ymin: 0, xmax: 320, ymax: 240 },
        ],
      }),
      'Annotations/b.xml': vocXmlText({ filename: 'b.jpg', width: 320, height: 240, objects: [] }),
      'ImageSets/Main/train.txt': 'a\nb\n',
      'ImageSets/Main/cat_train.txt': 'a -1\nb  1\n',
      'ImageSets/Main/dog_train.txt': 'a -1\nb -1\n',
      'labelmap.txt': '# label:color_rgb:parts:actions\ncat:255,0,0::\ndog:0,0,255::\n',
      'annotations.json': JSON.stringify(coco),
    });
    const result = await importZip(project.id, zip);
    expect(result).toMatchObject({ state: 'done', report: { format: 'voc', images: 2, annotations: 4, skipped: [] } });

    expect(await annotationsByImage(project.id)).toEqual([
      {
        fileName: 'a.jpg',
        labeled: true,
        revision: 1,
        annotations: [
          { label: 'cat', kind: 'box', x: 40, y: 30, width: 100, height: 60, version: 1 },
          {
            label: 'cat',
            kind: 'polygon',
            x: 12.35,
            y: 7.89,
            width: expect.closeTo(187.66, 9),
            height: expect.closeTo(142.86, 9),
            points: catPolygon,
            version: 1,
          },
          {
            label: 'dog',
            kind: 'polygon',
            x: 0,
            y: 0,
            width: 320,
            height: 240,
            points: [0, 0, 320, 0, 160, 240],
            version: 1,
          },
        ],
      },
      {
        fileName: 'b.jpg',
        labeled: true,
        revision: 1,
        annotations: [{ label: 'cat', kind: 'class', x: 0, y: 0, width: 0, height: 0, version: 1 }],
      },
    ]);
    const counts = await t.database.db
      .selectFrom('images')
      .select(['file_name', 'annotation_count'])
      .where('project_id', '=', project.id)
      .orderBy('file_name')
      .execute();
    expect(counts).toEqual([
      { file_name: 'a.jpg', annotation_count: 3 },
      { file_name: 'b.jpg', annotation_count: 1 },
    ]);
  });

  it('reports a mask segmentation, a vertex outside the decoded image and too few vertices, and imports the rest', async () => {
    const project = await seedProject(t, { subtype: 'IMAGE_SEGMENTATION', members: [{ user: admin, role: 'admin' }] });
    const coco = {
      // The stated size is larger than the decoded 320 × 240: the server checks against the decoded one.
      images: [{ id: 1, file_name: 'a.jpg', width: 640, height: 480 }],
      annotations: [
        {
          id: 1,
          image_id: 1,
          category_id: 1,
          iscrowd: 1,
          bbox: [0, 0, 9, 9],
          segmentation: { counts: 'a0b0', size: [480, 640] },
        },
        { id: 2, image_id: 1, category_id: 1, segmentation: [[0, 0, 400, 0, 200, 100]] },
        { id: 3, image_id: 1, category_id: 1, segmentation: [[0, 0, 10, 0]] },
        { id: 4, image_id: 1, category_id: 1, segmentation: [[-0.3, 0, 320.4, 0, 160, 240.2]] },
      ],
      categories: [{ id: 1, name: 'cat' }],
    };
    const result = await importZip(project.id, zipOf({ 'a.jpg': jpeg, 'instances.json': JSON.stringify(coco) }));
    expect(result.report).toMatchObject({ format: 'coco', images: 1, annotations: 1 });
    expect(result.report?.skipped).toEqual(
      expect.arrayContaining([
        { entry: 'a.jpg', reason: 'segmentation_rle' },
        { entry: 'a.jpg', reason: 'polygon_invalid' },
        { entry: 'a.jpg', reason: 'polygon_out_of_bounds' },
      ]),
    );
    expect(result.report?.skipped).toHaveLength(3);
    const [image] = await annotationsByImage(project.id);
    expect(image?.annotations).toEqual([
      {
        label: 'cat',
        kind: 'polygon',
        x: 0,
        y: 0,
        width: 320,
        height: 240,
        points: [0, 0, 320, 0, 160, 240],
        version: 1,
      },
    ]);
  });
});
