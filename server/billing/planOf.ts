import { BILLINGS, PLAN_IDS, type Billing, type PlanId } from '../../contract/plans';
import type { Db } from '../db/Db';

export interface AccountPlan {
  plan: PlanId;
  billing: Billing | null;
  /** When the paid period ends; null on free. */
  renewsAt: string | null;
}

const FREE: AccountPlan = { plan: 'free', billing: null, renewsAt: null };

/**
 * The plan an account is on at `now`: its subscription while the paid period lasts (renews_at in
 * the future), else free. A subscription past its date is left in place (the history of what was
 * bought) and simply no longer counts.
 */
export async function planOf(db: Db, account: string, now: Date): Promise<AccountPlan> {
  const row = await db
    .selectFrom('subscriptions')
    .select(['plan', 'billing', 'renews_at'])
    .where('account', '=', account)
    .executeTakeFirst();
  if (!row || Date.parse(row.renews_at) <= now.getTime()) return FREE;
  if (!(PLAN_IDS as readonly string[]).includes(row.plan)) return FREE;
  const billing = (BILLINGS as readonly string[]).includes(row.billing) ? (row.billing as Billing) : null;
  return { plan: row.plan as PlanId, billing, renewsAt: row.renews_at };
}
