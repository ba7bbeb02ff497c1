/** Units from bytes to yottabytes, each 1024 times the previous one. */
export const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

const BASE = 1024;

/**
 * A byte count for people: `1536` → `'1.5 KB'`, `0` → `'0 Bytes'`. Base 1024; the value is
 * rounded to `decimals` places and trailing zeros are dropped (`'1 KB'`, not `'1.00 KB'`).
 *
 * - Negative sizes (a difference, a quota overrun) keep their sign: `-2048` → `'-2 KB'`.
 * - Fractions below one byte stay in bytes (`0.5` → `'0.5 Bytes'`).
 * - Sizes beyond the yottabyte stay in YB.
 * - `NaN` and infinities give `''` (an unknown size shows as nothing, not as "NaN Bytes").
 * - A negative or fractional `decimals` counts as its whole part, at least 0.
 */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes)) return '';
  if (bytes < 0) return `-${formatBytes(-bytes, decimals)}`;
  if (bytes === 0) return '0 Bytes';
  const places = Math.max(0, Math.trunc(Number.isFinite(decimals) ? decimals : 0));
  let unit = Math.min(BYTE_UNITS.length - 1, Math.max(0, Math.floor(Math.log(bytes) / Math.log(BASE))));
  let value = Number((bytes / BASE ** unit).toFixed(places));
  // Rounding can reach the next unit (1023.999 KB → "1024 KB"); show "1 MB" instead.
  if (value >= BASE && unit < BYTE_UNITS.length - 1) {
    unit += 1;
    value = Number((bytes / BASE ** unit).toFixed(places));
  }
  return `${value} ${BYTE_UNITS[unit]}`;
}
