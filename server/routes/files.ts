import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../http/ApiError';
import { isBlobKey } from '../blobs/BlobStore';
import { blobResponse } from './blobResponse';

/**
 * Served user files. The Content-Type is decided here (avatars are always re-encoded WebP),
 * never taken from the upload; `nosniff` and a sandboxing CSP (app.ts) keep a file from running as a page.
 * Keys are content hashes, so a URL's bytes never change: cached for a year.
 */
export function createFileRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/avatars/:key', async (c) => {
    const key = c.req.param('key');
    const notFound = new ApiError('not_found', 'No such file.');
    if (!isBlobKey(key)) throw notFound;
    // Only blobs that are someone's avatar are served here, not any stored blob.
    const owner = await ctx.db.selectFrom('users').select('id').where('avatar_key', '=', key).executeTakeFirst();
    const res = owner
      ? await blobResponse(c, ctx.blobs, key, {
          'Content-Type': 'image/webp',
          'X-Content-Type-Options': 'nosniff',
          'Content-Disposition': 'inline',
          'Cache-Control': 'public, max-age=31536000, immutable',
        })
      : null;
    if (!res) throw notFound;
    return res;
  });

  return r;
}
