import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { BlobStore } from '../blobs/BlobStore';
import { parseRangeHeader } from '../blobs/ByteRange';

const webStream = (stream: Readable) => Readable.toWeb(stream) as ReadableStream;

/**
 * The answer to a GET of a stored blob, with the route's own headers (type, nosniff, disposition,
 * caching): the whole blob (200), or for one `Range: bytes=…` the slice (206 with Content-Range),
 * so that a browser can resume a large download; a range past the end answers 416, with the
 * blob's size in Content-Range. A malformed or multi-range header, or an If-Range other than the
 * blob's ETag (its key), gets the whole blob, as RFC 9110 allows. Null when no blob has the key.
 */
export async function blobResponse(
  c: Context,
  blobs: BlobStore,
  key: string,
  headers: Record<string, string>,
): Promise<Response | null> {
  const ifRange = c.req.header('If-Range');
  const range = ifRange === undefined || ifRange.trim() === `"${key}"` ? parseRangeHeader(c.req.header('Range')) : null;
  if (!range) {
    const blob = await blobs.get(key);
    if (!blob) return null;
    return c.body(webStream(blob.stream), 200, {
      ...headers,
      'Accept-Ranges': 'bytes',
      'Content-Length': String(blob.size),
    });
  }
  const read = await blobs.getRange(key, range);
  if (!read) return null;
  if (read.kind === 'unsatisfiable') {
    // No body, and nothing for a cache to keep in place of the file.
    return c.body(null, 416, {
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'Accept-Ranges': 'bytes',
      'Content-Range': `bytes */${read.total}`,
    });
  }
  return c.body(webStream(read.stream), 206, {
    ...headers,
    'Accept-Ranges': 'bytes',
    'Content-Length': String(read.size),
    'Content-Range': `bytes ${read.start}-${read.end}/${read.total}`,
  });
}
