/** The notice edit form's values and checks (the notice service will take these values). */

export const NOTICE_CATEGORIES = ['general', 'update', 'maintenance', 'event'] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];

export const NOTICE_TITLE_MAX = 100;

export interface NoticeDraft {
  title: string;
  category: NoticeCategory;
  body: string;
  pinned: boolean;
}

/** Errors as i18n keys of the `support` namespace, per field. */
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
