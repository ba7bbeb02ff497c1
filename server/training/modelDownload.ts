import type { Context } from 'hono';
import type { BlobStore } from '../blobs/BlobStore';
import { ApiError } from '../http/ApiError';
import { blobResponse } from '../routes/blobResponse';

/** A file-name part without what a header or a file system could trip on (quotes, slashes, controls). */
function safePart(text: string): string {
  return (
    text
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, '_')
      .trim()
      .slice(0, 80) || 'model'
  );
}

/**
 * `attachment` with the zip's name `<project title>-<tag or model id>.zip`: an ASCII `filename`
 * for old clients and the exact (Korean) name as RFC 5987 `filename*`.
 */
export function modelContentDisposition(projectTitle: string, tagOrId: string): string {
  const name = `${safePart(projectTitle)}-${safePart(tagOrId)}.zip`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The model zip as a download: application/zip with its length, a single `Range` honoured so a
 * large download can resume, cached privately by its content key.
 */
export async function sendModelZip(c: Context, blobs: BlobStore, key: string, disposition: string): Promise<Response> {
  const res = await blobResponse(c, blobs, key, {
    'Content-Type': 'application/zip',
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': disposition,
    'Cache-Control': 'private, no-cache',
    ETag: `"${key}"`,
  });
  if (!res) throw new ApiError('not_found', 'The model file is missing.');
  return res;
}
