import { marketHref } from '../../contract/marketRoutes';
import type { AppContext } from '../context';
import type { Mail } from '../mail/Mailer';
import { pageLink, type MailLocale } from '../mail/templates';
import type { ResourceRow } from './resourceViews';

/*
 * The seller hears of a review decision by mail when they asked for market news (the account's
 * `notify_market` setting). A mail that cannot be sent does not undo the decision: the resource
 * page shows it too.
 */

const TEXTS = {
  ko: {
    approvedSubject: (name: string) => `[Maru AI] '${name}' 리소스가 승인되었습니다`,
    approved: (name: string) => [`'${name}' 리소스가 승인되어 마켓에 게시되었습니다.`],
    rejectedSubject: (name: string) => `[Maru AI] '${name}' 리소스가 반려되었습니다`,
    rejected: (name: string, reason: string) => [`'${name}' 리소스가 반려되었습니다.`, `사유: ${reason}`],
  },
  en: {
    approvedSubject: (name: string) => `[Maru AI] Your resource '${name}' was approved`,
    approved: (name: string) => [`Your resource '${name}' was approved and is now on the market.`],
    rejectedSubject: (name: string) => `[Maru AI] Your resource '${name}' was rejected`,
    rejected: (name: string, reason: string) => [`Your resource '${name}' was rejected.`, `Reason: ${reason}`],
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

export function reviewMail(to: string, locale: MailLocale, row: ResourceRow, link: string): Mail {
  const t = TEXTS[locale];
  const approved = row.approval === 'approved';
  const subject = approved ? t.approvedSubject(row.name) : t.rejectedSubject(row.name);
  const lines = approved ? t.approved(row.name) : t.rejected(row.name, row.reject_reason ?? '');
  return {
    to,
    subject,
    text: [...lines, '', link].join('\n'),
    html: [
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ].join('\n'),
    links: [link],
  };
}

/** Mails the seller of a just-decided resource, when they want market mail. */
export async function notifyReviewDecision(ctx: AppContext, row: ResourceRow): Promise<void> {
  if (!row.seller_id) return;
  const seller = await ctx.db
    .selectFrom('users')
    .select(['email', 'locale', 'notify_market'])
    .where('id', '=', row.seller_id)
    .executeTakeFirst();
  if (!seller || seller.notify_market !== 1) return;
  const locale: MailLocale = seller.locale === 'en' ? 'en' : 'ko';
  const link = pageLink(ctx.config.PUBLIC_URL, locale, marketHref.item(row.id));
  try {
    await ctx.mailer.send(reviewMail(seller.email, locale, row, link));
  } catch (error) {
    console.error('The review decision mail was not sent.', error);
  }
}
