import type { Notice, NoticeCategory, NoticeSummary } from '../../contract/apiSupport';
import { NOTICE_CATEGORIES } from '../../contract/apiSupport';
import type { Db } from '../db/Db';

function categoryOf(value: string): NoticeCategory {
  return (NOTICE_CATEGORIES as readonly string[]).includes(value) ? (value as NoticeCategory) : 'general';
}

/** Notices with their author's name ('' once the author's account is gone). */
export function noticeQuery(db: Db) {
  return db
    .selectFrom('notices as n')
    .leftJoin('users as u', 'u.id', 'n.author_id')
    .select([
      'n.id',
      'n.title',
      'n.category',
      'n.pinned',
      'n.created_at',
      'n.updated_at',
      'n.body',
      'n.body_text',
      'u.name as author',
    ]);
}

type NoticeRow = Awaited<ReturnType<ReturnType<typeof noticeQuery>['execute']>>[number];

export function noticeSummaryView(r: NoticeRow): NoticeSummary {
  return {
    id: r.id,
    title: r.title,
    category: categoryOf(r.category),
    pinned: r.pinned === 1,
    author: r.author ?? '',
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function noticeView(r: NoticeRow): Notice {
  return { ...noticeSummaryView(r), body: r.body };
}
