import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  FAQ_CATEGORIES,
  faqQuerySchema,
  faqUpdateSchema,
  faqWriteSchema,
  type FaqEntry,
} from '../../contract/apiSupport';
import type { AppContext, AppEnv } from '../context';
import type { FaqTable } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { requireScope, requireUser } from '../http/requireUser';
import { jsonBody, paramsOf, queryOf } from '../http/validate';

const idParams = z.object({ id: z.string().min(1).max(64) });
const notFound = () => new ApiError('not_found', 'No such FAQ entry.');

type FaqRow = Pick<FaqTable, 'id' | 'locale' | 'category' | 'question' | 'answer' | 'position'>;

/** Rows with a locale or category the contract does not know are left out rather than failing the page. */
export function faqView(r: FaqRow): FaqEntry | null {
  const locale = r.locale === 'ko' || r.locale === 'en' ? r.locale : null;
  const category = FAQ_CATEGORIES.find((c) => c === r.category);
  if (!locale || !category) return null;
  return { id: r.id, locale, category, question: r.question, answer: r.answer, position: Number(r.position) };
}

/** The page's order: by category as FAQ_CATEGORIES lists them, then by position. */
export function sortFaq(entries: FaqEntry[]): FaqEntry[] {
  const rank = (c: FaqEntry['category']) => FAQ_CATEGORIES.indexOf(c);
  return entries.sort(
    (a, b) => rank(a.category) - rank(b.category) || a.position - b.position || a.id.localeCompare(b.id),
  );
}

const COLUMNS = ['id', 'locale', 'category', 'question', 'answer', 'position'] as const;

/** FAQ entries per language (contract/apiSupport.ts): anyone reads; platform admins write. */
export function createFaqRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/', queryOf(faqQuerySchema), async (c) => {
    const rows = await ctx.db
      .selectFrom('faq')
      .select(COLUMNS)
      .where('locale', '=', c.req.valid('query').locale)
      .execute();
    return c.json(sortFaq(rows.map(faqView).filter((e): e is FaqEntry => e !== null)));
  });

  const admin = [requireUser(ctx), requireScope('admin')] as const;
  const byId = (id: string) => ctx.db.selectFrom('faq').select(COLUMNS).where('id', '=', id).executeTakeFirst();

  r.post('/', ...admin, jsonBody(faqWriteSchema), async (c) => {
    const id = randomUUID();
    const now = ctx.now().toISOString();
    await ctx.db
      .insertInto('faq')
      .values({ id, ...c.req.valid('json'), created_at: now, updated_at: now })
      .execute();
    const row = await byId(id);
    return c.json(row ? faqView(row) : null, 201);
  });

  r.patch('/:id', ...admin, paramsOf(idParams), jsonBody(faqUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const updated = await ctx.db
      .updateTable('faq')
      .set({ ...c.req.valid('json'), updated_at: ctx.now().toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound();
    const row = await byId(id);
    if (!row) throw notFound();
    return c.json(faqView(row));
  });

  r.delete('/:id', ...admin, paramsOf(idParams), async (c) => {
    const deleted = await ctx.db.deleteFrom('faq').where('id', '=', c.req.valid('param').id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound();
    return c.body(null, 204);
  });

  return r;
}
