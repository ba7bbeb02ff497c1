import { formatKoreanTime } from '../../../utils/formatKoreanTime';

/** A won amount in the page's locale, e.g. ₩108,900 (the console and the pricing page read alike). */
export function formatWon(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ko-KR', {
    style: 'currency',
    currency: 'KRW',
    maximumFractionDigits: 0,
  }).format(amount);
}

/** A moment in Korean time with its zone named ('2026-05-01 14:03 KST'); '—' when there is none. */
export function formatKst(iso: string | null | undefined): string {
  const text = formatKoreanTime(iso);
  return text ? `${text} KST` : '—';
}
