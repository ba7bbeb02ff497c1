import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { postTestResource } from './marketTestKit';

let t: TestApp;
let seller: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createTestUser(t, { name: 'Seller' });
});
afterAll(() => t.close());

describe('postTestResource', () => {
  it('posts, checks and approves a dataset with its snapshot, samples and covers', async () => {
    const { resource, projectId } = await postTestResource(t, seller, { price: 1000, images: 4 });
    expect(resource).toMatchObject({
      kind: 'dataset',
      approval: 'approved',
      price: 1000,
      covers: 1,
      counts: { images: 4, annotations: 4, labels: 2 },
      mine: true,
    });
    expect(resource.samples).toHaveLength(4);
    expect(resource.samples[0]!.annotations[0]).toEqual({
      label: 'red',
      color: '#e53935',
      box: { x: 4, y: 4, width: 20, height: 16 },
    });
    const rows = await t.database.db
      .selectFrom('resource_images')
      .select('position')
      .where('resource_id', '=', resource.id)
      .execute();
    expect(rows).toHaveLength(4);
    expect(projectId).toBeTruthy();
  });

  it('posts, checks (the real model runs) and approves a model', { timeout: 120_000 }, async () => {
    const { resource, modelId } = await postTestResource(t, seller, { kind: 'model', price: 5000 });
    expect(resource).toMatchObject({ kind: 'model', format: 'tfjs', approval: 'approved', checkError: null });
    expect(resource.model).toMatchObject({ task: 'detection', network: 'detector-compact' });
    expect(resource.labels).toEqual([{ name: 'red', color: '#e53935' }]);
    expect(modelId).toBeTruthy();
  });

  it('stops where asked', async () => {
    const { resource } = await postTestResource(t, seller, { until: 'pending', visibility: 'private' });
    expect(resource).toMatchObject({ approval: 'pending', visibility: 'private' });
  });
});
