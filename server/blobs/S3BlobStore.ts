import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { isBlobKey, type BlobInfo, type BlobObject, type BlobStore } from './BlobStore';

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
 * (bounded memory), then uploads that file with its length. Bytes already stored are not sent
 * again, but their object is copied onto itself so that its LastModified is fresh: the garbage
 * collector keeps blobs younger than its grace period, and a new upload of old bytes must count
 * as young until its row is written.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: AwsClient;
  private readonly base: string;
  private readonly bucket: string;

  constructor(options: S3Options) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
    });
    this.bucket = options.bucket;
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
      if (await this.has(key)) {
        await this.touch(key);
        return key;
      }
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

  /** Copies the object onto itself (metadata replaced, which S3 requires for a self-copy). */
  private async touch(key: string): Promise<void> {
    const res = await this.client.fetch(this.urlOf(key), {
      method: 'PUT',
      headers: {
        'x-amz-copy-source': `/${encodeURIComponent(this.bucket)}/${key}`,
        'x-amz-metadata-directive': 'REPLACE',
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      },
    });
    if (!res.ok) throw new Error(`S3 copy failed with status ${res.status}`);
  }

  /** ListObjectsV2, a thousand keys a page. */
  async *list(): AsyncIterable<BlobInfo> {
    let token: string | null = null;
    do {
      const query = new URLSearchParams({ 'list-type': '2', 'max-keys': '1000' });
      if (token) query.set('continuation-token', token);
      const res = await this.client.fetch(`${this.base}?${query.toString()}`);
      if (!res.ok) throw new Error(`S3 list failed with status ${res.status}`);
      const page = parseListPage(await res.text());
      for (const item of page.items) yield item;
      token = page.nextToken;
    } while (token);
  }

  /**
   * HEAD then DELETE: S3 has no delete conditional on age for ordinary buckets, so a put of the
   * same bytes in the few milliseconds between the two is not seen (the local store closes that
   * gap; here the grace period is what protects uploads).
   */
  async deleteIfOlderThan(key: string, cutoff: Date): Promise<boolean> {
    if (!isBlobKey(key)) return false;
    const head = await this.client.fetch(this.urlOf(key), { method: 'HEAD' });
    if (head.status === 404) return false;
    if (!head.ok) throw new Error(`S3 head failed with status ${head.status}`);
    const modified = Date.parse(head.headers.get('last-modified') ?? '');
    if (!Number.isFinite(modified) || modified >= cutoff.getTime()) return false;
    await this.delete(key);
    return true;
  }
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_m, name: string) => XML_ENTITIES[name] ?? '');
}

function tag(xml: string, name: string): string | null {
  const m = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return m?.[1] !== undefined ? xmlText(m[1]) : null;
}

/**
 * One ListObjectsV2 answer: the blob keys (other objects in the bucket are not ours and are
 * skipped) and the continuation token when the listing goes on. The fields read are flat text
 * elements, so a pattern per element is enough.
 */
export function parseListPage(xml: string): { items: BlobInfo[]; nextToken: string | null } {
  const items: BlobInfo[] = [];
  for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const body = m[1] ?? '';
    const key = tag(body, 'Key');
    const modified = Date.parse(tag(body, 'LastModified') ?? '');
    if (!key || !isBlobKey(key) || !Number.isFinite(modified)) continue;
    items.push({ key, size: Number(tag(body, 'Size') ?? 0), modifiedAt: new Date(modified) });
  }
  const truncated = tag(xml, 'IsTruncated') === 'true';
  return { items, nextToken: truncated ? tag(xml, 'NextContinuationToken') : null };
}
