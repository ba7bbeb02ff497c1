import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { isBlobKey, type BlobInfo, type BlobObject, type BlobRangeRead, type BlobStore } from './BlobStore';
import { assertByteRange, rangeHeaderOf, resolveByteRange, type ByteRange } from './ByteRange';
import { putMultipart } from './putMultipart';
import { discard, okBody, S3Error, s3Failure, xmlTag } from './s3Responses';
import { spoolBlob } from './spoolBlob';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Blobs up to this size go in one PUT, larger ones as a multipart upload of parts this size.
   * Default 8 MiB; S3's smallest part is 5 MiB, so smaller values are raised to that.
   */
  partBytes?: number;
  /** Keys per ListObjectsV2 page: 1000 (S3's maximum) unless set. */
  listPageSize?: number;
}

const MIN_PART_BYTES = 5 * 1024 * 1024;
const DEFAULT_PART_BYTES = 8 * 1024 * 1024;

/**
 * Blobs in an S3-compatible bucket (AWS, MinIO, R2, …), path-style URLs
 * `<endpoint>/<bucket>/<key>`, requests signed with SigV4 by aws4fetch. The key is the content
 * hash, which is known only after reading the bytes: a put reads them once (in memory up to one
 * part, else into a temporary file), then sends them with their length, as a multipart upload
 * past one part. Bytes already stored are not sent again, but their object is copied onto itself
 * so that its LastModified is fresh: the garbage collector keeps blobs younger than its grace
 * period, and a new upload of old bytes must count as young until its row is written.
 *
 * The credentials need GetObject, PutObject, DeleteObject, ListBucket and
 * AbortMultipartUpload; without ListBucket, S3 answers 403 instead of 404 for a missing key,
 * which this store reports as an error, not as a missing blob.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: AwsClient;
  private readonly base: string;
  private readonly bucket: string;
  private readonly partBytes: number;
  private readonly listPageSize: number;

  constructor(options: S3Options) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
    });
    this.bucket = options.bucket;
    this.base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
    this.partBytes = Math.max(MIN_PART_BYTES, options.partBytes ?? DEFAULT_PART_BYTES);
    this.listPageSize = Math.min(1000, Math.max(1, options.listPageSize ?? 1000));
  }

  private urlOf(key: string): string {
    if (!isBlobKey(key)) throw new Error('Invalid blob key');
    return `${this.base}/${key}`;
  }

  async put(data: Readable | Uint8Array): Promise<string> {
    const blob = await spoolBlob(data, this.partBytes);
    try {
      if ((await this.has(blob.key)) && (await this.touch(blob.key))) return blob.key;
      const url = this.urlOf(blob.key);
      if (blob.size > this.partBytes) {
        await putMultipart(this.client, url, blob, this.partBytes);
      } else {
        // A buffer, not a stream: aws4fetch can send it again when S3 answers 5xx.
        const res = await this.client.fetch(url, { method: 'PUT', body: await blob.read(0, blob.size) });
        if (!res.ok) throw await s3Failure('put', res);
        await discard(res);
      }
      return blob.key;
    } finally {
      await blob.dispose();
    }
  }

  async get(key: string): Promise<BlobObject | null> {
    if (!isBlobKey(key)) return null;
    const res = await this.client.fetch(this.urlOf(key));
    if (!res.ok) {
      const failure = await s3Failure('get', res);
      // A missing bucket is a configuration error, not a missing blob.
      if (res.status === 404 && failure.code !== 'NoSuchBucket') return null;
      throw failure;
    }
    return { stream: bodyOf(res), size: Number(res.headers.get('content-length') ?? 0) };
  }

  /**
   * A GET with a `Range` header. S3 answers 206 with Content-Range, or 416 InvalidRange when the
   * range starts past the end. What was sent is checked against what was asked: a server that
   * ignores the range (200, the whole object) is fine only when the range covers it all, and a
   * range on an empty object, which some servers answer with `bytes 0-0/0`, selects no byte.
   */
  async getRange(key: string, range: ByteRange): Promise<BlobRangeRead | null> {
    assertByteRange(range);
    if (!isBlobKey(key)) return null;
    const res = await this.client.fetch(this.urlOf(key), { headers: { Range: rangeHeaderOf(range) } });
    if (res.status === 416) {
      const total = await this.sizeAfterInvalidRange(key, res);
      return total === null ? null : { kind: 'unsatisfiable', total };
    }
    if (!res.ok) {
      const failure = await s3Failure('get', res);
      if (res.status === 404 && failure.code !== 'NoSuchBucket') return null;
      throw failure;
    }
    const length = Number(res.headers.get('content-length') ?? 0);
    const sent =
      res.status === 206
        ? parseContentRange(res.headers.get('content-range'))
        : { start: 0, end: length - 1, total: length };
    const wanted = sent && resolveByteRange(range, sent.total);
    if (!sent || !wanted || wanted.start !== sent.start || wanted.end !== sent.end) {
      await discard(res);
      if (sent && !wanted) return { kind: 'unsatisfiable', total: sent.total };
      throw new S3Error('get', res.status, null);
    }
    return { kind: 'slice', stream: bodyOf(res), size: sent.end - sent.start + 1, ...sent };
  }

  /**
   * The object's size after a 416: S3 puts it in the error (ActualObjectSize), other servers may
   * not, and then a HEAD asks; null when the object has gone meanwhile.
   */
  private async sizeAfterInvalidRange(key: string, res: Response): Promise<number | null> {
    const stated = xmlTag(await res.text().catch(() => ''), 'ActualObjectSize');
    if (stated !== null && /^\d+$/.test(stated)) return Number(stated);
    const head = await this.client.fetch(this.urlOf(key), { method: 'HEAD' });
    if (head.status === 404) return null;
    if (!head.ok) throw await s3Failure('head', head);
    return Number(head.headers.get('content-length') ?? 0);
  }

  async has(key: string): Promise<boolean> {
    if (!isBlobKey(key)) return false;
    const res = await this.client.fetch(this.urlOf(key), { method: 'HEAD' });
    if (res.status === 404) return false;
    if (!res.ok) throw await s3Failure('head', res);
    return true;
  }

  async delete(key: string): Promise<void> {
    if (!isBlobKey(key)) return;
    const res = await this.client.fetch(this.urlOf(key), { method: 'DELETE' });
    if (!res.ok && res.status !== 404) throw await s3Failure('delete', res);
    await discard(res);
  }

  /**
   * Copies the object onto itself (metadata replaced, which S3 requires for a self-copy); false
   * when it has gone in the meantime. CopyObject stops at 5 GB, above the largest blob
   * (contract IMPORT_MAX_BYTES).
   */
  private async touch(key: string): Promise<boolean> {
    const res = await this.client.fetch(this.urlOf(key), {
      method: 'PUT',
      headers: {
        'x-amz-copy-source': `/${encodeURIComponent(this.bucket)}/${key}`,
        'x-amz-metadata-directive': 'REPLACE',
      },
    });
    if (res.status === 404) {
      await discard(res);
      return false;
    }
    await okBody('copy', res);
    return true;
  }

  /** ListObjectsV2, page by page. */
  async *list(): AsyncIterable<BlobInfo> {
    let token: string | null = null;
    do {
      const query = new URLSearchParams({ 'list-type': '2', 'max-keys': String(this.listPageSize) });
      if (token) query.set('continuation-token', token);
      const res = await this.client.fetch(`${this.base}?${query.toString()}`);
      const page = parseListPage(await okBody('list', res));
      for (const item of page.items) yield item;
      token = page.nextToken;
    } while (token);
  }

  /**
   * HEAD then DELETE: S3 has no delete conditional on age for ordinary buckets, so a put of the
   * same bytes in the few milliseconds between the two is not seen (the local store closes that
   * gap; here the grace period is what protects uploads). Last-Modified has whole seconds: the
   * object may be up to a second younger than it says, and is kept when in doubt.
   */
  async deleteIfOlderThan(key: string, cutoff: Date): Promise<boolean> {
    if (!isBlobKey(key)) return false;
    const head = await this.client.fetch(this.urlOf(key), { method: 'HEAD' });
    if (head.status === 404) return false;
    if (!head.ok) throw await s3Failure('head', head);
    const modified = Date.parse(head.headers.get('last-modified') ?? '');
    if (!Number.isFinite(modified) || modified + 1000 > cutoff.getTime()) return false;
    await this.delete(key);
    return true;
  }
}

