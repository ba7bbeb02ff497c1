import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LABELS_MAX, resourceExportResultSchema } from '../../contract/apiMarket';
import { V } from '../../contract/validationMessages';
import { seedProject } from '../test/fixtures/projectSeed';
import { pngOf } from '../test/fixtures/datasetImages';
import { addProjectMember, as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { trainingSettings } from '../test/trainingFixtures';
import { checkTrainingSettings } from '../training/createTraining';
import { insertDatasetResource, insertModelResource, insertPurchase } from './purchaseTestKit';

/* Exporting a bought dataset or model into a project (POST /api/purchases/:purchaseId/export). */

let t: TestApp;
let seller: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  seller = await createTestUser(t, { name: 'Seller' });
});
afterAll(() => t.close());

const exportTo = (user: TestUser, purchaseId: string, body: unknown) =>
  as(t, user, 'POST', `purchases/${purchaseId}/export`, body);

const DATASET = {
  labels: [
    { name: 'car', color: '#00ff00' },
    { name: 'Truck', color: '#ff0000' },
  ],
  images: [
    {
      fileName: 'a.png',
      annotations: [
        { label: 0, box: { x: 1, y: 2, width: 20, height: 10 } },
        { label: 1, box: { x: 30, y: 5, width: 12, height: 12 } },
      ],
      tags: ['day'],
    },
    { fileName: 'b.png', annotations: [{ label: 1, box: { x: 4, y: 4, width: 8, height: 8 } }], tags: ['night'] },
    { fileName: 'c.png', annotations: [] },
  ],
};

