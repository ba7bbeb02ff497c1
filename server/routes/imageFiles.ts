import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { BlobStore } from '../blobs/BlobStore';
import type { AppContext } from '../context';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { paramsOf } from '../http/validate';
import { mimeOfFormat } from '../images/datasetImageType';
import { readManifest } from '../images/imageFiles';
import { parsePyramidRef, type PyramidManifest } from '../images/imagePyramid';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { blobResponse } from './blobResponse';

const fileParams = z.object({ projectId: z.string().max(64), imageId: z.string().max(64) });
const tileParams = fileParams.extend({
  level: z.string().regex(/^\d{1,2}$/),
  file: z.string().regex(/^\d{1,6}_\d{1,6}\.jpg$/),
});
const noFile = () => new ApiError('not_found', 'No such file.');

/** Manifests are immutable (content-addressed): a small cache saves a blob read per tile. */
const MANIFEST_CACHE_MAX = 64;
const manifests = new Map<string, Promise<PyramidManifest | null>>();

function cachedManifest(blobs: BlobStore, key: string): Promise<PyramidManifest | null> {
  let entry = manifests.get(key);
  if (!entry) {
    if (manifests.size >= MANIFEST_CACHE_MAX) manifests.delete(manifests.keys().next().value ?? '');
    entry = readManifest(blobs, key).catch(() => null);
    manifests.set(key, entry);
    void entry.then((m) => {
      if (!m) manifests.delete(key);
    });
  }
  return entry;
}

/**
 * Sends a stored blob as an image file. The Content-Type comes from the server's own record of
 * the decoded type; `nosniff` and the sandboxing CSP (app.ts) keep a file from ever running as a
 * page. The bytes behind a URL never change (content-addressed), so they are cached for a year —
 * privately, since they need the caller's token — and revalidated by the key as ETag. A single
 * `Range` is honoured (blobResponse), so a large original's download can resume.
 */
export async function sendBlob(c: Context, blobs: BlobStore, key: string, type: string) {
  const etag = `"${key}"`;
  const headers = {
    'Content-Type': type,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline',
    'Cache-Control': 'private, max-age=31536000, immutable',
    ETag: etag,
  };
  if (
    c.req
      .header('If-None-Match')
      ?.split(',')
      .some((t) => t.trim() === etag)
  )
    return c.body(null, 304, headers);
  const res = await blobResponse(c, blobs, key, headers);
  if (!res) throw noFile();
  return res;
}

/**
 * GET projects/:projectId/images/:imageId/original | thumbnail | tiles/:level/:x_:y.jpg — for
 * every role in the project; another project's image answers 404.
 */
export function createImageFileRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const access = [requireUser(ctx), requireProjectRole(ctx.db, 'worker')] as const;

  const imageOf = async (c: Context<ProjectEnv>, imageId: string) => {
    const row = await ctx.db
      .selectFrom('images')
      .select(['blob_key', 'thumb_key', 'pyramid', 'type'])
      .where('id', '=', imageId)
      .where('project_id', '=', c.get('project').projectId)
      .executeTakeFirst();
    if (!row) throw noFile();
    return row;
  };

  r.get('/:projectId/images/:imageId/original', ...access, paramsOf(fileParams), async (c) => {
    const row = await imageOf(c, c.req.valid('param').imageId);
    const type = mimeOfFormat(row.type.replace(/^image\//, ''));
    if (!type) throw noFile();
    return sendBlob(c, ctx.blobs, row.blob_key, type);
  });

  r.get('/:projectId/images/:imageId/thumbnail', ...access, paramsOf(fileParams), async (c) => {
    const row = await imageOf(c, c.req.valid('param').imageId);
    if (!row.thumb_key) throw noFile();
    return sendBlob(c, ctx.blobs, row.thumb_key, 'image/webp');
  });

  r.get('/:projectId/images/:imageId/tiles/:level/:file', ...access, paramsOf(tileParams), async (c) => {
    const { imageId, level, file } = c.req.valid('param');
    const row = await imageOf(c, imageId);
    const ref = parsePyramidRef(row.pyramid);
    if (!ref) throw noFile();
    const manifest = await cachedManifest(ctx.blobs, ref.manifest);
    const key = manifest?.tiles[`${Number(level)}/${file.replace(/\.jpg$/, '')}`];
    if (!key) throw noFile();
    return sendBlob(c, ctx.blobs, key, 'image/jpeg');
  });

  return r;
}
