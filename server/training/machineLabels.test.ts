import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageAnnotationsSchema, MIN_BOX_SIDE } from '../../contract/apiAnnotations';
import { imagePageSchema } from '../../contract/apiProjects';
import { as, seedAnnotation, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { machineLabelsOf, writeMachineLabels } from './machineLabels';

describe('machineLabelsOf', () => {
  const labels = ['cat', 'dog', null];

  it('classification keeps the top class when it reaches the threshold', () => {
    const predictions = [
      { classIndex: 1, score: 0.7, box: null },
      { classIndex: 0, score: 0.2, box: null },
    ];
    expect(machineLabelsOf(predictions, 'classification', labels, 0.5, 640, 480)).toEqual([
      { labelId: 'dog', kind: 'class', x: 0, y: 0, width: 0, height: 0, score: 0.7 },
    ]);
    expect(machineLabelsOf(predictions, 'classification', labels, 0.8, 640, 480)).toEqual([]);
  });

  it('never writes a label the project no longer has', () => {
    const predictions = [
      { classIndex: 2, score: 0.9, box: null },
      { classIndex: 0, score: 0.6, box: null },
    ];
    expect(machineLabelsOf(predictions, 'classification', labels, 0.5, 640, 480).map((l) => l.labelId)).toEqual([
      'cat',
    ]);
  });

  it('detection turns relative boxes into clamped image pixels and leaves out the small and the unsure', () => {
    const predictions = [
      { classIndex: 0, score: 0.9, box: [0.1, 0.5, 0.25, 0.25] as [number, number, number, number] },
      // Past the right and bottom edges: clamped to the image.
      { classIndex: 1, score: 0.8, box: [0.9, 0.9, 0.3, 0.3] as [number, number, number, number] },
      // Under MIN_BOX_SIDE pixels once clamped.
      { classIndex: 1, score: 0.95, box: [0.99, 0.1, 0.2, 0.2] as [number, number, number, number] },
      { classIndex: 0, score: 0.3, box: [0.1, 0.1, 0.2, 0.2] as [number, number, number, number] },
      { classIndex: 2, score: 0.99, box: [0.1, 0.1, 0.2, 0.2] as [number, number, number, number] },
    ];
    const out = machineLabelsOf(predictions, 'detection', labels, 0.5, 640, 480);
    expect(out).toEqual([
      { labelId: 'cat', kind: 'box', x: 64, y: 240, width: 160, height: 120, score: 0.9 },
      { labelId: 'dog', kind: 'box', x: 576, y: 432, width: 64, height: 48, score: 0.8 },
    ]);
    expect(out.every((l) => l.width >= MIN_BOX_SIDE && l.height >= MIN_BOX_SIDE)).toBe(true);
  });
});

describe('machine labels in the API', () => {
  let t: TestApp;
  let admin: TestUser;
  let projectId: string;
  let cat: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t, { name: 'Admin' });
    projectId = (await as(t, admin, 'POST', 'projects', { title: 'Auto', subtype: 'IMAGE_OBJECT_DETECTION' })).body.id;
    cat = (await as(t, admin, 'POST', `projects/${projectId}/labels`, { name: 'cat', color: '#ff0000' })).body.id;
  });
  afterAll(() => t.close());

  const write = (imageId: string, score = 0.83) =>
    t.database.db
      .transaction()
      .execute((trx) =>
        writeMachineLabels(
          trx,
          t.database.dialect,
          imageId,
          [{ labelId: cat, kind: 'box', x: 10, y: 20, width: 100, height: 50, score }],
          t.clock.now(),
        ),
      );
  const annotationsOf = async (imageId: string) =>
    imageAnnotationsSchema.parse(
      (await as(t, admin, 'GET', `projects/${projectId}/images/${imageId}/annotations`)).body,
    );
  const list = async (query: string) => {
    const res = await as(t, admin, 'GET', `projects/${projectId}/images?${query}`);
    expect(res.status).toBe(200);
    return imagePageSchema.parse(res.body);
  };

  it('shows machine labels with their score, counts and filters them, and a person accepting one makes it theirs', async () => {
    const auto = await seedImage(t, projectId, { fileName: 'auto.jpg' });
    await seedImage(t, projectId, { fileName: 'plain.jpg' });
    expect(await write(auto)).toBe(true);

    const set = await annotationsOf(auto);
    expect(set.annotations).toHaveLength(1);
    const [machine] = set.annotations;
    expect(machine).toMatchObject({ labelId: cat, kind: 'box', x: 10, y: 20, width: 100, height: 50 });
    expect(machine!.source).toBe('machine');
    expect(machine!.score).toBeCloseTo(0.83, 6);
    const image = await t.database.db.selectFrom('images').selectAll().where('id', '=', auto).executeTakeFirstOrThrow();
    expect([image.labeled, Number(image.annotation_count), Number(image.annotation_revision)]).toEqual([1, 1, 1]);

    expect((await list('machine=true')).items.map((i) => [i.fileName, i.machineLabels])).toEqual([['auto.jpg', 1]]);
    expect((await list('machine=false')).items.map((i) => [i.fileName, i.machineLabels])).toEqual([['plain.jpg', 0]]);
    expect((await list('machine=true&labeled=true')).total).toBe(1);

    // Accepting it unchanged is a person's put of the same annotation.
    const accepted = await as(t, admin, 'POST', `projects/${projectId}/images/${auto}/annotations/ops`, {
      ops: [
        {
          opId: randomUUID(),
          type: 'put',
          baseVersion: machine!.version,
          annotation: { id: machine!.id, labelId: cat, kind: 'box', x: 10, y: 20, width: 100, height: 50 },
        },
      ],
    });
    expect(accepted.status).toBe(200);
    const after = (await annotationsOf(auto)).annotations[0]!;
    expect(after.source).toBeUndefined();
    expect(after.score).toBeUndefined();
    const stored = await t.database.db
      .selectFrom('annotations')
      .select(['source', 'score'])
      .where('id', '=', machine!.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ source: 'person', score: null });
    expect((await list('machine=true')).total).toBe(0);
    expect((await list('machine=false')).items.find((i) => i.id === auto)?.machineLabels).toBe(0);
  });

  it('never writes on an image a person labeled meanwhile', async () => {
    const labeled = await seedImage(t, projectId, { fileName: 'labeled.jpg' });
    await seedAnnotation(t, labeled, cat);
    expect(await write(labeled)).toBe(false);
    const rows = await t.database.db
      .selectFrom('annotations')
      .select('source')
      .where('image_id', '=', labeled)
      .execute();
    expect(rows).toEqual([{ source: 'person' }]);
  });
});
