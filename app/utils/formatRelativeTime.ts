import { toEpochMs, type DateInput } from './formatKoreanTime';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

/**
 * The translate function the formatter needs: i18next's `t` (from `useTranslation` or
 * `i18n.getFixedT`) fits. Keys carry the `ui:` namespace prefix, so any `t` works as long as the
 * `ui` namespace is loaded; `count` selects the plural form (`_one` / `_other`).
 */
export type RelativeTimeTranslate = (key: string, options?: { count: number }) => string;

/**
 * How long ago `value` was, in words: '방금 전', '5분 전', '3시간 전', '2일 전', '1년 전' in Korean;
 * 'just now', '1 minute ago', '5 minutes ago', … in English (texts in `ui:relativeTime.*`).
 *
 * Thresholds (each count is rounded down):
 * - under 1 minute, or in the future (clock skew between server and browser): just now;
 * - under 60 minutes: minutes; under 24 hours: hours; under 365 days: days;
 * - from 365 days on: years (365-day years; there are no months or weeks in the product's texts).
 *
 * @param value the moment (Date, ISO 8601 string or epoch ms); invalid input gives `''`.
 * @param t the translate function.
 * @param now the current time in epoch ms (a parameter so that the function stays pure).
 */
export function formatRelativeTime(
  value: DateInput | null | undefined,
  t: RelativeTimeTranslate,
  now: number = Date.now(),
): string {
  const then = toEpochMs(value);
  if (Number.isNaN(then) || !Number.isFinite(now)) return '';
  const elapsed = now - then;
  if (elapsed < MINUTE) return t('ui:relativeTime.justNow');
  if (elapsed < HOUR) return t('ui:relativeTime.minutes', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('ui:relativeTime.hours', { count: Math.floor(elapsed / HOUR) });
  if (elapsed < YEAR) return t('ui:relativeTime.days', { count: Math.floor(elapsed / DAY) });
  return t('ui:relativeTime.years', { count: Math.floor(elapsed / YEAR) });
}
