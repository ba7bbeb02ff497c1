import { z } from 'zod';
import type { noticeUpdateSchema, noticeWriteSchema } from '../../../contract/apiSupport';
import { faqListSchema, noticePageSchema, noticeSchema, searchResultSchema } from '../../../contract/apiSupport';
import type { Locale } from '../../../contract/routes';
import { apiFetch } from '../../api/apiFetch';

/** Notices, FAQ and search of contract/apiSupport.ts, one function per call. */

export const NOTICE_PAGE_SIZE = 10;

const noticeId = (id: string) => `notices/${encodeURIComponent(id)}`;

export const supportApi = {
  notices: (page: number, keyword: string, signal?: AbortSignal) => {
    const query = new URLSearchParams({ page: String(page), size: String(NOTICE_PAGE_SIZE) });
    if (keyword) query.set('keyword', keyword);
    return apiFetch(`notices?${query.toString()}`, { schema: noticePageSchema, auth: false, signal });
  },
  notice: (id: string, signal?: AbortSignal) => apiFetch(noticeId(id), { schema: noticeSchema, auth: false, signal }),
  createNotice: (body: z.input<typeof noticeWriteSchema>) =>
    apiFetch('notices', { method: 'POST', body, schema: noticeSchema }),
  updateNotice: (id: string, body: z.input<typeof noticeUpdateSchema>) =>
    apiFetch(noticeId(id), { method: 'PATCH', body, schema: noticeSchema }),
  deleteNotice: (id: string) => apiFetch(noticeId(id), { method: 'DELETE' }),
  faq: (locale: Locale, signal?: AbortSignal) =>
    apiFetch(`faq?locale=${locale}`, { schema: faqListSchema, auth: false, signal }),
  search: (keyword: string, locale: Locale, signal?: AbortSignal) =>
    apiFetch(`search?${new URLSearchParams({ keyword, locale }).toString()}`, {
      schema: searchResultSchema,
      auth: false,
      signal,
    }),
};

/** Query keys, so a save can refresh every view of the notices. */
export const supportKeys = {
  notices: ['support', 'notices'] as const,
  noticePage: (page: number, keyword: string) => ['support', 'notices', 'page', page, keyword] as const,
  notice: (id: string) => ['support', 'notices', 'one', id] as const,
  faq: (locale: Locale) => ['support', 'faq', locale] as const,
  search: (keyword: string, locale: Locale) => ['support', 'search', locale, keyword] as const,
};

/** The notice id of a `?id=` query string, when it looks like one. */
export const noticeIdSchema = z.string().min(1).max(64);
