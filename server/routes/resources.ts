import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { COVER_MAX_BYTES, COVER_MAX_COUNT, resourceCreateSchema, resourceUpdateSchema } from '../../contract/apiMarket';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf, parseOrThrow } from '../http/validate';
import { readLimitedBody } from '../images/readLimitedBody';
import { coversInvalid } from '../market/coverImages';
import { postResource } from '../market/postResource';
import { resourceSources } from '../market/resourceSources';
import { isPlatformAdmin, resourceViews, selectResources, type ResourceRow } from '../market/resourceViews';

const resourceParams = z.object({ resourceId: z.string().min(1).max(64) });
const resourceNotFound = () => new ApiError('not_found', 'No such resource.');
/** One cover too many still gets its validation answer rather than a 413; room for the form's parts. */
const MULTIPART_MAX_BYTES = (COVER_MAX_COUNT + 1) * COVER_MAX_BYTES + 1024 * 1024;

/** The `data` and `covers` parts of a posting (multipart/form-data). */
async function readPostingForm(c: Context) {
  const header = c.req.header('Content-Type') ?? '';
  if (!header.toLowerCase().startsWith('multipart/form-data'))
    throw new ApiError('bad_request', 'Send the resource as multipart/form-data (data, covers).');
  const raw = await readLimitedBody(c, MULTIPART_MAX_BYTES);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'Content-Type': header } }).formData();
  } catch {
    throw new ApiError('bad_request', 'The multipart body is malformed.');
  }
  const data = form.get('data');
  if (typeof data !== 'string') throw new ApiError('bad_request', 'The "data" part (JSON) is missing.');
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new ApiError('bad_request', 'The "data" part is not JSON.');
  }
  // A form's file input left empty still sends a nameless, empty part: that is no cover.
  const parts = form.getAll('covers').filter((p) => typeof p === 'string' || p.size > 0 || p.name !== '');
  if (parts.some((p) => typeof p === 'string')) throw coversInvalid();
  return { data: parseOrThrow(resourceCreateSchema, json), covers: parts as File[] };
}

/**
 * A seller's resources (contract/apiMarket.ts): what may be posted, posting, the seller's own
 * list, edits and deletion. Another user's resource answers 404, as if it did not exist; a
 * platform admin may delete any (and sees them all through the review queue).
 */
export function createResourceRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const signedIn = requireUser(ctx);

  const findLive = (resourceId: string) =>
    selectResources(ctx.db)
      .where('resources.id', '=', resourceId)
      .where('resources.deleted_at', 'is', null)
      .executeTakeFirst();
  const viewOf = async (row: ResourceRow, viewer: AppEnv['Variables']['user']) =>
    (await resourceViews(ctx.db, [row], viewer))[0]!;

  r.get('/sources', signedIn, async (c) => c.json(await resourceSources(ctx.db, c.get('user').id)));

  r.post('/', signedIn, async (c) => {
    const user = c.get('user');
    const form = await readPostingForm(c);
    const id = await postResource(
      { db: ctx.db, blobs: ctx.blobs, now: ctx.now },
      { data: form.data, covers: form.covers, sellerId: user.id },
    );
    ctx.notifyJobs();
    const row = await findLive(id);
    if (!row) throw resourceNotFound();
    return c.json(await viewOf(row, user), 201);
  });

  r.get('/mine', signedIn, async (c) => {
    const user = c.get('user');
    const rows = await selectResources(ctx.db)
      .where('resources.seller_id', '=', user.id)
      .where('resources.deleted_at', 'is', null)
      .orderBy('resources.created_at', 'desc')
      .orderBy('resources.id', 'desc')
      .execute();
    return c.json({ items: await resourceViews(ctx.db, rows, user) });
  });

  r.patch('/:resourceId', signedIn, paramsOf(resourceParams), jsonBody(resourceUpdateSchema), async (c) => {
    const user = c.get('user');
    const row = await findLive(c.req.valid('param').resourceId);
    if (!row || (row.seller_id !== user.id && !isPlatformAdmin(user))) throw resourceNotFound();
    if (row.seller_id !== user.id) throw new ApiError('forbidden', 'Only the seller can change a resource.');
    const body = c.req.valid('json');
    if (body.visibility !== undefined || body.description !== undefined || body.price !== undefined) {
      await ctx.db
        .updateTable('resources')
        .set({ ...body, updated_at: ctx.now().toISOString() })
        .where('id', '=', row.id)
        .execute();
    }
    const updated = await findLive(row.id);
    if (!updated) throw resourceNotFound();
    return c.json(await viewOf(updated, user));
  });

  // Soft: buyers keep what they bought (their purchases name the row), the market stops listing it,
  // and its fingerprint is free again for a new posting.
  r.delete('/:resourceId', signedIn, paramsOf(resourceParams), async (c) => {
    const user = c.get('user');
    const row = await findLive(c.req.valid('param').resourceId);
    if (!row || (row.seller_id !== user.id && !isPlatformAdmin(user))) throw resourceNotFound();
    const at = ctx.now().toISOString();
    await ctx.db
      .updateTable('resources')
      .set({ deleted_at: at, updated_at: at })
      .where('id', '=', row.id)
      .where('deleted_at', 'is', null)
      .execute();
    return c.body(null, 204);
  });

  return r;
}