async function labelsOf(projectId: string) {
  return t.database.db
    .selectFrom('labels')
    .select(['id', 'name', 'color'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .execute();
}

async function imagesOf(projectId: string) {
  return t.database.db.selectFrom('images').selectAll().where('project_id', '=', projectId).execute();
}

describe('a dataset', () => {
  it('goes into a new project: its labels with their colours, images readable through the file routes, annotations and tags', async () => {
    const buyer = await createTestUser(t);
    const resource = await insertDatasetResource(t, seller, DATASET);
    const purchaseId = await insertPurchase(t, resource.id, buyer);

    const res = await exportTo(buyer, purchaseId, { target: 'new', title: 'Bought set' });
    expect(res.status).toBe(200);
    const result = resourceExportResultSchema.parse(res.body);
    expect(result).toMatchObject({ images: 3, annotations: 3, labelsAdded: 2, modelId: null });

    const project = await as(t, buyer, 'GET', `projects/${result.projectId}`);
    expect(project.body).toMatchObject({ title: 'Bought set', subtype: 'IMAGE_OBJECT_DETECTION' });
    const labels = await labelsOf(result.projectId);
    expect(labels.map((l) => [l.name, l.color])).toEqual([
      ['car', '#00ff00'],
      ['Truck', '#ff0000'],
    ]);
    const truck = labels.find((l) => l.name === 'Truck')!.id;
    const car = labels.find((l) => l.name === 'car')!.id;

    const images = await imagesOf(result.projectId);
    expect(images.map((i) => i.file_name).sort()).toEqual(['a.png', 'b.png', 'c.png']);
    expect(images.every((i) => i.state === 'ready' && i.blob_key === resource.blobKey)).toBe(true);
    const a = images.find((i) => i.file_name === 'a.png')!;
    expect([Number(a.labeled), Number(a.annotation_count)]).toEqual([1, 2]);
    expect(Number(images.find((i) => i.file_name === 'c.png')!.labeled)).toBe(0);

    const annotations = await as(t, buyer, 'GET', `projects/${result.projectId}/images/${a.id}/annotations`);
    expect(annotations.status).toBe(200);
    expect(
      annotations.body.annotations
        .map((x: { labelId: string; x: number; width: number }) => [x.labelId, x.x, x.width])
        .sort(),
    ).toEqual(
      [
        [car, 1, 20],
        [truck, 30, 12],
      ].sort(),
    );
    const original = await t.app.request(`/api/projects/${result.projectId}/images/${a.id}/original`, {
      headers: { Authorization: buyer.auth },
    });
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer())).toEqual(await pngOf(64, 48));
    expect((await as(t, buyer, 'GET', `projects/${result.projectId}/tags`)).body).toEqual(['day', 'night']);

    const list = await as(t, buyer, 'GET', 'purchases');
    expect(list.body.items[0].exports).toEqual([
      { projectId: result.projectId, projectTitle: 'Bought set', at: expect.any(String) },
    ]);
  });

  it('merges into an existing project by name, keeping the project’s colours and moving a clashing new colour', async () => {
    const buyer = await createTestUser(t);
    const project = await seedProject(t, { members: [{ user: buyer, role: 'admin' }] });
    const now = t.clock.now().toISOString();
    // 'CAR' is the resource's 'car' (names compare case-blind); its red is the colour the resource gives 'Truck'.
    await t.database.db
      .insertInto('labels')
      .values({
        id: 'own-car',
        project_id: project.id,
        name: 'CAR',
        name_key: 'car',
        color: '#ff0000',
        position: 0,
        created_at: now,
      })
      .execute();
    const resource = await insertDatasetResource(t, seller, DATASET);
    const purchaseId = await insertPurchase(t, resource.id, buyer);

    const res = await exportTo(buyer, purchaseId, { target: 'existing', projectId: project.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ projectId: project.id, images: 3, annotations: 3, labelsAdded: 1 });
    const labels = await labelsOf(project.id);
    expect(labels.map((l) => l.name)).toEqual(['CAR', 'Truck']);
    expect(labels[0]!.color).toBe('#ff0000');
    expect(labels[1]!.color).not.toBe('#ff0000');
    const used = await t.database.db
      .selectFrom('annotations')
      .innerJoin('images', 'images.id', 'annotations.image_id')
      .select('annotations.label_id')
      .where('images.project_id', '=', project.id)
      .execute();
    expect(new Set(used.map((u) => u.label_id))).toEqual(new Set(['own-car', labels[1]!.id]));
    // Splits follow the project's own seeded assignment.
    expect((await imagesOf(project.id)).every((i) => ['train', 'validation', 'test'].includes(i.split))).toBe(true);
  });

  it('refuses with label_room and writes nothing when the labels would pass the project’s limit', async () => {
    const buyer = await createTestUser(t);
    const names = Array.from({ length: PROJECT_LABELS_MAX - 1 }, (_, i) => `L${i}`);
    const project = await seedProject(t, { members: [{ user: buyer, role: 'admin' }], labels: names });
    const resource = await insertDatasetResource(t, seller, DATASET);
    const purchaseId = await insertPurchase(t, resource.id, buyer);

    const res = await exportTo(buyer, purchaseId, { target: 'existing', projectId: project.id });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('label_room');
    expect(await labelsOf(project.id)).toHaveLength(PROJECT_LABELS_MAX - 1);
    expect(await imagesOf(project.id)).toHaveLength(0);
    expect(
      await t.database.db.selectFrom('resource_exports').select('id').where('purchase_id', '=', purchaseId).execute(),
    ).toHaveLength(0);
  });

  it('refuses a project of another type, one where the buyer is not admin, another buyer’s or a canceled purchase', async () => {
    const buyer = await createTestUser(t);
    const other = await createTestUser(t);
    const resource = await insertDatasetResource(t, seller, DATASET);
    const purchaseId = await insertPurchase(t, resource.id, buyer);
    const classification = await seedProject(t, {
      subtype: 'IMAGE_CLASSIFICATION',
      members: [{ user: buyer, role: 'admin' }],
    });
    const mismatch = await exportTo(buyer, purchaseId, { target: 'existing', projectId: classification.id });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.fields).toEqual({ projectId: V.resourceTarget });

    const shared = await seedProject(t, { members: [{ user: other, role: 'admin' }] });
    expect((await exportTo(buyer, purchaseId, { target: 'existing', projectId: shared.id })).status).toBe(404);
    await addProjectMember(t, shared.id, buyer, 'member');
    expect((await exportTo(buyer, purchaseId, { target: 'existing', projectId: shared.id })).status).toBe(403);

    expect((await exportTo(other, purchaseId, { target: 'new', title: 'Mine' })).status).toBe(404);
    const canceled = await insertPurchase(t, resource.id, other, { canceled: true });
    expect((await exportTo(other, canceled, { target: 'new', title: 'Mine' })).status).toBe(404);
    expect((await exportTo(buyer, purchaseId, { target: 'new', title: '' })).status).toBe(400);
    expect(await imagesOf(shared.id)).toHaveLength(0);
  });

  it('goes into a new project of an organization where the buyer is owner or admin, not a member', async () => {
    const buyer = await createTestUser(t);
    const orgOwner = await createTestUser(t);
    const now = t.clock.now().toISOString();
    const orgs = ['admin', 'member'].map((role) => ({ id: randomUUID(), role }));
    for (const org of orgs) {
      await t.database.db
        .insertInto('organizations')
        .values({ id: org.id, name: org.role, created_at: now, updated_at: now })
        .execute();
      await t.database.db
        .insertInto('organization_members')
        .values([
          { organization_id: org.id, user_id: orgOwner.id, role: 'owner', joined_at: now },
          { organization_id: org.id, user_id: buyer.id, role: org.role, joined_at: now },
        ])
        .execute();
    }
    const resource = await insertDatasetResource(t, seller, DATASET);
    const purchaseId = await insertPurchase(t, resource.id, buyer);
    const into = (organizationId: string) =>
      exportTo(buyer, purchaseId, { target: 'new', title: 'Team set', organizationId });

    const done = await into(orgs[0]!.id);
    expect(done.status).toBe(200);
    const project = await t.database.db
      .selectFrom('projects')
      .select('organization_id')
      .where('id', '=', done.body.projectId)
      .executeTakeFirstOrThrow();
    expect(project.organization_id).toBe(orgs[0]!.id);
    expect((await into(orgs[1]!.id)).status).toBe(403);
    expect((await into(randomUUID())).status).toBe(404);
  });

  it('is still exported after the seller took the resource off the market', async () => {
    const buyer = await createTestUser(t);
    const resource = await insertDatasetResource(t, seller, DATASET);
    const purchaseId = await insertPurchase(t, resource.id, buyer);
    await t.database.db
      .updateTable('resources')
      .set({ deleted_at: t.clock.now().toISOString(), visibility: 'private' })
      .where('id', '=', resource.id)
      .execute();
    const res = await exportTo(buyer, purchaseId, { target: 'new', title: 'Kept' });
    expect(res.status).toBe(200);
    expect(res.body.images).toBe(3);
  });
});

