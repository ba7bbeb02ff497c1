/** Metrics stored as ratios (0–1) are shown as percentages; others (a loss) as plain numbers. */
const RATIO_METRICS = new Set(['accuracy', 'valAccuracy', 'map50', 'map5095', 'precision', 'recall', 'f1']);

/** A metric's value as shown: '91.3%' for a ratio, '0.052' for a loss, the text of a string. */
export function formatMetric(key: string, value: number, locale: string): string {
  const tag = locale === 'en' ? 'en-US' : 'ko-KR';
  if (RATIO_METRICS.has(key) && value >= 0 && value <= 1)
    return new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 }).format(value);
  return new Intl.NumberFormat(tag, { maximumSignificantDigits: 4 }).format(value);
}

/** The metrics worth showing: finite numbers, known ones first in a fixed order, then the rest by name. */
export function shownMetrics(metrics: Record<string, unknown>): { key: string; value: number }[] {
  const order = ['accuracy', 'map50', 'map5095', 'precision', 'recall', 'f1', 'valAccuracy', 'loss'];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.entries(metrics)
    .filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]))
    .map(([key, value]) => ({ key, value }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));
}
