import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../http/ApiError';
import { isBlobKey } from '../blobs/BlobStore';

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
    const blob = owner ? await ctx.blobs.get(key) : null;
    if (!blob) throw notFound;
    return c.body(Readable.toWeb(blob.stream) as ReadableStream, 200, {
      'Content-Type': 'image/webp',
      'Content-Length': String(blob.size),
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });

  return r;
}
