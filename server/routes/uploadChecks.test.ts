import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UPLOAD_HASHES_MAX, UPLOAD_STATE_IDS_MAX } from '../../contract/apiUploads';
import { IMAGE_INVALID_MESSAGE } from '../images/datasetImageProbe';
import { PROCESSING_FAILED_MESSAGE } from '../images/imageProcessJob';
import { pngOf } from '../test/fixtures/datasetImages';
import { seedProject } from '../test/fixtures/projectSeed';
import {
  t,
  admin,
  member,
  worker,
  outsider,
  project,
  api,
  upload,
  fileUrl,
  runAllJobs,
  setUpUploadsTestBed,
} from '../test/uploadsTestBed';

setUpUploadsTestBed();

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('upload duplicate check', () => {
  it('finds the images whose original has the same bytes, oldest first, in this project only', async () => {
    const png = await pngOf(120, 90, '#123456');
    const hash = sha256(png);
    const other = sha256(await pngOf(120, 90, '#654321'));
    const path = `projects/${project.id}/uploads/duplicates`;
    expect((await api('POST', path, member, { hashes: [hash, other] })).body).toEqual({ matches: [] });

    const first = await upload(png, { fileName: 'first.png', folder: 'set1' });
    const firstId = first.stored?.body.id as string;
    const found = await api('POST', path, member, { hashes: [other, hash, hash] });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      matches: [
        {
          hash,
          imageId: firstId,
          fileName: 'first.png',
          folder: 'set1',
          thumbnailUrl: fileUrl(firstId, 'thumbnail'),
          count: 1,
        },
      ],
    });

    // The check only advises: the same bytes go up again when the user keeps them.
    t.clock.advance(1);
    const second = await upload(png, { fileName: 'again.png' });
    expect(second.stored?.status).toBe(202);
    expect(second.stored?.body.id).not.toBe(firstId);
    const twice = await api('POST', path, admin, { hashes: [hash] });
    expect(twice.body.matches).toEqual([
      expect.objectContaining({ imageId: firstId, fileName: 'first.png', count: 2 }),
    ]);

    // The same bytes in another project are not this project's duplicates.
    const elsewhere = await seedProject(t, { members: [{ user: member, role: 'admin' }], labels: ['a'] });
    expect((await api('POST', `projects/${elsewhere.id}/uploads/duplicates`, member, { hashes: [hash] })).body).toEqual(
      { matches: [] },
    );
  });

  it('takes well-formed hashes in bounded batches, from those who may upload', async () => {
    const path = `projects/${project.id}/uploads/duplicates`;
    const ok = { hashes: ['a'.repeat(64)] };
    expect((await api('POST', path, member, ok)).status).toBe(200);
    for (const hashes of [[], ['A'.repeat(64)], ['a'.repeat(63)], ['g'.repeat(64)]]) {
      const bad = await api('POST', path, member, { hashes });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('validation');
    }
    const many = Array.from({ length: UPLOAD_HASHES_MAX + 1 }, (_, i) => i.toString(16).padStart(64, '0'));
    expect((await api('POST', path, member, { hashes: many })).status).toBe(400);
    expect((await api('POST', path, member, { hashes: many.slice(1) })).status).toBe(200);
    expect((await api('POST', path, member, { ...ok, extra: 1 })).status).toBe(400);
    expect((await api('POST', path, worker, ok)).status).toBe(403);
    expect((await api('POST', path, outsider, ok)).status).toBe(404);
    expect((await api('POST', path, null, ok)).status).toBe(401);
  });
});

describe('upload image states', () => {
  it('follows each image from processing to ready, with the reason of a failure as an error key', async () => {
    const a = await upload(await pngOf(50, 40, '#aa0000'), { fileName: 'a.png' });
    const b = await upload(await pngOf(50, 40, '#00aa00'), { fileName: 'b.png' });
    const c = await upload(await pngOf(50, 40, '#0000aa'), { fileName: 'c.png' });
    const [ida, idb, idc] = [a, b, c].map((u) => u.stored?.body.id as string) as [string, string, string];
    const path = `projects/${project.id}/uploads/states`;
    const before = await api('POST', path, member, { imageIds: [ida, idb] });
    expect(before.status).toBe(200);
    expect(before.body.images).toHaveLength(2);
    expect(before.body.images).toEqual(
      expect.arrayContaining([
        { id: ida, state: 'processing', error: null },
        { id: idb, state: 'processing', error: null },
      ]),
    );

    await runAllJobs();
    await t.database.db
      .updateTable('images')
      .set({ state: 'failed', error: IMAGE_INVALID_MESSAGE })
      .where('id', '=', idb)
      .execute();
    await t.database.db
      .updateTable('images')
      .set({ state: 'failed', error: PROCESSING_FAILED_MESSAGE })
      .where('id', '=', idc)
      .execute();
    // An image of another project, and an unknown id, are left out.
    const elsewhere = await seedProject(t, { members: [{ user: member, role: 'admin' }], labels: ['a'] });
    const foreign = await upload(await pngOf(20, 20), { projectId: elsewhere.id });
    const after = await api('POST', path, member, {
      imageIds: [ida, idb, idc, foreign.stored?.body.id as string, 'no-such-image'],
    });
    const byId = Object.fromEntries((after.body.images as { id: string }[]).map((i) => [i.id, i]));
    expect(byId).toEqual({
      [ida]: { id: ida, state: 'ready', error: null },
      [idb]: { id: idb, state: 'failed', error: 'image_invalid' },
      [idc]: { id: idc, state: 'failed', error: 'image_processing_failed' },
    });
  });

  it('takes bounded batches of ids, from those who may upload', async () => {
    const path = `projects/${project.id}/uploads/states`;
    const ids = Array.from({ length: UPLOAD_STATE_IDS_MAX + 1 }, (_, i) => `id-${i}`);
    expect((await api('POST', path, member, { imageIds: ids })).status).toBe(400);
    expect((await api('POST', path, member, { imageIds: ids.slice(1) })).body).toEqual({ images: [] });
    expect((await api('POST', path, member, { imageIds: [] })).status).toBe(400);
    expect((await api('POST', path, worker, { imageIds: ['x'] })).status).toBe(403);
    expect((await api('POST', path, outsider, { imageIds: ['x'] })).status).toBe(404);
    expect((await api('POST', path, null, { imageIds: ['x'] })).status).toBe(401);
  });
});
