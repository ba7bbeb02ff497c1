import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat, utimes } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import type { S3Options } from './S3BlobStore';

/** s3rver's one account. It checks the key id but not SigV4 signatures (see below). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' };

/** Picks requests by method and URL (path-style: `/bucket/key?query`). */
export type RequestMatch = (method: string, url: URL) => boolean;

export interface TestS3Server {
  endpoint: string;
  /** A new, empty bucket and the store options for it. */
  createBucket(): Promise<S3Options>;
  /** Requests so far, as `METHOD /bucket/key?query` (`+copy` for a CopyObject); clear it freely. */
  requests: string[];
  /** The file holding an object's bytes: its mtime is the object's LastModified. */
  objectFile(bucket: string, key: string): string;
  /** Upload ids of multipart uploads started in the bucket and neither completed nor aborted. */
  pendingUploads(bucket: string): Promise<string[]>;
  /** The connection of the next request that `match` accepts is cut before it is answered. */
  cutNext(match: RequestMatch): void;
  /** The next request that `match` accepts is answered with this status and S3 error code. */
  failNext(match: RequestMatch, status: number, code: string): void;
  close(): Promise<void>;
}

let buckets = 0;

/**
 * s3rver (an S3 server in Node over a folder) on a free loopback port, in a temporary folder
 * removed by `close()`. It speaks the REST protocol of real S3 — path-style URLs, XML answers and
 * error codes, ListObjectsV2 with continuation tokens, ranges, CopyObject, multipart uploads — but
 * 3.7.1 lacks a few things, which this wrapper answers or works around:
 *
 * - AbortMultipartUpload (DELETE ?uploadId) is refused with 405 MethodNotAllowed, and
 *   ListMultipartUploads (GET ?uploads) with 501: the wrapper aborts an upload itself by removing
 *   its folder (404 NoSuchUpload for an unknown id, as S3 answers), and `pendingUploads` reads
 *   that folder instead of listing through the API.
 * - ListObjectsV2 continuation tokens are DES-encrypted, and OpenSSL 3 (Node ≥ 17) has no single
 *   DES: every truncated listing answered 500. While a server runs, `des` is served by triple DES
 *   with the key three times, which is the same cipher (see `allowSingleDes`).
 * - A CopyObject of an object onto itself (metadata REPLACE) leaves its LastModified as it was;
 *   S3 writes a new object with a new time, which the store relies on to make bytes stored again
 *   young. The wrapper sets the time of such an object to now before s3rver copies it.
 * - SigV4 signatures are not verified (only the access key id is), so a wrong signature would
 *   pass here; signing is aws4fetch's and is tested there.
 * - Parts smaller than 5 MB are accepted (S3 refuses all but the last), so tests use real sizes.
 * - Ranges: a suffix range (`bytes=-N`, the last N bytes) is read as `bytes=0-N`, a range ending
 *   at byte 0 (`bytes=0-0`, the usual probe of the first byte) as one with no end, and a range on
 *   an empty object is answered 206 with a Content-Length of 1 and no body, where S3 answers 416.
 *   The wrapper rewrites such ranges into ones s3rver serves as S3 would (`rangeForS3rver`) and
 *   cuts an object read ending at byte 0 down to that byte (`readToByteZero`).
 */
