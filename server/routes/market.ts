import type { Context } from 'hono';
import { Hono } from 'hono';
import { COVER_TYPES, marketQuerySchema, type MarketPage } from '../../contract/apiMarket';
import type { AppContext, AppEnv } from '../context';
import { answerJson } from '../http/answerJson';
import { ApiError } from '../http/ApiError';
import { optionalUser } from '../http/requireUser';
import { queryOf } from '../http/validate';
import { resourceNotFound, visibleResource } from '../market/marketResource';
import { sampleJpeg } from '../market/marketSampleImage';
import { searchMarket } from '../market/marketSearch';
import { coversOf, resourceView, resourceViews, samplesOf, type ResourceRow } from '../market/resourceViews';
import { blobResponse } from './blobResponse';

const noFile = () => new ApiError('not_found', 'No such file.');
const resourceIdOf = (c: Context) => {
  const id = c.req.param('resourceId') ?? '';
  if (id.length === 0 || id.length > 64) throw resourceNotFound();
  return id;
};
/** A cover or sample position; anything else names no file. */
const indexOf = (c: Context) => {
  const index = c.req.param('index') ?? '';
  if (!/^\d{1,2}$/.test(index)) throw noFile();
  return Number(index);
};

const isListed = (row: ResourceRow) =>
  row.approval === 'approved' && row.visibility === 'public' && row.deleted_at === null;

/**
 * Headers of a resource's image. What is listed may sit in shared caches; the rest only in the
 * viewer's own. Either way only for five minutes, since the seller can take a resource off the
 * market or make it private at any time (the bytes behind a key never change: the ETag lets a
 * browser revalidate for nothing but a 304).
 */
function imageHeaders(row: ResourceRow, type: string, etag: string): Record<string, string> {
  return {
    'Content-Type': type,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline',
    'Cache-Control': `${isListed(row) ? 'public' : 'private'}, max-age=300`,
    ETag: etag,
  };
}

const unchanged = (c: Context, etag: string) =>
  c.req
    .header('If-None-Match')
    ?.split(',')
    .some((t) => t.trim() === etag) ?? false;

/**
 * The public market (contract/apiMarket.ts): the list with its search, filters and sorts, a
 * resource's page, its covers and sample images. Anyone may ask; a token, when sent, fills the
 * caller's bookmarks and purchases and lets a seller, a platform admin or a buyer see what is
 * not listed. The served images get the sandboxing CSP of user files (app.ts).
 */
export function createMarketRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('*', optionalUser(ctx));
  const viewerOf = (c: Context<AppEnv>) => c.get('user') ?? null;

  r.get('/resources', queryOf(marketQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const { rows, total } = await searchMarket(ctx.db, query);
    const page: MarketPage = {
      items: await resourceViews(ctx.db, rows, viewerOf(c)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
    return answerJson(c, ctx.config, page);
  });

  r.get('/resources/:resourceId', async (c) => {
    const viewer = viewerOf(c);
    const { row, marks } = await visibleResource(ctx.db, resourceIdOf(c), viewer);
    return answerJson(c, ctx.config, resourceView(row, viewer, marks));
  });

  r.get('/resources/:resourceId/covers/:index', async (c) => {
    const { row } = await visibleResource(ctx.db, resourceIdOf(c), viewerOf(c));
    const cover = coversOf(row)[indexOf(c)];
    // Covers were checked by content when posted; the table keeps a stored type from being served as anything else.
    if (!cover || !(COVER_TYPES as readonly string[]).includes(cover.type)) throw noFile();
    const headers = imageHeaders(row, cover.type, `"${cover.blobKey}"`);
    if (unchanged(c, headers.ETag!)) return c.body(null, 304, headers);
    const res = await blobResponse(c, ctx.blobs, cover.blobKey, headers);
    if (!res) throw noFile();
    return res;
  });

  r.get('/resources/:resourceId/samples/:index', async (c) => {
    const { row } = await visibleResource(ctx.db, resourceIdOf(c), viewerOf(c));
    const sample = samplesOf(row)[indexOf(c)];
    if (!sample) throw noFile();
    const headers = imageHeaders(row, 'image/jpeg', `"${sample.blobKey}-s"`);
    if (unchanged(c, headers.ETag!)) return c.body(null, 304, headers);
    // A stored image that no longer decodes is as good as missing for the page.
    const jpeg = await sampleJpeg(ctx.blobs, sample.blobKey).catch(() => null);
    if (!jpeg) throw noFile();
    return c.body(new Uint8Array(jpeg), 200, { ...headers, 'Content-Length': String(jpeg.length) });
  });

  return r;
}
