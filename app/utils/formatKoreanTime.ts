/** Korea does not observe daylight saving time, so Korean time is always UTC+9. */
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** A moment as accepted by the formatters: a Date, an ISO 8601 string or epoch milliseconds. */
export type DateInput = Date | string | number;

/** Epoch milliseconds of `value`, or NaN when it is not a valid moment. */
export function toEpochMs(value: DateInput | null | undefined): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  return Date.parse(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Shows a moment in Korean time as `YYYY-MM-DD HH:MM` (24-hour clock), whatever the time zone
 * of the machine: the instant is shifted by nine hours and then read with the UTC getters,
 * which never apply the local zone.
 *
 * @param value a Date, an ISO 8601 string (with or without offset; without one it is read as
 *   the JavaScript engine reads it) or epoch milliseconds.
 * @returns the formatted time, or `''` for a missing or invalid input (an empty cell is better
 *   than "NaN-NaN-NaN" in a table).
 */
export function formatKoreanTime(value: DateInput | null | undefined): string {
  const ms = toEpochMs(value);
  if (Number.isNaN(ms)) return '';
  const kst = new Date(ms + KST_OFFSET_MS);
  if (Number.isNaN(kst.getTime())) return '';
  return `${kst.getUTCFullYear()}-${pad(kst.getUTCMonth() + 1)}-${pad(kst.getUTCDate())} ${pad(kst.getUTCHours())}:${pad(kst.getUTCMinutes())}`;
}
