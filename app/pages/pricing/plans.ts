import {
  BILLINGS,
  PLAN_IDS,
  PLAN_MONTHLY_PRICE,
  priceFor,
  YEARLY_MONTHS_CHARGED,
  type Billing,
  type PlanId,
  type PlanPrice,
} from '../../../contract/plans';

// The figures live in contract/plans.ts, which the server's limits and checkout read too.
export { BILLINGS, PLAN_IDS, priceFor, YEARLY_MONTHS_CHARGED, type Billing, type PlanId, type PlanPrice };

export interface Plan {
  id: PlanId;
  /** Monthly price in won, VAT excluded; null when the price is quoted (Enterprise). */
  monthly: number | null;
  /** The plan shown as the usual choice. */
  featured?: boolean;
}

export const PLANS: readonly Plan[] = PLAN_IDS.map((id) => ({
  id,
  monthly: PLAN_MONTHLY_PRICE[id],
  featured: id === 'pro',
}));

/** A plain count in the page's locale, e.g. 50,000. */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ko-KR').format(value);
}

/** One cell of the comparison table. */
export type CompareCell =
  | { kind: 'yes' }
  | { kind: 'no' }
  /** A number shown with a unit: key `compare.units.<unit>` with `{{value}}`. */
  | { kind: 'amount'; value: number; unit: CompareUnit }
  /** A fixed text: key `compare.values.<text>`. */
  | { kind: 'text'; text: CompareText };

export type CompareUnit = 'gb' | 'tb' | 'images' | 'imagesPerMonth' | 'hours' | 'count' | 'members' | 'commission';
export type CompareText =
  | 'unlimited'
  | 'custom'
  | 'dedicatedGpu'
  | 'buyOnly'
  | 'commissionCustom'
  | 'supportFree'
  | 'supportStandard'
  | 'supportPro'
  | 'supportEnterprise';

export interface CompareRow {
  /** Row label: key `compare.rows.<id>`. */
  id: string;
  cells: Record<PlanId, CompareCell>;
}

const yes: CompareCell = { kind: 'yes' };
const no: CompareCell = { kind: 'no' };
const n = (value: number, unit: CompareUnit): CompareCell => ({ kind: 'amount', value, unit });
const txt = (text: CompareText): CompareCell => ({ kind: 'text', text });

/** The plan comparison table; the plan cards' highlights repeat the same figures. */
export const COMPARE_ROWS: readonly CompareRow[] = [
  { id: 'storage', cells: { free: n(5, 'gb'), standard: n(100, 'gb'), pro: n(1, 'tb'), enterprise: txt('custom') } },
  {
    id: 'imagesPerProject',
    cells: {
      free: n(1_000, 'images'),
      standard: n(50_000, 'images'),
      pro: n(500_000, 'images'),
      enterprise: txt('unlimited'),
    },
  },
  {
    id: 'projects',
    cells: { free: n(3, 'count'), standard: n(20, 'count'), pro: txt('unlimited'), enterprise: txt('unlimited') },
  },
  {
    id: 'members',
    cells: { free: n(1, 'members'), standard: n(5, 'members'), pro: n(30, 'members'), enterprise: txt('unlimited') },
  },
  { id: 'labelingStudio', cells: { free: yes, standard: yes, pro: yes, enterprise: yes } },
  {
    id: 'assistAi',
    cells: {
      free: no,
      standard: n(5_000, 'imagesPerMonth'),
      pro: n(50_000, 'imagesPerMonth'),
      enterprise: txt('unlimited'),
    },
  },
  {
    id: 'gpuHours',
    cells: { free: n(2, 'hours'), standard: n(20, 'hours'), pro: n(100, 'hours'), enterprise: txt('dedicatedGpu') },
  },
  {
    id: 'concurrentTrainings',
    cells: { free: n(1, 'count'), standard: n(2, 'count'), pro: n(5, 'count'), enterprise: txt('custom') },
  },
  {
    id: 'edgePoints',
    cells: { free: n(1, 'count'), standard: n(3, 'count'), pro: n(20, 'count'), enterprise: txt('unlimited') },
  },
  { id: 'webPoints', cells: { free: no, standard: n(1, 'count'), pro: n(5, 'count'), enterprise: txt('custom') } },
  {
    id: 'marketSelling',
    cells: {
      free: txt('buyOnly'),
      standard: n(20, 'commission'),
      pro: n(15, 'commission'),
      enterprise: txt('commissionCustom'),
    },
  },
  {
    id: 'support',
    cells: {
      free: txt('supportFree'),
      standard: txt('supportStandard'),
      pro: txt('supportPro'),
      enterprise: txt('supportEnterprise'),
    },
  },
];

/** Ids of the pricing FAQ entries: keys `faq.items.<id>.question|answer`. */
export const PRICING_FAQ_IDS = ['changePlan', 'overLimit', 'payment', 'refund', 'enterprise'] as const;

/** Ids of each plan card's highlight lines: keys `plans.<plan>.highlights.<id>`. */
export const HIGHLIGHT_IDS = ['item1', 'item2', 'item3', 'item4'] as const;
