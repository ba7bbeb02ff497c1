import { utimes } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../blobs/BlobStore';
import { collectBlobGarbage } from '../blobs/collectBlobGarbage';
import { createBlobStore } from '../blobs/createBlobStore';
import { S3BlobStore, type S3Options } from '../blobs/S3BlobStore';
import { startTestS3Server, type TestS3Server } from '../blobs/startTestS3Server';
import { parseEnv } from '../env';
import type { PyramidManifest, PyramidRef } from '../images/imagePyramid';
import type { JobRunner } from '../jobs/jobRunner';
import { jpegOf } from '../test/fixtures/datasetImages';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import { testJobRunner } from '../test/testJobRunner';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

/*
 * An upload through the real app with BLOB_STORE=s3 on a real S3 server (s3rver): the image, its
 * thumbnail, its tiles and manifest land in the bucket, the API serves them back from there (the
 * original also in ranges), and once the image is deleted the collector empties the bucket.
 */
const HOUR = 3_600_000;
let s3: TestS3Server;
let bucket: S3Options;
let blobs: BlobStore;
let t: TestApp;
let member: TestUser;
let admin: TestUser;
let projectId: string;
let runner: JobRunner;

beforeAll(async () => {
  s3 = await startTestS3Server();
  bucket = await s3.createBucket();
  const env = parseEnv({
    BLOB_STORE: 's3',
    S3_ENDPOINT: bucket.endpoint,
    S3_BUCKET: bucket.bucket,
    S3_REGION: bucket.region,
    S3_ACCESS_KEY_ID: bucket.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
  });
  blobs = createBlobStore(env);
  t = await createTestApp({}, { blobs });
  member = await createTestUser(t);
  admin = await createTestUser(t);
  projectId = (
    await seedProject(t, {
      members: [
        { user: admin, role: 'admin' },
        { user: member, role: 'member' },
      ],
      labels: ['car'],
    })
  ).id;
  runner = testJobRunner(t, 'test-worker', { blobs }).runner;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of blobs.list()) keys.push(item.key);
  return keys.sort();
}

async function storedBytes(key: string): Promise<Buffer> {
  const blob = await blobs.get(key);
  if (!blob) throw new Error(`no blob ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const getFile = async (rest: string, headers: Record<string, string> = {}) => {
  const res = await t.app.request(`/api/projects/${projectId}/images/${rest}`, {
    headers: { Authorization: member.auth, ...headers },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    range: res.headers.get('content-range'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
};

describe('uploads with BLOB_STORE=s3', () => {
  it('stores the image, its thumbnail and its tiles in the bucket and serves them from there', async () => {
    expect(blobs).toBeInstanceOf(S3BlobStore);
    // Just past the pyramid threshold (2048 px): 5 × 2 tiles at full size, 13 levels.
    const jpeg = await jpegOf(2100, 700);
    const created = await as(t, member, 'POST', `projects/${projectId}/uploads`, {
      fileName: 'wide.jpg',
      bytes: jpeg.length,
    });
    expect(created.status).toBe(201);
    const put = await t.app.request(`/api/projects/${projectId}/uploads/${created.body.uploadId as string}`, {
      method: 'PUT',
      headers: { Authorization: member.auth, 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array(jpeg),
    });
    expect(put.status).toBe(202);
    const imageId = ((await put.json()) as { id: string }).id;
    while (await runner.runOnce()) {
      /* until the image.process job is done */
    }

    const row = await t.database.db
      .selectFrom('images')
      .select(['state', 'blob_key', 'thumb_key', 'pyramid'])
      .where('id', '=', imageId)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('ready');
    const ref = JSON.parse(row.pyramid ?? 'null') as PyramidRef;
    expect(ref).toMatchObject({ levels: 13, tileSize: 512, format: 'jpg' });
    const manifest = JSON.parse((await storedBytes(ref.manifest)).toString('utf8')) as PyramidManifest;
    const tileKeys = Object.values(manifest.tiles);
    expect(Object.keys(manifest.tiles)).toContain('12/4_1');
    // Everything the job wrote is in the bucket, and nothing else.
    expect(await bucketKeys()).toEqual(
      [...new Set([row.blob_key, row.thumb_key ?? '', ref.manifest, ...tileKeys])].sort(),
    );

    const original = await getFile(`${imageId}/original`);
    expect(original).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect(original.bytes.equals(jpeg)).toBe(true);
    // A resumed download: a Range GET to the bucket, and exactly those bytes back.
    const resumed = await getFile(`${imageId}/original`, { Range: 'bytes=1000-' });
    expect(resumed).toMatchObject({
      status: 206,
      type: 'image/jpeg',
      range: `bytes 1000-${jpeg.length - 1}/${jpeg.length}`,
    });
    expect(resumed.bytes.equals(jpeg.subarray(1000))).toBe(true);
    const head = await getFile(`${imageId}/original`, { Range: 'bytes=0-0' });
    expect(head).toMatchObject({ status: 206, range: `bytes 0-0/${jpeg.length}` });
    expect(head.bytes.equals(jpeg.subarray(0, 1))).toBe(true);
    const pastEnd = await getFile(`${imageId}/original`, { Range: `bytes=${jpeg.length}-` });
    expect(pastEnd).toMatchObject({ status: 416, range: `bytes */${jpeg.length}` });

    const thumb = await getFile(`${imageId}/thumbnail`);
    expect(thumb).toMatchObject({ status: 200, type: 'image/webp' });
    expect(thumb.bytes.equals(await storedBytes(row.thumb_key ?? ''))).toBe(true);

    // The last full-size tile: 2100 − 4·512 = 52 by 700 − 512 = 188 pixels.
    const tile = await getFile(`${imageId}/tiles/12/4_1.jpg`);
    expect(tile).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect(tile.bytes.equals(await storedBytes(manifest.tiles['12/4_1'] ?? ''))).toBe(true);
    expect(await sharp(tile.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 52, height: 188 });
    expect((await getFile(`${imageId}/tiles/12/5_0.jpg`)).status).toBe(404);

    // Once the image is deleted, the collector keeps its blobs through the grace period and
    // deletes them after it (a listing and a HEAD + DELETE per blob on S3).
    const stored = await bucketKeys();
    expect((await as(t, admin, 'DELETE', `projects/${projectId}/images/${imageId}`)).status).toBe(204);
    const left = await bucketKeys();
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((key) => stored.includes(key))).toBe(true);
    const gc = () => collectBlobGarbage({ db: t.database.db, blobs, now: () => new Date(), graceMs: HOUR });
    expect(await gc()).toMatchObject({ scanned: left.length, deleted: 0, young: left.length });
    const past = new Date(Date.now() - 2 * HOUR);
    for (const key of left) await utimes(s3.objectFile(bucket.bucket, key), past, past);
    expect(await gc()).toMatchObject({ scanned: left.length, deleted: left.length });
    expect(await bucketKeys()).toEqual([]);
  }, 60_000);
});