function bodyOf(res: Response): Readable {
  return res.body ? Readable.fromWeb(res.body as unknown as WebReadableStream) : Readable.from([]);
}

/**
 * `Content-Range: bytes a-b/total` of a 206 answer; null when it is missing or malformed. An empty
 * object's `bytes 0-0/0` passes, so that the caller reads it as a range that selects nothing.
 */
function parseContentRange(header: string | null): { start: number; end: number; total: number } | null {
  const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header?.trim() ?? '');
  if (!m) return null;
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return start <= end && end < Math.max(total, 1) ? { start, end, total } : null;
}

/**
 * One ListObjectsV2 answer: the blob keys (other objects in the bucket are not ours and are
 * skipped) and the continuation token when the listing goes on.
 */
export function parseListPage(xml: string): { items: BlobInfo[]; nextToken: string | null } {
  const items: BlobInfo[] = [];
  for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const body = m[1] ?? '';
    const key = xmlTag(body, 'Key');
    const modified = Date.parse(xmlTag(body, 'LastModified') ?? '');
    if (!key || !isBlobKey(key) || !Number.isFinite(modified)) continue;
    items.push({ key, size: Number(xmlTag(body, 'Size') ?? 0), modifiedAt: new Date(modified) });
  }
  const truncated = xmlTag(xml, 'IsTruncated') === 'true';
  return { items, nextToken: truncated ? xmlTag(xml, 'NextContinuationToken') : null };
}
