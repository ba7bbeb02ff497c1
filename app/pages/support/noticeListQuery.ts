/** The notice list's state in its address: `?page=2&keyword=gpu` (so back/forward and links keep it). */
export interface NoticeListQuery {
  page: number;
  keyword: string;
}

export function readNoticeListQuery(search: string): NoticeListQuery {
  const params = new URLSearchParams(search);
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    keyword: (params.get('keyword') ?? '').trim().replace(/\s+/g, ' ').slice(0, 100),
  };
}

export function noticeListHref(base: string, { page, keyword }: NoticeListQuery): string {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  if (keyword) params.set('keyword', keyword);
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}
