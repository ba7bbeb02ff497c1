import { Hono } from 'hono';
import { z } from 'zod';
import { billingAccountSchema, PLAN_LIMIT_KINDS, type BillingInfo } from '../../contract/apiPayments';
import { PLAN_LIMITS } from '../../contract/plans';
import { callerAccount } from '../billing/callerAccount';
import { planOf } from '../billing/planOf';
import { usage } from '../billing/usage';
import type { AppContext, AppEnv } from '../context';
import { requireUser } from '../http/requireUser';
import { queryOf } from '../http/validate';

const billingQuery = z.object({ organization: billingAccountSchema }).strict();

/**
 * Plan and usage (contract/apiPayments.ts): GET /billing?organization=<orgId|personal> answers the
 * account's plan, renewal date, usage and limits. Mounted at /api beside other routers, so each
 * route takes requireUser itself.
 */
export function createBillingRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/billing', requireUser(ctx), queryOf(billingQuery), async (c) => {
    const caller = await callerAccount(ctx.db, c.get('user'), c.req.valid('query').organization);
    const now = ctx.now();
    const [plan, used] = await Promise.all([planOf(ctx.db, caller.account, now), usage(ctx.db, caller.account, now)]);
    const limits = PLAN_LIMITS[plan.plan];
    const answer: BillingInfo = {
      account: { kind: caller.kind, id: caller.id, name: caller.name },
      plan: plan.plan,
      billing: plan.billing,
      renewsAt: plan.renewsAt,
      // Hours to two decimals: the page shows them rounded, the sum of minutes would drift.
      usage: { ...used, trainingHours: Math.round(used.trainingHours * 100) / 100 },
      limits: Object.fromEntries(PLAN_LIMIT_KINDS.map((k) => [k, limits[k]])) as BillingInfo['limits'],
      canManage: caller.canManage,
    };
    return c.json(answer);
  });

  return r;
}
