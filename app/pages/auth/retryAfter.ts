import type { TFunction } from 'i18next';

/** 'Try again in 3 minutes' from a `retryAfterS` (seconds below a minute, else whole minutes). */
export function retryAfterText(t: TFunction, seconds: number | undefined): string {
  if (!seconds || seconds <= 0) return '';
  const time =
    seconds < 60
      ? t('errors:seconds', { count: Math.ceil(seconds) })
      : t('errors:minutes', { count: Math.ceil(seconds / 60) });
  return t('errors:retryIn', { time });
}
