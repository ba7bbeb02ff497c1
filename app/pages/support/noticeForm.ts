import type { z } from 'zod';
import {
  NOTICE_CATEGORIES,
  NOTICE_TITLE_MAX,
  type NoticeCategory,
  type noticeWriteSchema,
} from '../../../contract/apiSupport';

/** The notice edit form's values and checks (the API's noticeWriteSchema takes these values). */

export { NOTICE_CATEGORIES, NOTICE_TITLE_MAX, type NoticeCategory };

/** Every field filled in: what the API's write schema makes of a request. */
export type NoticeDraft = z.output<typeof noticeWriteSchema>;

/** Errors as i18n keys per field (`notice.edit.errors.*` of `support`, or the server's `validation:*`). */
export type NoticeErrors = Partial<Record<'title' | 'body', string>>;

export function emptyNoticeDraft(): NoticeDraft {
  return { title: '', category: 'general', body: '', pinned: false };
}

export function isNoticeCategory(value: string): value is NoticeCategory {
  return (NOTICE_CATEGORIES as readonly string[]).includes(value);
}

/** Title and body are required; white space alone does not count. */
export function validateNotice(draft: NoticeDraft): NoticeErrors {
  const errors: NoticeErrors = {};
  if (!draft.title.trim()) errors.title = 'notice.edit.errors.titleRequired';
  if (!draft.body.trim()) errors.body = 'notice.edit.errors.bodyRequired';
  return errors;
}
