import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initTf } from '../../ml/runtime';
import { tinyClassifierZip } from '../../ml/testing/tinyClassifierZip';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { addTestModel, createTestDatasetProject, postTestResource, runMarketJobs, testBlobs } from './marketTestKit';
import { RESOURCE_CHECK_JOB } from './resourceCheckJob';

let t: TestApp;
let seller: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createTestUser(t, { name: 'Seller' });
  await initTf();
});
afterAll(() => t.close());

const stateOf = (id: string) =>
  t.database.db
    .selectFrom('resources')
    .select(['approval', 'check_error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('resource.check', () => {
  it('passes a whole dataset and the real models of ml/testing', { timeout: 120_000 }, async () => {
    const data = await postTestResource(t, seller, { until: 'checking' });
    const detector = await postTestResource(t, seller, { kind: 'model', until: 'checking' });
    const project = (await createTestDatasetProject(t, seller, { images: 1 })).projectId;
    const classifier = await addTestModel(t, project, await tinyClassifierZip(['red', 'blue'], null));
    const tiny = await postTestResource(t, seller, {
      kind: 'model',
      projectId: project,
      modelId: classifier,
      until: 'checking',
    });
    expect(await runMarketJobs(t)).toBe(3);
    for (const r of [data, detector, tiny])
      expect(await stateOf(r.resource.id)).toEqual({ approval: 'pending', check_error: null });
  });

  it('fails a damaged model zip as unreadable', { timeout: 120_000 }, async () => {
    const project = (await createTestDatasetProject(t, seller, { images: 1 })).projectId;
    const damaged = await addTestModel(t, project, new TextEncoder().encode('PK\u0003\u0004 not really a zip'));
    const { resource } = await postTestResource(t, seller, {
      kind: 'model',
      projectId: project,
      modelId: damaged,
      until: 'checking',
    });
    await runMarketJobs(t);
    expect(await stateOf(resource.id)).toEqual({ approval: 'check_failed', check_error: 'model_unreadable' });
    // The seller sees why; the view says so.
    const mine = await t.app.request('/api/resources/mine', { headers: { Authorization: seller.auth } });
    const items = ((await mine.json()) as { items: { id: string; checkError: string | null }[] }).items;
    expect(items.find((r) => r.id === resource.id)?.checkError).toBe('model_unreadable');
  });

  it('fails a snapshot whose image is gone, whose counts differ, or whose cover is gone', async () => {
    const db = t.database.db;
    const missing = await postTestResource(t, seller, { until: 'checking' });
    const image = await db
      .selectFrom('resource_images')
      .select('blob_key')
      .where('resource_id', '=', missing.resource.id)
      .where('position', '=', 2)
      .executeTakeFirstOrThrow();
    await testBlobs(t).delete(image.blob_key);

    const counts = await postTestResource(t, seller, { until: 'checking' });
    await db.updateTable('resources').set({ annotation_count: 7 }).where('id', '=', counts.resource.id).execute();

    const cover = await postTestResource(t, seller, { until: 'checking' });
    const row = await db
      .selectFrom('resources')
      .select('covers')
      .where('id', '=', cover.resource.id)
      .executeTakeFirstOrThrow();
    await testBlobs(t).delete((JSON.parse(row.covers) as { blobKey: string }[])[0]!.blobKey);

    await runMarketJobs(t);
    expect(await stateOf(missing.resource.id)).toEqual({
      approval: 'check_failed',
      check_error: 'snapshot_unreadable',
    });
    expect(await stateOf(counts.resource.id)).toEqual({ approval: 'check_failed', check_error: 'snapshot_counts' });
    expect(await stateOf(cover.resource.id)).toEqual({ approval: 'check_failed', check_error: 'cover_unreadable' });
  });

  it('leaves alone a resource that is no longer being checked (deleted, or already decided)', async () => {
    const db = t.database.db;
    const deleted = await postTestResource(t, seller, { until: 'checking' });
    await db
      .updateTable('resources')
      .set({ deleted_at: t.clock.now().toISOString() })
      .where('id', '=', deleted.resource.id)
      .execute();
    const approved = await postTestResource(t, seller);
    // A retry of its job after the decision changes nothing.
    await db
      .insertInto('jobs')
      .values({
        id: 'again',
        kind: RESOURCE_CHECK_JOB,
        project_id: null,
        payload: JSON.stringify({ resourceId: approved.resource.id }),
        state: 'queued',
        progress: 0,
        attempts: 0,
        max_attempts: 3,
        run_after: t.clock.now().toISOString(),
        lease_until: null,
        worker: null,
        error: null,
        created_at: t.clock.now().toISOString(),
        updated_at: t.clock.now().toISOString(),
      })
      .execute();
    await runMarketJobs(t);
    expect(await stateOf(deleted.resource.id)).toEqual({ approval: 'checking', check_error: null });
    expect(await stateOf(approved.resource.id)).toEqual({ approval: 'approved', check_error: null });
  });
});