export async function startTestS3Server(): Promise<TestS3Server> {
  const restoreDes = allowSingleDes();
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const s3rver = new S3rver({ directory, silent: true });
  const handle = s3rver.callback();
  const requests: string[] = [];
  const faults: { match: RequestMatch; status: number | null; code: string }[] = [];
  const uploadsOf = (bucket: string) => path.join(directory, bucket, '._S3rver_uploads');
  const objectFileOf = (bucket: string, key: string) => path.join(directory, bucket, `${key}._S3rver_object`);
  readToByteZero(s3rver, objectFileOf);

  const abortUpload = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const [, bucket = ''] = url.pathname.split('/');
    const id = url.searchParams.get('uploadId') ?? '';
    const folder = path.join(uploadsOf(bucket), path.basename(id));
    const known =
      id !== '' &&
      (await readdir(folder)
        .then(() => true)
        .catch(() => false));
    req.resume();
    if (!known) {
      res.writeHead(404, { 'Content-Type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code></Error>');
      return;
    }
    await rm(folder, { recursive: true, force: true });
    res.writeHead(204).end();
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const method = req.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}${req.headers['x-amz-copy-source'] ? ' +copy' : ''}`);
    const at = faults.findIndex((f) => f.match(method, url));
    const fault = at >= 0 ? faults.splice(at, 1)[0] : undefined;
    if (fault?.status === null) return void req.socket.destroy();
    if (fault) {
      req.resume();
      res.writeHead(fault.status, { 'Content-Type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${fault.code}</Code></Error>`);
      return;
    }
    if (method === 'DELETE' && url.searchParams.has('uploadId')) {
      void abortUpload(req, res, url).catch(() => res.writeHead(500).end());
      return;
    }
    const copySource = req.headers['x-amz-copy-source'];
    if (method === 'PUT' && typeof copySource === 'string' && copySource.replace(/^\/?/, '/') === url.pathname) {
      const [, bucket = '', ...key] = url.pathname.split('/');
      const now = new Date();
      void utimes(objectFileOf(bucket, key.join('/')), now, now)
        .catch(() => {})
        .then(() => handle(req, res));
      return;
    }
    const range = req.headers.range;
    if (method === 'GET' && range && !url.search) {
      const [, bucket = '', ...key] = url.pathname.split('/');
      void stat(objectFileOf(bucket, key.join('/')))
        .then((file) => (req.headers.range = rangeForS3rver(range, file.size)))
        .catch(() => {})
        .then(() => handle(req, res));
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const admin = new AwsClient({ ...CREDENTIALS, service: 's3', retries: 0 });

  return {
    endpoint,
    requests,
    async createBucket() {
      const bucket = `bucket-${++buckets}`;
      const res = await admin.fetch(`${endpoint}/${bucket}`, { method: 'PUT' });
      if (!res.ok) throw new Error(`s3rver refused the bucket: ${res.status} ${await res.text()}`);
      return { endpoint, bucket, ...CREDENTIALS };
    },
    objectFile: objectFileOf,
    pendingUploads: (bucket) => readdir(uploadsOf(bucket)).catch(() => []),
    cutNext: (match) => void faults.push({ match, status: null, code: '' }),
    failNext: (match, status, code) => void faults.push({ match, status, code }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
      restoreDes();
    },
  };
}

/** A range as one s3rver serves the way S3 does: explicit, and past the end for an empty object. */
function rangeForS3rver(range: string, size: number): string {
  // s3rver refuses a start past its last byte with 416, as S3 does every range on an empty object.
  if (size === 0) return 'bytes=1-';
  const suffix = /^bytes=-(\d+)$/.exec(range);
  if (!suffix) return range;
  const n = Number(suffix[1]);
  return n > 0 ? `bytes=${Math.max(0, size - n)}-${size - 1}` : `bytes=${size}-`;
}

/** The part of s3rver's object store that serves reads. */
interface S3rverStore {
  getObject(
    bucket: string,
    key: string,
    options?: { start?: number; end?: number },
  ): Promise<{ content: Readable | null; range?: { start: number; end: number } } | null>;
}

/**
 * s3rver's store takes `end || Infinity` as a range's end, so a range ending at byte 0 reads the
 * whole object: such a read is given a stream of byte 0 alone instead.
 */
function readToByteZero(s3rver: S3rver, objectFile: (bucket: string, key: string) => string): void {
  const store = (s3rver as unknown as { store: S3rverStore }).store;
  const getObject = store.getObject.bind(store);
  store.getObject = async (bucket, key, options) => {
    const object = await getObject(bucket, key, options);
    if (options?.end !== 0 || !object?.content || !object.range) return object;
    object.content.destroy();
    object.content = createReadStream(objectFile(bucket, key), { start: 0, end: 0 });
    object.range.end = 0;
    return object;
  };
}

let desUsers = 0;
let restoreCrypto: (() => void) | null = null;

/**
 * Lets `createCipheriv('des', …)` / `createDecipheriv('des', …)` work in this process while a
 * test server runs (s3rver's continuation tokens): DES-EDE3 with K1 = K2 = K3 is single DES.
 * Every other algorithm goes to Node as before; the originals come back with the last server.
 */
function allowSingleDes(): () => void {
  if (desUsers++ === 0) {
    const { createCipheriv, createDecipheriv } = crypto;
    const tripled = (key: crypto.CipherKey) => {
      const bytes = Buffer.from(key as Uint8Array);
      return Buffer.concat([bytes, bytes, bytes]);
    };
    crypto.createCipheriv = ((...args: Parameters<typeof createCipheriv>) =>
      args[0] === 'des'
        ? createCipheriv('des-ede3-cbc', tripled(args[1]), args[2])
        : createCipheriv(...args)) as typeof crypto.createCipheriv;
    crypto.createDecipheriv = ((...args: Parameters<typeof createDecipheriv>) =>
      args[0] === 'des'
        ? createDecipheriv('des-ede3-cbc', tripled(args[1]), args[2])
        : createDecipheriv(...args)) as typeof crypto.createDecipheriv;
    restoreCrypto = () => {
      crypto.createCipheriv = createCipheriv;
      crypto.createDecipheriv = createDecipheriv;
    };
  }
  return () => {
    if (--desUsers === 0) restoreCrypto?.();
  };
}
