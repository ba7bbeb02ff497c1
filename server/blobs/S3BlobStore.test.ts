import { createHash, randomBytes } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBlobStoreContract } from './blobStoreContract';
import { parseListPage, S3BlobStore, type S3Options } from './S3BlobStore';
import { startTestS3Server, type TestS3Server } from './startTestS3Server';

const MiB = 1024 * 1024;
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(() => s3.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** The requests since `from`, without the server's address. */
const sentSince = (from: number) => s3.requests.slice(from);

describeBlobStoreContract('S3BlobStore on s3rver', async () => {
  const options = await s3.createBucket();
  return {
    store: new S3BlobStore(options),
    setStoredAt: (key, when) => utimes(s3.objectFile(options.bucket, key), when, when),
    dispose: async () => {},
  };
});

describe('S3BlobStore on s3rver', () => {
  let options: S3Options;
  let store: S3BlobStore;
  beforeAll(async () => {
    options = await s3.createBucket();
    store = new S3BlobStore({ ...options, listPageSize: 2 });
  });

  it('lists page by page with continuation tokens and skips objects that are not blobs', async () => {
    const keys = await Promise.all(['one', 'two', 'three', 'four', 'five'].map((t) => store.put(Buffer.from(t))));
    const other = new AwsClient({ ...options, service: 's3' });
    const res = await other.fetch(`${options.endpoint}/${options.bucket}/notes/readme.txt`, {
      method: 'PUT',
      body: 'not a blob',
    });
    expect(res.status).toBe(200);
    const from = s3.requests.length;
    const listed = [];
    for await (const item of store.list()) listed.push(item);
    expect(listed.map((i) => i.key).sort()).toEqual([...keys].sort());
    expect(listed.find((i) => i.key === keys[2])?.size).toBe(5);
    // Six objects, two a page: three pages, the later ones asked for by their token.
    const pages = sentSince(from);
    expect(pages).toHaveLength(3);
    expect(pages.filter((r) => r.includes('continuation-token='))).toHaveLength(2);
  });

  it('refreshes bytes stored again by copying the object onto itself, without sending them', async () => {
    const key = await store.put(Buffer.from('stored twice'));
    const from = s3.requests.length;
    expect(await store.put(Readable.from([Buffer.from('stored '), Buffer.from('twice')]))).toBe(key);
    expect(sentSince(from)).toEqual([`HEAD /${options.bucket}/${key}`, `PUT /${options.bucket}/${key} +copy`]);
  });

  it('sends a put again when S3 answers 503 SlowDown', async () => {
    const bytes = Buffer.from('busy bucket');
    const key = sha256(bytes);
    s3.failNext((method, url) => method === 'PUT' && url.pathname.endsWith(key), 503, 'SlowDown');
    const from = s3.requests.length;
    expect(await store.put(bytes)).toBe(key);
    expect(sentSince(from).filter((r) => r === `PUT /${options.bucket}/${key}`)).toHaveLength(2);
    expect(await store.has(key)).toBe(true);
  });

  it('sends the bytes when the object vanished between its HEAD and its copy', async () => {
    const bytes = Buffer.from('collected meanwhile');
    const key = await store.put(bytes);
    s3.failNext((method, url) => method === 'PUT' && url.pathname.endsWith(key), 404, 'NoSuchKey');
    const from = s3.requests.length;
    expect(await store.put(bytes)).toBe(key);
    expect(sentSince(from).slice(1)).toEqual([`PUT /${options.bucket}/${key} +copy`, `PUT /${options.bucket}/${key}`]);
  });

  it('takes an error in the body of a 200 answer to a copy for the failure it is', async () => {
    const key = await store.put(Buffer.from('copy fails late'));
    s3.failNext((method, url) => method === 'PUT' && url.pathname.endsWith(key), 200, 'InternalError');
    await expect(store.put(Buffer.from('copy fails late'))).rejects.toMatchObject({
      operation: 'copy',
      code: 'InternalError',
    });
  });

  it('asks for the size with a HEAD when a 416 does not state it', async () => {
    const key = await store.put(Buffer.from('twelve bytes'));
    s3.failNext((method, url) => method === 'GET' && url.pathname.endsWith(key), 416, 'InvalidRange');
    const from = s3.requests.length;
    expect(await store.getRange(key, { start: 12 })).toEqual({ kind: 'unsatisfiable', total: 12 });
    expect(sentSince(from)).toEqual([`GET /${options.bucket}/${key}`, `HEAD /${options.bucket}/${key}`]);
    // S3's own 416 names the size: no HEAD.
    const next = s3.requests.length;
    expect(await store.getRange(key, { start: 20 })).toEqual({ kind: 'unsatisfiable', total: 12 });
    expect(sentSince(next)).toEqual([`GET /${options.bucket}/${key}`]);
  });

  it('sends a blob larger than one part as a multipart upload', async () => {
    const bytes = randomBytes(10 * MiB + 12_345);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) =>
      bytes.subarray(i * 65_536, (i + 1) * 65_536),
    );
    const big = new S3BlobStore({ ...options, partBytes: 5 * MiB });
    const from = s3.requests.length;
    const key = await big.put(Readable.from(chunks));
    expect(key).toBe(sha256(bytes));
    const sent = sentSince(from).map((r) => r.replace(/uploadId=[0-9a-f]+/, 'uploadId=ID'));
    expect(sent[0]).toBe(`HEAD /${options.bucket}/${key}`);
    expect(sent[1]).toBe(`POST /${options.bucket}/${key}?uploads`);
    expect(sent.slice(2, 5).sort()).toEqual(
      [1, 2, 3].map((n) => `PUT /${options.bucket}/${key}?partNumber=${n}&uploadId=ID`),
    );
    expect(sent.slice(5)).toEqual([`POST /${options.bucket}/${key}?uploadId=ID`]);
    const blob = await big.get(key);
    expect(blob?.size).toBe(bytes.length);
    const back: Buffer[] = [];
    for await (const chunk of blob!.stream) back.push(chunk as Buffer);
    expect(sha256(Buffer.concat(back))).toBe(key);
    expect(await s3.pendingUploads(options.bucket)).toEqual([]);
  });

  it('aborts a multipart upload that fails, leaving no object and no upload', async () => {
    const bytes = randomBytes(10 * MiB + 1);
    const big = new S3BlobStore({ ...options, partBytes: 5 * MiB });
    s3.cutNext((method, url) => method === 'PUT' && url.searchParams.get('partNumber') === '2');
    const from = s3.requests.length;
    await expect(big.put(bytes)).rejects.toThrow();
    const key = sha256(bytes);
    expect(sentSince(from).at(-1)).toMatch(new RegExp(`^DELETE /${options.bucket}/${key}\\?uploadId=[0-9a-f]+$`));
    expect(await s3.pendingUploads(options.bucket)).toEqual([]);
    expect(await big.has(key)).toBe(false);
  });

  it('sends nothing for a source stream that fails, however large', async () => {
    const from = s3.requests.length;
    let sent = 0;
    // Past one part (8 MiB), so the bytes were going to a temporary file when the source failed.
    const failing = new Readable({
      read() {
        if (sent >= 9 * MiB) return void this.destroy(new Error('upload cancelled'));
        sent += MiB;
        this.push(randomBytes(MiB));
      },
    });
    await expect(store.put(failing)).rejects.toThrow('upload cancelled');
    expect(sentSince(from)).toEqual([]);
  });

  it('reports a wrong access key or a missing bucket as errors, not as missing blobs', async () => {
    const key = await store.put(Buffer.from('guarded'));
    const stranger = new S3BlobStore({ ...options, accessKeyId: 'NOBODY' });
    await expect(stranger.has(key)).rejects.toMatchObject({ status: 403, code: null });
    await expect(stranger.get(key)).rejects.toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
    const nowhere = new S3BlobStore({ ...options, bucket: 'no-such-bucket' });
    await expect(nowhere.get(key)).rejects.toMatchObject({ status: 404, code: 'NoSuchBucket' });
    await expect(nowhere.put(Buffer.from('x'))).rejects.toMatchObject({ code: 'NoSuchBucket' });
  });
});

describe('parseListPage', () => {
  it('reads keys, sizes, times and an escaped continuation token', () => {
    const key = 'a'.repeat(64);
    const page = parseListPage(
      `<ListBucketResult><Contents><Key>${key}</Key><LastModified>2026-01-02T03:04:05.000Z</LastModified><Size>12</Size></Contents><IsTruncated>true</IsTruncated><NextContinuationToken>1/a&amp;b=</NextContinuationToken></ListBucketResult>`,
    );
    expect(page).toEqual({
      items: [{ key, size: 12, modifiedAt: new Date('2026-01-02T03:04:05.000Z') }],
      nextToken: '1/a&b=',
    });
    expect(parseListPage('<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>')).toEqual({
      items: [],
      nextToken: null,
    });
  });
});
