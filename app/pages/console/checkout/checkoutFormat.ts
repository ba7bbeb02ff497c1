import { formatKoreanTime } from '../../../utils/formatKoreanTime';

/** A moment in Korean time with its zone named ('2026-05-01 14:03 KST'); '—' when there is none. */
export function formatKst(iso: string | null | undefined): string {
  const text = formatKoreanTime(iso);
  return text ? `${text} KST` : '—';
}
