import { useTranslation } from 'react-i18next';
import type { ApprovalState } from '../../../../contract/apiMarket';
import { formatWon } from '../../pricing/plans';

/** A price as the market shows it: 'Free' for 0, won in the page's language otherwise. */
export function useWon(): (amount: number) => string {
  const { i18n } = useTranslation();
  return (amount) => formatWon(amount, i18n.language);
}

export function usePrice(): (amount: number) => string {
  const { t } = useTranslation('market');
  const won = useWon();
  return (amount) => (amount === 0 ? t('free') : won(amount));
}

/** Badge colour of each approval state. */
export const APPROVAL_COLORS: Record<ApprovalState, string> = {
  checking: 'blue',
  check_failed: 'red',
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
};

/** A date (no time) in the page's language. */
export function formatDate(iso: string | null, locale: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
