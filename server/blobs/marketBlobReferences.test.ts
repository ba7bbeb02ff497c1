import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTestResource, testBlobs } from '../market/marketTestKit';
import { coversOf } from '../market/resourceViews';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { collectBlobGarbage } from './collectBlobGarbage';

const HOUR = 3_600_000;
let t: TestApp;
let seller: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createTestUser(t, { name: 'Seller' });
});
afterAll(() => t.close());

/** Makes every stored blob look stored two hours ago (past the grace period). */
async function ageAll() {
  const root = path.join(t.dataDir, 'blobs');
  const when = new Date(Date.now() - 2 * HOUR);
  for (const dir of await readdir(root))
    for (const file of await readdir(path.join(root, dir))) await utimes(path.join(root, dir, file), when, when);
}

describe('blob references of the market', () => {
  it('keeps a snapshot’s images, its covers and a model resource’s zip after the project lets go of them', async () => {
    const db = t.database.db;
    const dataset = await postTestResource(t, seller, { until: 'pending', covers: 2 });
    const model = await postTestResource(t, seller, { kind: 'model', until: 'checking' });
    const snapshot = await db
      .selectFrom('resource_images')
      .select(['blob_key', 'thumb_key'])
      .where('resource_id', '=', dataset.resource.id)
      .execute();
    const resources = await db.selectFrom('resources').select(['covers', 'model_blob_key']).execute();
    const kept = [
      ...snapshot.flatMap((r) => [r.blob_key, r.thumb_key!]),
      ...resources.flatMap((r) => coversOf(r).map((c) => c.blobKey)),
      ...resources.flatMap((r) => (r.model_blob_key ? [r.model_blob_key] : [])),
    ];
    expect(kept.length).toBe(3 * 2 + 3 + 1);

    // The model's project had images of its own, in no snapshot: those go.
    const unposted = await db
      .selectFrom('images')
      .select(['blob_key', 'thumb_key'])
      .where('project_id', '=', model.projectId)
      .execute();
    // The projects drop everything: images, annotations, the model.
    for (const projectId of [dataset.projectId, model.projectId]) {
      await db.deleteFrom('images').where('project_id', '=', projectId).execute();
      await db.deleteFrom('models').where('project_id', '=', projectId).execute();
    }
    const orphan = await testBlobs(t).put(Buffer.from('nobody refers to this'));
    await ageAll();
    const result = await collectBlobGarbage({ db, blobs: testBlobs(t), now: () => new Date(), graceMs: HOUR });
    expect(result.deleted).toBe(1 + unposted.length * 2);
    expect(await testBlobs(t).has(orphan)).toBe(false);
    for (const row of unposted) expect(await testBlobs(t).has(row.blob_key)).toBe(false);
    for (const key of kept) expect(await testBlobs(t).has(key)).toBe(true);
  });
});
