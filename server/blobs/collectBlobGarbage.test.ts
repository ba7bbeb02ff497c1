import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BLOB_GC_JOB, enqueueBlobGc, scheduleBlobGc } from '../jobs/blobGcJob';
import { createJobHandlers } from '../jobs/jobHandlers';
import { JobQueue } from '../jobs/jobQueue';
import { JobRunner } from '../jobs/jobRunner';
import { as, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { LocalBlobStore } from './LocalBlobStore';
import { collectBlobGarbage } from './collectBlobGarbage';

const HOUR = 3_600_000;
let t: TestApp;
let admin: TestUser;
let blobs: LocalBlobStore;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { name: 'Admin' });
  blobs = new LocalBlobStore(path.join(t.dataDir, 'blobs'));
  projectId = (await as(t, admin, 'POST', 'projects', { title: 'Blobs', subtype: 'IMAGE_OBJECT_DETECTION' })).body.id;
});
afterAll(() => t.close());

const put = (text: string) => blobs.put(Buffer.from(text));
/** Makes the blob look stored `hours` ago (what the grace period is measured against). */
const age = async (key: string, hours: number) => {
  const when = new Date(Date.now() - hours * HOUR);
  await utimes(path.join(t.dataDir, 'blobs', key.slice(0, 2), key), when, when);
};
const gc = () => collectBlobGarbage({ db: t.database.db, blobs, now: () => new Date(), graceMs: HOUR });

/** An image whose original, thumbnail and 2-tile pyramid are real blobs. */
async function imageWithBlobs(name: string, tiles: string[], thumb: string) {
  const original = await put(`original of ${name}`);
  const thumbKey = await put(thumb);
  const tileKeys = await Promise.all(tiles.map(put));
  const manifest = await put(
    JSON.stringify({
      levels: 2,
      tileSize: 512,
      overlap: 0,
      format: 'jpg',
      width: 3000,
      height: 10,
      tiles: Object.fromEntries(tileKeys.map((k, i) => [`1/${i}_0`, k])),
    }),
  );
  const id = await seedImage(t, projectId, {
    fileName: `${name}.jpg`,
    pyramid: { manifest, levels: 2, tileSize: 512, overlap: 0, format: 'jpg' },
  });
  await t.database.db
    .updateTable('images')
    .set({ blob_key: original, thumb_key: thumbKey })
    .where('id', '=', id)
    .execute();
  for (const key of [original, thumbKey, manifest, ...tileKeys]) await age(key, 2);
  return { id, original, thumbKey, manifest, tileKeys };
}

