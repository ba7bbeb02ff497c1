/** The periods the sales list offers; 'custom' takes the seller's own dates. */
export const SALES_PERIODS = ['thisMonth', 'lastMonth', 'custom'] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar date as YYYY-MM-DD (the report's `from` and `to` are inclusive dates). */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first and last day of the month `offset` months from `today`'s. */
export function monthRange(today: Date, offset: number): { from: string; to: string } {
  const first = new Date(today.getFullYear(), today.getMonth() + offset, 1);
  const last = new Date(today.getFullYear(), today.getMonth() + offset + 1, 0);
  return { from: isoDate(first), to: isoDate(last) };
}

/** The dates to ask for: null when a custom period is incomplete or runs backwards. */
export function periodRange(
  period: SalesPeriod,
  today: Date,
  custom: { from: string; to: string },
): { from: string; to: string } | null {
  if (period === 'thisMonth') return monthRange(today, 0);
  if (period === 'lastMonth') return monthRange(today, -1);
  if (!custom.from || !custom.to || custom.from > custom.to) return null;
  return custom;
}
