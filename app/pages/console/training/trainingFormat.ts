import type { TFunction } from 'i18next';

/** Figures as the training screens show them; '—' where there is none yet. */

export const NONE = '—';

/** 0.8731 → '87.3%'. */
export function formatRatio(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? NONE : `${(value * 100).toFixed(1)}%`;
}

/** A loss: four significant digits. */
export function formatLoss(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? NONE : String(Number(value.toPrecision(4)));
}

/** 0.001 stays '0.001'; 0.00001 reads '0.00001' rather than '1e-5'. */
export function formatLearningRate(value: number): string {
  return value.toLocaleString('en-US', { maximumSignificantDigits: 3, maximumFractionDigits: 8 });
}

export function formatDateTime(iso: string | null, locale: string): string {
  if (!iso) return NONE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NONE;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** Seconds as '45 s', '3 min 20 s' or '1 h 5 min' (texts of `training:duration`). */
export function formatDuration(seconds: number, t: TFunction): string {
  const total = Math.max(1, Math.round(seconds));
  if (total < 60) return t('training:duration.seconds', { s: total });
  if (total < 3600) return t('training:duration.minutes', { m: Math.floor(total / 60), s: total % 60 });
  return t('training:duration.hours', { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60) });
}