describe('a model', () => {
  it('becomes a model of a project of its task, with merged labels, a pre-trained choice of the training wizard', async () => {
    const buyer = await createTestUser(t);
    const project = await seedProject(t, {
      subtype: 'IMAGE_CLASSIFICATION',
      members: [{ user: buyer, role: 'admin' }],
      labels: ['cat'],
    });
    const resource = await insertModelResource(t, seller, {
      labels: [
        { name: 'Cat', color: '#123456' },
        { name: 'dog', color: '#654321' },
      ],
    });
    const purchaseId = await insertPurchase(t, resource.id, buyer);

    const res = await exportTo(buyer, purchaseId, { target: 'existing', projectId: project.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ projectId: project.id, images: 0, annotations: 0, labelsAdded: 1 });
    const modelId = res.body.modelId as string;

    const models = await as(t, buyer, 'GET', `projects/${project.id}/models`);
    const model = (models.body.items ?? models.body).find((m: { id: string }) => m.id === modelId);
    expect(model).toMatchObject({ tag: 'Classifier', network: 'classifier-compact', source: 'uploaded' });
    const row = await t.database.db
      .selectFrom('models')
      .selectAll()
      .where('id', '=', modelId)
      .executeTakeFirstOrThrow();
    expect(row.blob_key).toBe(resource.blobKey);
    expect(row.resource_id).toBe(resource.id);
    const labels = await labelsOf(project.id);
    expect(JSON.parse(row.labels).map((l: { id: string }) => l.id)).toEqual(labels.map((l) => l.id));

    const settings = trainingSettings(
      'classifier-compact',
      labels.map((l) => l.id),
      { pretrained: { kind: 'model', modelId }, hyperparameters: { inputSize: 96 as 224 } },
    );
    await expect(
      checkTrainingSettings(t.database.db, { id: project.id, subtype: 'IMAGE_CLASSIFICATION' }, settings),
    ).resolves.toBe('classification');

    // A second export into the same project answers the same model.
    const again = await exportTo(buyer, purchaseId, { target: 'existing', projectId: project.id });
    expect(again.body.modelId).toBe(modelId);
    expect(
      await t.database.db.selectFrom('models').select('id').where('project_id', '=', project.id).execute(),
    ).toHaveLength(1);
  });

  it('refuses a project whose type trains another task', async () => {
    const buyer = await createTestUser(t);
    const detection = await seedProject(t, { members: [{ user: buyer, role: 'admin' }] });
    const resource = await insertModelResource(t, seller, { labels: [{ name: 'cat', color: '#123456' }] });
    const purchaseId = await insertPurchase(t, resource.id, buyer);
    const res = await exportTo(buyer, purchaseId, { target: 'existing', projectId: detection.id });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ projectId: V.resourceTarget });
    expect(
      await t.database.db.selectFrom('models').select('id').where('project_id', '=', detection.id).execute(),
    ).toHaveLength(0);
  });
});
