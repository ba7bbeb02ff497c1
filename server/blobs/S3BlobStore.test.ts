import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListPage, S3BlobStore } from './S3BlobStore';

/**
 * A small stand-in for an S3 endpoint (objects in a map, path-style URLs): enough of PUT, copy,
 * HEAD, DELETE and ListObjectsV2 paging to check what the client sends and how it reads answers.
 * The signing itself is aws4fetch's and is not re-verified here.
 */
interface StoredObject {
  body: Buffer;
  modified: Date;
}
const objects = new Map<string, StoredObject>();
const requests: string[] = [];
let server: Server;
let store: S3BlobStore;

function listXml(prefixToken: string | null): string {
  const keys = [...objects.keys()].sort();
  const start = prefixToken ? keys.indexOf(prefixToken) : 0;
  const page = keys.slice(start, start + 2);
  const next = keys[start + 2];
  const contents = page
    .map(
      (k) =>
        `<Contents><Key>${k}</Key><LastModified>${objects.get(k)!.modified.toISOString()}</LastModified><ETag>&quot;x&quot;</ETag><Size>${objects.get(k)!.body.length}</Size></Contents>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>bucket</Name>${contents}<IsTruncated>${next ? 'true' : 'false'}</IsTruncated>${next ? `<NextContinuationToken>${next}</NextContinuationToken>` : ''}</ListBucketResult>`;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const key = url.pathname.replace(/^\/bucket\/?/, '');
    requests.push(`${req.method} ${key || url.search}${req.headers['x-amz-copy-source'] ? ' copy' : ''}`);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const obj = objects.get(key);
      if (req.method === 'GET' && !key) {
        res.setHeader('Content-Type', 'application/xml');
        res.end(listXml(url.searchParams.get('continuation-token')));
      } else if (req.method === 'PUT' && req.headers['x-amz-copy-source']) {
        if (!obj) return void res.writeHead(404).end();
        obj.modified = new Date();
        res.end('<CopyObjectResult/>');
      } else if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), modified: new Date() });
        res.end();
      } else if (req.method === 'HEAD') {
        if (!obj) return void res.writeHead(404).end();
        res.writeHead(200, { 'Last-Modified': obj.modified.toUTCString(), 'Content-Length': obj.body.length }).end();
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(obj ? 200 : 404).end(obj?.body);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  store = new S3BlobStore({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'bucket',
    region: 'us-east-1',
    accessKeyId: 'k',
    secretAccessKey: 's',
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('S3BlobStore list and deleteIfOlderThan', () => {
  it('lists every page of ListObjectsV2 and skips objects that are not blobs', async () => {
    const keys = await Promise.all(['one', 'two', 'three', 'four', 'five'].map((s) => store.put(Buffer.from(s))));
    objects.set('notes/readme.txt', { body: Buffer.from('not ours'), modified: new Date() });
    const listed = [];
    for await (const item of store.list()) listed.push(item);
    expect(listed.map((i) => i.key).sort()).toEqual([...keys].sort());
    expect(listed.find((i) => i.key === keys[2])?.size).toBe(5);
    expect(requests.filter((r) => r.startsWith('GET ?')).length).toBe(3);
  });

  it('refreshes the time of bytes stored again by copying the object onto itself', async () => {
    const key = await store.put(Buffer.from('again'));
    objects.get(key)!.modified = new Date(Date.now() - 3_600_000);
    requests.length = 0;
    expect(await store.put(Buffer.from('again'))).toBe(key);
    expect(requests).toEqual([`HEAD ${key}`, `PUT ${key} copy`]);
    expect(objects.get(key)!.modified.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('deletes only objects last modified before the cutoff', async () => {
    const key = await store.put(Buffer.from('old one'));
    const cutoff = new Date(Date.now() - 60_000);
    expect(await store.deleteIfOlderThan(key, cutoff)).toBe(false);
    objects.get(key)!.modified = new Date(Date.now() - 3_600_000);
    expect(await store.deleteIfOlderThan(key, cutoff)).toBe(true);
    expect(objects.has(key)).toBe(false);
    expect(await store.deleteIfOlderThan(key, cutoff)).toBe(false);
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
