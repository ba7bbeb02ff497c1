import { randomUUID } from 'node:crypto';
import { sql, type Updateable } from 'kysely';
import type { Billing } from '../../contract/apiPayments';
import type { Db } from '../db/Db';
import type { OrdersTable } from '../db/marketSchema';
import type { ProviderPayment } from './PaymentProvider';
import type { OrderRow } from './orderViews';

/*
 * What a paid order gives, and what canceling it takes back. Each function runs inside the
 * caller's transaction, so the order's status and its grant change together or not at all.
 */

/** A date one billing period after `from` (calendar months; the 31st becomes the month's last day). */
export function addPeriod(from: Date, billing: Billing, times = 1): Date {
  const months = (billing === 'yearly' ? 12 : 1) * times;
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The buyer's live purchase of the resource, if any. */
export async function livePurchase(db: Db, resourceId: string, buyerId: string) {
  return db
    .selectFrom('purchases')
    .select(['id', 'order_id'])
    .where('resource_id', '=', resourceId)
    .where('buyer_id', '=', buyerId)
    .where('canceled_at', 'is', null)
    .executeTakeFirst();
}

/**
 * A purchases row for the order's buyer, at the order's price, with the resource's seller at the
 * time of sale; the resource counts one more purchase. Nothing when the buyer already holds a live
 * purchase of it (a second order paid elsewhere must not sell it twice; the caller logs that).
 */
export async function grantPurchase(trx: Db, order: OrderRow, now: Date): Promise<boolean> {
  if (!order.resource_id || !order.buyer_id) return false;
  if (await livePurchase(trx, order.resource_id, order.buyer_id)) return false;
  const resource = await trx
    .selectFrom('resources')
    .select('seller_id')
    .where('id', '=', order.resource_id)
    .executeTakeFirst();
  if (!resource) return false;
  await trx
    .insertInto('purchases')
    .values({
      id: randomUUID(),
      resource_id: order.resource_id,
      buyer_id: order.buyer_id,
      seller_id: resource.seller_id,
      order_id: order.id,
      price: Number(order.amount),
      created_at: now.toISOString(),
      canceled_at: null,
    })
    .execute();
  await trx
    .updateTable('resources')
    .set({ purchase_count: sql<number>`purchase_count + 1` })
    .where('id', '=', order.resource_id)
    .execute();
  return true;
}

/**
 * The account's plan becomes the order's. Paying again for the plan it already has extends it
 * from its current end (or from now, if that has passed); a different plan starts now.
 */
export async function grantPlan(trx: Db, order: OrderRow, now: Date): Promise<void> {
  if (!order.account || !order.plan || !order.billing) return;
  const billing: Billing = order.billing === 'yearly' ? 'yearly' : 'monthly';
  const current = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('account', '=', order.account)
    .executeTakeFirst();
  const currentEnd = current && current.plan === order.plan ? new Date(current.renews_at) : null;
  const from = currentEnd && currentEnd > now ? currentEnd : now;
  const renewsAt = addPeriod(from, billing).toISOString();
  const values = {
    plan: order.plan,
    billing,
    renews_at: renewsAt,
    order_id: order.id,
    updated_at: now.toISOString(),
  };
  await trx
    .insertInto('subscriptions')
    .values({ account: order.account, ...values })
    .onConflict((oc) => oc.column('account').doUpdateSet(values))
    .execute();
}

/**
 * Moves an order on from one of the `from` statuses, in one conditional update: false when another
 * request moved it first, so whatever follows (a grant, a refund) happens once.
 */
async function moveOrder(
  db: Db,
  orderId: string,
  from: readonly string[],
  set: Updateable<OrdersTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set(set)
    .where('id', '=', orderId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * READY (or FAILED: the provider says it was paid after all) → DONE with the provider's payment,
 * then the grant. False when another request completed it first (nothing granted twice).
 */
export async function completeOrder(
  trx: Db,
  order: OrderRow,
  payment: ProviderPayment | null,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const moved = await moveOrder(trx, order.id, ['READY', 'FAILED'], {
    status: 'DONE',
    payment_key: payment?.paymentKey ?? order.payment_key,
    method: payment?.method ?? order.method,
    approved_at: payment?.approvedAt ?? at,
    provider_payment: payment ? JSON.stringify(payment.raw) : order.provider_payment,
    failure_code: null,
    failure_message: null,
    updated_at: at,
  });
  if (!moved) return false;
  if (order.kind === 'plan') await grantPlan(trx, order, now);
  else if (!(await grantPurchase(trx, order, now))) {
    console.warn(`Order ${order.id} was paid, but its buyer already holds the resource: refund it from admin orders.`);
  }
  return true;
}

/** READY → FAILED with the reason; false when the order was no longer READY. */
export async function failOrder(db: Db, orderId: string, code: string, message: string, now: Date): Promise<boolean> {
  return moveOrder(db, orderId, ['READY'], {
    status: 'FAILED',
    failure_code: code.slice(0, 100),
    failure_message: message.slice(0, 500),
    updated_at: now.toISOString(),
  });
}

/**
 * DONE → CANCELED: the purchase it made is withdrawn (and no longer counted), or the plan period
 * it paid for is taken back (the account returns to free when nothing of the plan is left).
 */
export async function cancelOrderLocally(
  trx: Db,
  order: OrderRow,
  reason: string,
  payment: ProviderPayment | null,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const moved = await moveOrder(trx, order.id, ['DONE'], {
    status: 'CANCELED',
    canceled_at: at,
    failure_code: 'CANCELED',
    failure_message: reason.slice(0, 500),
    provider_payment: payment ? JSON.stringify(payment.raw) : order.provider_payment,
    updated_at: at,
  });
  if (!moved) return false;
  if (order.kind === 'resource') {
    const withdrawn = await trx
      .updateTable('purchases')
      .set({ canceled_at: at })
      .where('order_id', '=', order.id)
      .where('canceled_at', 'is', null)
      .executeTakeFirst();
    if (Number(withdrawn.numUpdatedRows) > 0 && order.resource_id) {
      await trx
        .updateTable('resources')
        .set({ purchase_count: sql<number>`case when purchase_count > 0 then purchase_count - 1 else 0 end` })
        .where('id', '=', order.resource_id)
        .execute();
    }
    return true;
  }
  if (!order.account) return true;
  const sub = await trx.selectFrom('subscriptions').selectAll().where('account', '=', order.account).executeTakeFirst();
  if (!sub || sub.plan !== order.plan) return true;
  const billing: Billing = order.billing === 'yearly' ? 'yearly' : 'monthly';
  const end = addPeriod(new Date(sub.renews_at), billing, -1);
  if (end <= now) {
    await trx.deleteFrom('subscriptions').where('account', '=', order.account).execute();
  } else {
    await trx
      .updateTable('subscriptions')
      .set({ renews_at: end.toISOString(), updated_at: at })
      .where('account', '=', order.account)
      .execute();
  }
  return true;
}