describe('blob garbage collection', () => {
  it('deletes a deleted image’s own blobs after the grace period and keeps shared, referenced (avatar, atlas, import) and young ones', async () => {
    const a = await imageWithBlobs('a', ['tile a', 'tile shared'], 'thumb shared');
    const b = await imageWithBlobs('b', ['tile shared', 'tile b'], 'thumb shared');
    const avatar = await put('avatar bytes');
    await age(avatar, 2);
    await t.database.db.updateTable('users').set({ avatar_key: avatar }).where('id', '=', admin.id).execute();

    const atlas = await put('atlas page bytes');
    const importZip = await put('import zip bytes');
    for (const key of [atlas, importZip]) await age(key, 2);
    const at = new Date().toISOString();
    await t.database.db
      .insertInto('atlas_pages')
      .values({
        key: 'page-1',
        project_id: projectId,
        cell_size: 64,
        cells: '[]',
        blob_key: atlas,
        created_at: at,
        used_at: at,
      })
      .execute();
    await t.database.db
      .insertInto('imports')
      .values({
        id: 'import-1',
        project_id: projectId,
        user_id: admin.id,
        file_name: 'set.zip',
        bytes: 16,
        state: 'queued',
        progress: 0,
        error: null,
        error_entry: null,
        report: null,
        blob_key: importZip,
        created_at: at,
        updated_at: at,
      })
      .execute();

    expect((await as(t, admin, 'DELETE', `projects/${projectId}/images/${a.id}`)).status).toBe(204);
    // Stored just now and not (yet) referenced: an upload whose row is not written yet.
    const fresh = await put('an upload in flight');

    const result = await gc();
    expect(result).toMatchObject({ deleted: 3, young: 1 });
    for (const key of [a.original, a.manifest, a.tileKeys[0]!]) expect(await blobs.has(key)).toBe(false);
    for (const key of [b.original, b.manifest, b.thumbKey, ...b.tileKeys, avatar, atlas, importZip, fresh])
      expect(await blobs.has(key)).toBe(true);
    expect(a.thumbKey).toBe(b.thumbKey);
    expect(a.tileKeys[1]).toBe(b.tileKeys[0]);

    // The shared image is still served whole.
    const tile = await t.app.request(`/api/projects/${projectId}/images/${b.id}/tiles/1/1_0.jpg`, {
      headers: { Authorization: admin.auth },
    });
    expect(tile.status).toBe(200);
  });

  it('keeps old bytes stored again since (a new upload of a file deleted earlier)', async () => {
    const key = await put('uploaded, deleted, uploaded again');
    await age(key, 5);
    await put('uploaded, deleted, uploaded again');
    expect((await gc()).deleted).toBe(0);
    expect(await blobs.has(key)).toBe(true);
    await age(key, 5);
    expect((await gc()).deleted).toBe(1);
    expect(await blobs.has(key)).toBe(false);
  });

  it('runs as a blobs.gc job on the queue, one waiting pass at a time', async () => {
    const orphan = await put('orphan for the job');
    await age(orphan, 48);
    const queue = new JobQueue(t.database.db, t.database.dialect, () => new Date());
    const first = await enqueueBlobGc(t.database.db, queue, new Date(), HOUR);
    expect(first).toBeTruthy();
    expect(await enqueueBlobGc(t.database.db, queue, new Date(), HOUR)).toBeNull();
    const runner = new JobRunner(
      queue,
      createJobHandlers({ db: t.database.db, blobs, tmpRoot: path.join(t.dataDir, 'tmp'), now: () => new Date() }, [
        'maintenance',
      ]),
    );
    expect(runner.kinds).toEqual([BLOB_GC_JOB]);
    expect(await runner.runOnce()).toBe(true);
    const job = await t.database.db
      .selectFrom('jobs')
      .select(['state', 'error'])
      .where('id', '=', first!)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'done', error: null });
    expect(await blobs.has(orphan)).toBe(false);
    expect(await enqueueBlobGc(t.database.db, queue, new Date(), HOUR)).toBeTruthy();
  });

  it('is queued by the server on its timer, with the grace period in the payload, and drops week-old finished passes', async () => {
    const db = t.database.db;
    await db.deleteFrom('jobs').execute();
    const queue = new JobQueue(db, t.database.dialect, () => new Date());
    const old = await queue.enqueue({ kind: BLOB_GC_JOB, payload: {} });
    await db
      .updateTable('jobs')
      .set({ state: 'done', updated_at: new Date(Date.now() - 8 * 24 * HOUR).toISOString() })
      .where('id', '=', old)
      .execute();
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    let queued = 0;
    const stop = scheduleBlobGc(db, queue, {
      intervalMs: 5 * 60_000,
      graceMs: 2 * HOUR,
      now: () => new Date(),
      onQueued: () => queued++,
    });
    try {
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(async () => expect(queued).toBe(1));
      // Still waiting: the next tick queues nothing more.
      await vi.advanceTimersByTimeAsync(5 * 60_000);
    } finally {
      stop();
      vi.useRealTimers();
    }
    const jobs = await db.selectFrom('jobs').select(['kind', 'state', 'payload']).execute();
    expect(jobs).toEqual([{ kind: BLOB_GC_JOB, state: 'queued', payload: JSON.stringify({ graceMs: 2 * HOUR }) }]);
    expect(queued).toBe(1);
  });
});
