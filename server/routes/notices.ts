import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { noticeUpdateSchema, noticeWriteSchema, pageQuerySchema } from '../../contract/apiSupport';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../http/ApiError';
import { requireScope, requireUser } from '../http/requireUser';
import { jsonBody, paramsOf, queryOf } from '../http/validate';
import { noticeHtmlToText, sanitizeNoticeHtml } from './noticesHtml';
import { noticeQuery, noticeSummaryView, noticeView } from './noticesViews';
import { containsIgnoringCase } from './searchLike';

const idParams = z.object({ id: z.string().min(1).max(64) });
const notFound = () => new ApiError('not_found', 'No such notice.');

/** A body that is empty once cleaned (only a script, say) is refused like an empty one. */
function cleanBody(html: string): { body: string; body_text: string } {
  const body = sanitizeNoticeHtml(html);
  const text = noticeHtmlToText(body);
  if (!text) throw new ApiError('validation', 'The body has no text.', { fields: { body: 'validation:required' } });
  return { body, body_text: text };
}

/**
 * Notices (contract/apiSupport.ts): anyone reads; platform admins (scope 'admin') write. Bodies
 * are sanitised HTML (noticesHtml.ts); the list puts pinned notices first, then the newest.
 */
export function createNoticeRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/', queryOf(pageQuerySchema), async (c) => {
    const { page, size, keyword } = c.req.valid('query');
    const term = keyword?.trim() ?? '';
    let base = ctx.db.selectFrom('notices');
    if (term)
      base = base.where((eb) => eb.or([containsIgnoringCase('title', term), containsIgnoringCase('body_text', term)]));
    const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    let q = noticeQuery(ctx.db);
    if (term)
      q = q.where((eb) => eb.or([containsIgnoringCase('n.title', term), containsIgnoringCase('n.body_text', term)]));
    const rows = await q
      .orderBy('n.pinned', 'desc')
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return c.json({ items: rows.map(noticeSummaryView), total: Number(counted.n), page, size });
  });

  r.get('/:id', paramsOf(idParams), async (c) => {
    const row = await noticeQuery(ctx.db).where('n.id', '=', c.req.valid('param').id).executeTakeFirst();
    if (!row) throw notFound();
    return c.json(noticeView(row));
  });

  const admin = [requireUser(ctx), requireScope('admin')] as const;

  r.post('/', ...admin, jsonBody(noticeWriteSchema), async (c) => {
    const input = c.req.valid('json');
    const id = randomUUID();
    const now = ctx.now().toISOString();
    await ctx.db
      .insertInto('notices')
      .values({
        id,
        title: input.title,
        category: input.category,
        pinned: input.pinned ? 1 : 0,
        ...cleanBody(input.body),
        author_id: c.get('user').id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const row = await noticeQuery(ctx.db).where('n.id', '=', id).executeTakeFirstOrThrow();
    return c.json(noticeView(row), 201);
  });

  r.patch('/:id', ...admin, paramsOf(idParams), jsonBody(noticeUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const updated = await ctx.db
      .updateTable('notices')
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.category !== undefined ? { category: input.category } : {}),
        ...(input.pinned !== undefined ? { pinned: input.pinned ? 1 : 0 } : {}),
        ...(input.body !== undefined ? cleanBody(input.body) : {}),
        updated_at: ctx.now().toISOString(),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound();
    const row = await noticeQuery(ctx.db).where('n.id', '=', id).executeTakeFirstOrThrow();
    return c.json(noticeView(row));
  });

  r.delete('/:id', ...admin, paramsOf(idParams), async (c) => {
    const deleted = await ctx.db.deleteFrom('notices').where('id', '=', c.req.valid('param').id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound();
    return c.body(null, 204);
  });

  return r;
}
