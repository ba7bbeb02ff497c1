import { z } from 'zod';
import { billingAccountSchema } from '../../../../contract/apiPayments';
import { BILLINGS, PLAN_IDS, planCharge, type Billing, type PlanId } from '../../../../contract/plans';

/** What /console/checkout is asked to sell: a market resource, or a plan for an account. */
export type CheckoutItem =
  { kind: 'resource'; resourceId: string } | { kind: 'plan'; plan: PlanId; billing: Billing; account: string | null };

const resourceQuery = z.object({ resource: z.string().regex(/^[\w-]{1,64}$/) });
const planQuery = z.object({
  plan: z.enum(PLAN_IDS),
  billing: z.enum(BILLINGS).default('monthly'),
  account: billingAccountSchema.optional(),
});

/** The checkout's query, or null when it names nothing that can be bought (free and Enterprise have no checkout). */
export function parseCheckoutQuery(search: string): CheckoutItem | null {
  const params = Object.fromEntries(new URLSearchParams(search));
  const resource = resourceQuery.safeParse(params);
  if (resource.success) return { kind: 'resource', resourceId: resource.data.resource };
  const plan = planQuery.safeParse(params);
  if (!plan.success || !planCharge(plan.data.plan, plan.data.billing)) return null;
  return { kind: 'plan', plan: plan.data.plan, billing: plan.data.billing, account: plan.data.account ?? null };
}
