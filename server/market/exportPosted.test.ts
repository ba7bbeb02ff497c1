import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RED_DETECTOR_INPUT } from '../../ml/testing/redSquareDetector';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser } from '../test/testUsers';
import { trainingSettings } from '../test/trainingFixtures';
import { checkTrainingSettings } from '../training/createTraining';
import { postTestResource } from './marketTestKit';
import { insertPurchase } from './purchaseTestKit';

/* Resources posted through POST /api/resources, checked and approved, then bought and exported: the snapshot as posting writes it. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Box = { x: number; y: number; width: number; height: number; labelId: string };

async function boxesByFile(projectId: string, user: Parameters<typeof as>[1]) {
  const images = await t.database.db
    .selectFrom('images')
    .select(['id', 'file_name'])
    .where('project_id', '=', projectId)
    .execute();
  const labels = await t.database.db
    .selectFrom('labels')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .execute();
  const nameOf = new Map(labels.map((l) => [l.id, l.name]));
  const out: Record<string, string[]> = {};
  for (const image of images) {
    const res = await as(t, user, 'GET', `projects/${projectId}/images/${image.id}/annotations`);
    out[image.file_name] = (res.body.annotations as Box[])
      .map((a) => `${nameOf.get(a.labelId)} ${a.x},${a.y} ${a.width}×${a.height}`)
      .sort();
  }
  return out;
}

describe('a posted dataset, bought and exported', () => {
  it('arrives in the buyer’s new project as the seller’s images and annotations', async () => {
    const seller = await createTestUser(t);
    const buyer = await createTestUser(t);
    const posted = await postTestResource(t, seller, { images: 4, price: 1000 });
    const purchaseId = await insertPurchase(t, posted.resource.id, buyer);

    const res = await as(t, buyer, 'POST', `purchases/${purchaseId}/export`, { target: 'new', title: 'Bought' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ images: 4, annotations: 4, labelsAdded: 2, modelId: null });
    expect(await boxesByFile(res.body.projectId, buyer)).toEqual(await boxesByFile(posted.projectId, seller));
  });
});

describe('a posted model, bought and exported', () => {
  it('is a pre-trained choice of the buyer’s detection project', async () => {
    const seller = await createTestUser(t);
    const buyer = await createTestUser(t);
    const posted = await postTestResource(t, seller, { kind: 'model', price: 5000 });
    const purchaseId = await insertPurchase(t, posted.resource.id, buyer);
    const project = await seedProject(t, { members: [{ user: buyer, role: 'admin' }], labels: ['car'] });

    const res = await as(t, buyer, 'POST', `purchases/${purchaseId}/export`, {
      target: 'existing',
      projectId: project.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.labelsAdded).toBe(1);
    const labelIds = (
      await t.database.db.selectFrom('labels').select('id').where('project_id', '=', project.id).execute()
    ).map((l) => l.id);
    const settings = trainingSettings('detector-compact', labelIds, {
      pretrained: { kind: 'model', modelId: res.body.modelId },
      hyperparameters: { inputSize: RED_DETECTOR_INPUT as 224 },
    });
    await expect(
      checkTrainingSettings(t.database.db, { id: project.id, subtype: 'IMAGE_OBJECT_DETECTION' }, settings),
    ).resolves.toBe('detection');
  });
});
