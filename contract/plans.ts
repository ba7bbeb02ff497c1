/*
 * The plans of the pricing page and the limits the server enforces (issue "Market and payments").
 * One source for both: app/pages/pricing/plans.ts shows these figures, server/billing/ counts
 * against them.
 */

/** The four plans, cheapest first. */
export const PLAN_IDS = ['free', 'standard', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLINGS = ['monthly', 'yearly'] as const;
export type Billing = (typeof BILLINGS)[number];

/** Yearly billing charges this many months for twelve (two months free). */
export const YEARLY_MONTHS_CHARGED = 10;

/** Prices on the pricing page exclude VAT; checkout adds it. */
export const VAT_RATE = 0.1;

/** Monthly price in won, VAT excluded; null when the price is quoted (Enterprise: no checkout). */
export const PLAN_MONTHLY_PRICE: Record<PlanId, number | null> = {
  free: 0,
  standard: 99_000,
  pro: 390_000,
  enterprise: null,
};

const GB = 1024 ** 3;

/** What each plan allows (null: unlimited or agreed per contract). Training hours are per calendar month (KST). */
export const PLAN_LIMITS: Record<
  PlanId,
  {
    projects: number | null;
    storage: number | null;
    trainingHours: number | null;
    edgePoints: number | null;
    webPoints: number | null;
  }
> = {
  free: { projects: 3, storage: 5 * GB, trainingHours: 2, edgePoints: 1, webPoints: 0 },
  standard: { projects: 20, storage: 100 * GB, trainingHours: 20, edgePoints: 3, webPoints: 1 },
  pro: { projects: null, storage: 1024 * GB, trainingHours: 100, edgePoints: 20, webPoints: 5 },
  enterprise: { projects: null, storage: null, trainingHours: null, edgePoints: null, webPoints: null },
};

export interface PlanPrice {
  /** What one month costs under this billing period (won, VAT excluded). */
  perMonth: number;
  /** What is charged at each payment (won, VAT excluded). */
  billed: number;
  /** Saved per payment compared with paying monthly (won). */
  saving: number;
}

/** The price of a plan under a billing period; null for a quoted plan. */
export function priceFor(plan: { monthly: number | null }, billing: Billing): PlanPrice | null {
  if (plan.monthly === null) return null;
  if (billing === 'monthly') return { perMonth: plan.monthly, billed: plan.monthly, saving: 0 };
  const billed = plan.monthly * YEARLY_MONTHS_CHARGED;
  return { perMonth: Math.round(billed / 12), billed, saving: plan.monthly * 12 - billed };
}

/** What checkout charges for a plan: the billed price plus VAT (won), or null when it cannot be bought. */
export function planCharge(planId: PlanId, billing: Billing): { supply: number; vat: number; amount: number } | null {
  const price = priceFor({ monthly: PLAN_MONTHLY_PRICE[planId] }, billing);
  if (!price || price.billed === 0) return null;
  const vat = Math.round(price.billed * VAT_RATE);
  return { supply: price.billed, vat, amount: price.billed + vat };
}
