import type { Billing, OrderCreate, PlanId } from '../../contract/apiPayments';
import { planCharge } from '../../contract/plans';
import { V } from '../../contract/validation';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { canSeeResource, selectResources } from '../market/resourceViews';
import { orgRoleOf, roleAtLeast } from '../routes/organizationsAccess';
import { completeOrder, livePurchase } from './grantOrder';
import { findOrder, newOrderId, orderView, orderViewOf, storedAccount } from './orderViews';

type Locale = 'ko' | 'en';
const localeOf = (user: UserRow): Locale => (user.locale === 'en' ? 'en' : 'ko');

const KIND_NAMES: Record<Locale, Record<'dataset' | 'model', string>> = {
  ko: { dataset: '데이터셋', model: '모델' },
  en: { dataset: 'dataset', model: 'model' },
};
const PLAN_NAMES: Record<PlanId, string> = { free: 'Free', standard: 'Standard', pro: 'Pro', enterprise: 'Enterprise' };
const BILLING_NAMES: Record<Locale, Record<Billing, string>> = {
  ko: { monthly: '월간', yearly: '연간' },
  en: { monthly: 'monthly', yearly: 'yearly' },
};

/** What the payment window and the order history show, in the buyer's language ("Pro plan (yearly)"). */
export function orderNameOf(
  locale: Locale,
  what:
    | { kind: 'resource'; name: string; resourceKind: 'dataset' | 'model' }
    | { kind: 'plan'; plan: PlanId; billing: Billing },
): string {
  if (what.kind === 'resource') return `${what.name} (${KIND_NAMES[locale][what.resourceKind]})`;
  const period = BILLING_NAMES[locale][what.billing];
  return locale === 'ko' ? `${PLAN_NAMES[what.plan]} 플랜 (${period})` : `${PLAN_NAMES[what.plan]} plan (${period})`;
}

const notForSale = () => new ApiError('not_found', 'No such resource.');

/**
 * A new order at the server's own price. Resources: only one for sale (approved, not deleted,
 * visible to the buyer), never one's own, never twice; a free one is DONE at once with the
 * purchase granted. Plans: the pricing page's price plus VAT, for an account the buyer manages.
 */
export async function createOrder(ctx: AppContext, user: UserRow, input: OrderCreate) {
  const now = ctx.now();
  const at = now.toISOString();
  const base = {
    id: newOrderId(),
    buyer_id: user.id,
    status: 'READY',
    provider: ctx.payments.name,
    payment_key: null,
    method: null,
    failure_code: null,
    failure_message: null,
    provider_payment: null,
    created_at: at,
    updated_at: at,
    approved_at: null,
    canceled_at: null,
  };

  if (input.kind === 'resource') {
    const row = await selectResources(ctx.db).where('resources.id', '=', input.resourceId).executeTakeFirst();
    const purchased = row ? Boolean(await livePurchase(ctx.db, row.id, user.id)) : false;
    if (!row || row.deleted_at !== null || !canSeeResource(row, user, purchased)) throw notForSale();
    if (row.seller_id === user.id) throw new ApiError('own_resource', 'You cannot buy your own resource.');
    if (purchased) throw new ApiError('already_purchased', 'You have already bought this resource.');
    if (row.approval !== 'approved') throw notForSale();
    const price = Number(row.price);
    const values = {
      ...base,
      kind: 'resource',
      order_name: orderNameOf(localeOf(user), {
        kind: 'resource',
        name: row.name,
        resourceKind: row.kind === 'model' ? 'model' : 'dataset',
      }),
      amount: price,
      vat: 0,
      resource_id: row.id,
      plan: null,
      billing: null,
      account: null,
    };
    if (price > 0) {
      await ctx.db.insertInto('orders').values(values).execute();
      return orderViewOf(ctx.db, values.id);
    }
    // Free: no payment step; the order records the acquisition and grants it at once.
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('orders')
        .values({ ...values, provider: 'free' })
        .execute();
      const order = await findOrder(trx, values.id);
      if (!order || !(await completeOrder(trx, order, null, now))) throw new Error('The free order was not completed.');
    });
    return orderViewOf(ctx.db, values.id);
  }

  const charge = planCharge(input.plan, input.billing);
  if (!charge)
    throw new ApiError('validation', 'This plan cannot be bought at checkout.', { fields: { plan: V.invalid } });
  if (input.account !== 'personal') {
    const role = await orgRoleOf(ctx.db, input.account, user.id);
    if (!role) throw new ApiError('not_found', 'No such organization.');
    if (!roleAtLeast(role, 'admin')) throw new ApiError('forbidden', 'Only owners and admins can change the plan.');
  }
  const values = {
    ...base,
    kind: 'plan',
    order_name: orderNameOf(localeOf(user), { kind: 'plan', plan: input.plan, billing: input.billing }),
    amount: charge.amount,
    vat: charge.vat,
    resource_id: null,
    plan: input.plan,
    billing: input.billing,
    account: storedAccount(input.account, user.id),
  };
  await ctx.db.insertInto('orders').values(values).execute();
  const order = await findOrder(ctx.db, values.id);
  if (!order) throw new Error('The order was not stored.');
  return orderView(order);
}
