import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../auth/accessToken';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import type { AppContext } from '../context';
import { IMAGE_INVALID_MESSAGE } from '../images/datasetImageProbe';
import { tmpRootOf } from '../images/imageFiles';
import { PROCESSING_FAILED_MESSAGE } from '../images/imageProcessJob';
import { pngHeaderOnly, pngOf } from '../test/fixtures/datasetImages';
import { seedProject } from '../test/fixtures/projectSeed';
import {
  t,
  admin,
  member,
  worker,
  outsider,
  project,
  runner,
  api,
  put,
  upload,
  blobFiles,
  imageCount,
  runAllJobs,
  fileUrl,
  getFile,
  replaceUsers,
  setUpUploadsTestBed,
} from '../test/uploadsTestBed';

setUpUploadsTestBed();

describe('uploads', () => {
  it('needs a label first, and at most 10 for a folder upload', async () => {
    const empty = await seedProject(t, { members: [{ user: admin, role: 'admin' }] });
    const none = await api('POST', `projects/${empty.id}/uploads`, admin, { fileName: 'a.png', bytes: 10 });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('labels_required');
    const many = await seedProject(t, {
      members: [{ user: admin, role: 'admin' }],
      labels: Array.from({ length: 11 }, (_, i) => `L${i}`),
    });
    const folder = await api('POST', `projects/${many.id}/uploads`, admin, {
      fileName: 'a.png',
      bytes: 10,
      folder: 'cats',
    });
    expect(folder.status).toBe(409);
    expect(folder.body.error.code).toBe('too_many_labels');
    // A single-file upload is still allowed with 11 labels.
    expect((await api('POST', `projects/${many.id}/uploads`, admin, { fileName: 'a.png', bytes: 10 })).status).toBe(
      201,
    );
  });

  it('is for admins and members of the project only', async () => {
    const body = { fileName: 'a.png', bytes: 10 };
    expect((await api('POST', `projects/${project.id}/uploads`, worker, body)).status).toBe(403);
    expect((await api('POST', `projects/${project.id}/uploads`, outsider, body)).status).toBe(404);
    expect((await api('POST', `projects/${project.id}/uploads`, null, body)).status).toBe(401);
    expect((await api('POST', `projects/${project.id}/uploads`, member, { ...body, projectId: 'x' })).status).toBe(400);
    expect((await api('POST', `projects/${project.id}/uploads`, member, { ...body, bytes: 0 })).status).toBe(400);
    // Someone else's upload id is not found, even in the same project.
    const mine = await api('POST', `projects/${project.id}/uploads`, member, body);
    expect((await put(project.id, mine.body.uploadId as string, admin, new Uint8Array(10))).status).toBe(404);
  });

  it('stores a small image, processes it to ready without a pyramid and serves its files safely', async () => {
    const png = await pngOf(640, 480);
    const { created, stored } = await upload(png, { fileName: 'small.png' });
    expect(created.status).toBe(201);
    expect(stored?.status).toBe(202);
    const image = stored?.body;
    expect(image).toMatchObject({
      fileName: 'small.png',
      type: 'image/png',
      width: 640,
      height: 480,
      state: 'processing',
      tiles: null,
      labeled: false,
    });
    expect(image.thumbnailUrl).toBe(fileUrl(image.id, 'thumbnail'));

    const jobs = await api('GET', `projects/${project.id}/jobs`, worker);
    expect(jobs.status).toBe(200);
    expect(jobs.body[0]).toMatchObject({ kind: 'image.process', state: 'queued', progress: 0, attempts: 0 });
    await runAllJobs();
    const row = await t.database.db
      .selectFrom('images')
      .selectAll()
      .where('id', '=', image.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'ready', pyramid: null, width: 640, height: 480 });
    expect((await api('GET', `projects/${project.id}/jobs`, member)).body[0]).toMatchObject({
      state: 'done',
      progress: 1,
      attempts: 1,
    });

    const thumb = await getFile(image.thumbnailUrl as string, worker);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('x-content-type-options')).toBe('nosniff');
    expect(thumb.headers.get('content-security-policy')).toContain('sandbox');
    expect(thumb.headers.get('cache-control')).toContain('immutable');
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 192,
    });
    const etag = thumb.headers.get('etag') ?? '';
    expect((await getFile(image.thumbnailUrl as string, worker, { 'If-None-Match': etag })).status).toBe(304);

    const original = await getFile(fileUrl(image.id, 'original'), member);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await original.arrayBuffer()).equals(png)).toBe(true);
    expect((await getFile(fileUrl(image.id, 'original'), outsider)).status).toBe(404);
    expect((await t.app.request(fileUrl(image.id, 'original'))).status).toBe(401);
    expect((await getFile(fileUrl(image.id, 'tiles/0/0_0.jpg'), member)).status).toBe(404);
    // An image id of another project is not found through this project.
    const other = await seedProject(t, { members: [{ user: member, role: 'admin' }] });
    expect((await getFile(`/api/projects/${other.id}/images/${image.id}/original`, member)).status).toBe(404);
    // The upload is complete: a second PUT is refused.
    expect((await put(project.id, created.body.uploadId as string, member, new Uint8Array(png))).status).toBe(409);
  });

  it('refuses a corrupt image, a renamed text file and a pixel bomb, leaving nothing', async () => {
    const before = { images: await imageCount(), blobs: blobFiles().length };
    const png = await pngOf(300, 300);
    const corrupt = Buffer.concat([png.subarray(0, png.length - 40), Buffer.alloc(40, 7)]);
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    for (const bytes of [corrupt, truncated]) {
      const { stored } = await upload(bytes);
      expect(stored?.status).toBe(400);
      expect(stored?.body.error).toMatchObject({ code: 'image_invalid', message: IMAGE_INVALID_MESSAGE });
    }
    const text = await upload(Buffer.from('just some text pretending to be a PNG'), { fileName: 'photo.png' });
    expect(text.stored?.status).toBe(415);
    expect(text.stored?.body.error.code).toBe('image_invalid');
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), {
      fileName: 'a.png',
    });
    expect(svg.stored?.body.error.code).toBe('image_invalid');
    // 40000 × 30000 declared (1.2 gigapixels) in a file of a few hundred bytes.
    const bomb = await upload(pngHeaderOnly(40_000, 30_000));
    expect(bomb.stored?.status).toBe(400);
    expect(bomb.stored?.body.error.code).toBe('image_invalid');
    expect({ images: await imageCount(), blobs: blobFiles().length }).toEqual(before);
    expect(readdirSync(tmpRootOf(t.dataDir))).toEqual([]);
  });

  it('counts the streamed bytes against the declared size', async () => {
    const before = { images: await imageCount(), blobs: blobFiles().length };
    const png = await pngOf(64, 64);
    // More bytes than declared: refused while streaming.
    const over = await upload(png, { declared: png.length - 10 });
    expect(over.stored?.status).toBe(413);
    expect(over.stored?.body.error.code).toBe('payload_too_large');
    // A stream that lies in Content-Length.
    const created = await api('POST', `projects/${project.id}/uploads`, member, { fileName: 'x.png', bytes: 1000 });
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 4) return controller.close();
        controller.enqueue(new Uint8Array(200 * 1024).fill(7));
      },
    });
    const understated = await put(project.id, created.body.uploadId as string, member, stream, {
      'Content-Length': '1000',
    });
    expect(understated.status).toBe(413);
    // Content-Length above the declared size: refused before reading.
    expect((await put(project.id, created.body.uploadId as string, member, new Uint8Array(2000))).status).toBe(413);
    // Fewer bytes than declared: incomplete, may be retried.
    const short = await put(project.id, created.body.uploadId as string, member, new Uint8Array(500));
    expect(short.status).toBe(400);
    expect(short.body.error.code).toBe('bad_request');
    expect({ images: await imageCount(), blobs: blobFiles().length }).toEqual(before);
    // The same upload, retried with the right bytes, succeeds.
    const retry = await api('POST', `projects/${project.id}/uploads`, member, { fileName: 'x.png', bytes: png.length });
    expect((await put(project.id, retry.body.uploadId as string, member, new Uint8Array(png))).status).toBe(202);
  });

  it('refuses an upload after 24 hours and drops it at the next upload', async () => {
    const created = await api('POST', `projects/${project.id}/uploads`, member, { fileName: 'late.png', bytes: 10 });
    t.clock.advance(24 * 3600 + 1);
    // A token signed now (the one from the start of the file has expired on this clock).
    const fresh = {
      ...member,
      auth: `Bearer ${await signAccessToken({ config: t.config, now: t.clock.now } as unknown as AppContext, member.id)}`,
    };
    expect((await put(project.id, created.body.uploadId as string, fresh, new Uint8Array(10))).status).toBe(404);
    expect(
      (await api('POST', `projects/${project.id}/uploads`, fresh, { fileName: 'next.png', bytes: 10 })).status,
    ).toBe(201);
    const left = await t.database.db
      .selectFrom('uploads')
      .select('id')
      .where('id', '=', created.body.uploadId as string)
      .execute();
    expect(left).toEqual([]);
    replaceUsers({
      member: fresh,
      worker: {
        ...worker,
        auth: `Bearer ${await signAccessToken({ config: t.config, now: t.clock.now } as unknown as AppContext, worker.id)}`,
      },
    });
  });

  it('cancels an upload before and after its bytes arrived, leaving nothing', async () => {
    const created = await api('POST', `projects/${project.id}/uploads`, member, { fileName: 'c.png', bytes: 100 });
    expect((await api('DELETE', `projects/${project.id}/uploads/${created.body.uploadId}`, member)).status).toBe(204);
    expect((await put(project.id, created.body.uploadId as string, member, new Uint8Array(100))).status).toBe(404);
    expect((await api('DELETE', `projects/${project.id}/uploads/${created.body.uploadId}`, member)).status).toBe(404);

    await runAllJobs();
    const before = { images: await imageCount(), blobs: blobFiles().length };
    const { created: done, stored } = await upload(await pngOf(123, 45, '#abcdef'));
    expect(stored?.status).toBe(202);
    expect(blobFiles().length).toBe(before.blobs + 2);
    expect((await api('DELETE', `projects/${project.id}/uploads/${done.body.uploadId}`, member)).status).toBe(204);
    expect({ images: await imageCount(), blobs: blobFiles().length }).toEqual(before);
    expect(await runner.runOnce()).toBe(false);
  });

  it('maps the sub-folder of a classification folder upload to the label of that name', async () => {
    const cls = await seedProject(t, {
      subtype: 'IMAGE_CLASSIFICATION',
      members: [{ user: member, role: 'member' }],
      labels: ['Cat', 'dog'],
    });
    const png = await pngOf(32, 32, '#123456');
    const cat = await upload(png, { projectId: cls.id, folder: 'pets/cat', label: 'cat' });
    expect(cat.created.body).toMatchObject({ labelId: cls.labels.Cat, unknownLabel: null });
    expect(cat.stored?.body).toMatchObject({ labeled: true, labelIds: [cls.labels.Cat] });
    const annotation = await t.database.db
      .selectFrom('annotations')
      .selectAll()
      .where('image_id', '=', cat.stored?.body.id as string)
      .executeTakeFirstOrThrow();
    expect(annotation).toMatchObject({ kind: 'class', label_id: cls.labels.Cat });
    const bird = await upload(png, { projectId: cls.id, folder: 'pets/bird', label: 'bird' });
    expect(bird.created.body).toMatchObject({ labelId: null, unknownLabel: 'bird' });
    expect(bird.stored?.body).toMatchObject({ labeled: false, labelIds: [] });
    // Detection projects ignore folder labels.
    const det = await upload(png, { folder: 'car', label: 'car' });
    expect(det.created.body).toMatchObject({ labelId: null, unknownLabel: null });
  });

  it('retries processing and marks the image failed when every attempt failed', async () => {
    await runAllJobs();
    const { stored } = await upload(await pngOf(77, 77, '#0f0f0f'));
    const imageId = stored?.body.id as string;
    const row = await t.database.db
      .selectFrom('images')
      .select('blob_key')
      .where('id', '=', imageId)
      .executeTakeFirstOrThrow();
    await new LocalBlobStore(path.join(t.dataDir, 'blobs')).delete(row.blob_key);
    const quiet = console.error;
    console.error = () => {};
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        expect(await runner.runOnce()).toBe(true);
        // Past the retry back-off (5 s, then 10 s), well within the access token's lifetime.
        t.clock.advance(60);
      }
    } finally {
      console.error = quiet;
    }
    expect(await runner.runOnce()).toBe(false);
    const image = await t.database.db
      .selectFrom('images')
      .select(['state', 'error'])
      .where('id', '=', imageId)
      .executeTakeFirstOrThrow();
    expect(image).toEqual({ state: 'failed', error: PROCESSING_FAILED_MESSAGE });
    const jobs = await api('GET', `projects/${project.id}/jobs`, member);
    const failed = (jobs.body as { state: string }[]).filter((j) => j.state === 'failed');
    expect(failed).toEqual([
      expect.objectContaining({ kind: 'image.process', attempts: 3, error: PROCESSING_FAILED_MESSAGE }),
    ]);
  });
});
