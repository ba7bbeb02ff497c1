import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { isBlobKey, type BlobObject, type BlobStore } from './BlobStore';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Blobs in an S3-compatible bucket (AWS, MinIO, R2, …), path-style URLs
 * `<endpoint>/<bucket>/<key>`, requests signed with SigV4 by aws4fetch. The key is the content
 * hash, which is known only after reading the bytes: a put spools them to a temporary file
 * (bounded memory), then uploads that file with its length.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(options: S3Options) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
    });
    this.base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  }

  private urlOf(key: string): string {
    if (!isBlobKey(key)) throw new Error('Invalid blob key');
    return `${this.base}/${key}`;
  }

  async put(data: Readable | Uint8Array): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'blob-'));
    const file = path.join(dir, 'body');
    try {
      const hash = createHash('sha256');
      const hasher = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      const source = data instanceof Readable ? data : Readable.from([Buffer.from(data)]);
      await pipeline(source, hasher, createWriteStream(file));
      const key = hash.digest('hex');
      if (await this.has(key)) return key;
      const { size } = await stat(file);
      const body = Readable.toWeb(createReadStream(file)) as unknown as ReadableStream;
      const res = await this.client.fetch(this.urlOf(key), {
        method: 'PUT',
        body,
        headers: { 'Content-Length': String(size), 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
        // Node's fetch needs this to send a stream body.
        duplex: 'half',
      } as RequestInit);
      if (!res.ok) throw new Error(`S3 put failed with status ${res.status}`);
      return key;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async get(key: string): Promise<BlobObject | null> {
    if (!isBlobKey(key)) return null;
    const res = await this.client.fetch(this.urlOf(key));
    if (res.status === 404) return null;
    if (!res.ok || !res.body) throw new Error(`S3 get failed with status ${res.status}`);
    const size = Number(res.headers.get('content-length') ?? 0);
    return { stream: Readable.fromWeb(res.body as unknown as WebReadableStream), size };
  }

  async has(key: string): Promise<boolean> {
    if (!isBlobKey(key)) return false;
    const res = await this.client.fetch(this.urlOf(key), { method: 'HEAD' });
    if (res.status === 404) return false;
    if (!res.ok) throw new Error(`S3 head failed with status ${res.status}`);
    return true;
  }

  async delete(key: string): Promise<void> {
    if (!isBlobKey(key)) return;
    const res = await this.client.fetch(this.urlOf(key), { method: 'DELETE' });
    if (!res.ok && res.status !== 404) throw new Error(`S3 delete failed with status ${res.status}`);
  }
}
