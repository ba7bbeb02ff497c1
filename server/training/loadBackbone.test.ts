import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestModel, createTestDatasetProject, testBlobs } from '../market/marketTestKit';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser } from '../test/testUsers';
import { loadBackbone } from './loadBackbone';
import { TrainingFailure } from './TrainingFailure';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('loadBackbone', () => {
  it('refuses a model not built on the backbone with base_model_invalid, not an internal error', async () => {
    const user = await createTestUser(t);
    const { projectId } = await createTestDatasetProject(t, user, { images: 1 });
    // The red-square detector is a small hand-made graph: it loads and predicts, but has no MobileNetV2 layers.
    const modelId = await addTestModel(t, projectId);
    const loading = loadBackbone(
      { db: t.database.db, blobs: testBlobs(t) },
      projectId,
      { pretrained: { kind: 'model', modelId }, network: 'detector-compact' },
      [],
    );
    await expect(loading).rejects.toBeInstanceOf(TrainingFailure);
    await expect(loading).rejects.toMatchObject({ code: 'base_model_invalid', message: /no backbone layer/ });
  }, 60_000);
});
