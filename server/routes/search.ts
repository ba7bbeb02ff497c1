import { Hono } from 'hono';
import { SEARCH_LIMIT, searchQuerySchema, type FaqEntry } from '../../contract/apiSupport';
import type { AppContext, AppEnv } from '../context';
import { queryOf } from '../http/validate';
import { faqView, sortFaq } from './faq';
import { noticeQuery, noticeSummaryView } from './noticesViews';
import { containsIgnoringCase, excerptAround } from './searchLike';

/**
 * The support search (contract/apiSupport.ts): notices by title or body text, FAQ entries of the
 * page's language by question or answer; the keyword is one literal piece of text.
 */
export function createSearchRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/', queryOf(searchQuerySchema), async (c) => {
    const { keyword, locale } = c.req.valid('query');
    const notices = await noticeQuery(ctx.db)
      .where((eb) => eb.or([containsIgnoringCase('n.title', keyword), containsIgnoringCase('n.body_text', keyword)]))
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(SEARCH_LIMIT)
      .execute();
    const faqRows = await ctx.db
      .selectFrom('faq')
      .select(['id', 'locale', 'category', 'question', 'answer', 'position'])
      .where('locale', '=', locale)
      .where((eb) => eb.or([containsIgnoringCase('question', keyword), containsIgnoringCase('answer', keyword)]))
      .execute();
    return c.json({
      notices: notices.map((n) => ({ ...noticeSummaryView(n), excerpt: excerptAround(n.body_text, keyword) })),
      faq: sortFaq(faqRows.map(faqView).filter((e): e is FaqEntry => e !== null)),
    });
  });

  return r;
}
