import { useTranslation } from 'react-i18next';
import type { ApprovalState } from '../../../../contract/apiMarket';
import { formatPrice, formatWon } from '../../../utils/formatWon';

/** Won in the page's language (sales totals, where 0 is ₩0, not 'Free'). */
export function useWon(): (amount: number) => string {
  const { i18n } = useTranslation();
  return (amount) => formatWon(amount, i18n.language);
}

/** A price as the market shows it: 'Free' for 0, won in the page's language otherwise. */
export function usePrice(): (amount: number) => string {
  const { t, i18n } = useTranslation('market');
  return (amount) => formatPrice(amount, i18n.language, t('free'));
}

/** Badge colour of each approval state. */
export const APPROVAL_COLORS: Record<ApprovalState, string> = {
  checking: 'blue',
  check_failed: 'red',
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
};
