import type { Order, PaymentConfirm } from '../../contract/apiPayments';
import type { AppContext } from '../context';
import { ApiError } from '../http/ApiError';
import { PaymentProviderError, providerUnavailable, type ProviderPayment } from './PaymentProvider';
import { completeOrder, failOrder, livePurchase } from './grantOrder';
import { findOrder, findOwnOrder, orderViewOf, type OrderRow } from './orderViews';

export const unavailable = (message = 'The payment service cannot be reached now. Try again shortly.') =>
  new ApiError('payment_unavailable', message);

/** The order is DONE at the provider for the order's own amount (the only payment that may grant). */
export function paidInFull(order: OrderRow, payment: ProviderPayment): boolean {
  return payment.status === 'DONE' && payment.orderId === order.id && payment.totalAmount === Number(order.amount);
}

/** Marks the order DONE and grants it in one transaction; answers the order as it now is. */
export async function settlePaid(ctx: AppContext, order: OrderRow, payment: ProviderPayment): Promise<Order> {
  await ctx.db.transaction().execute((trx) => completeOrder(trx, order, payment, ctx.now()));
  return orderViewOf(ctx.db, order.id);
}

async function refuse(ctx: AppContext, order: OrderRow, code: string, message: string): Promise<never> {
  await failOrder(ctx.db, order.id, code, message, ctx.now());
  throw new ApiError('payment_failed', message);
}

/**
 * The return from the payment window: the amount must be the order's own (checked before the
 * provider is asked, the order stays READY); a DONE order is answered unchanged; otherwise the
 * provider confirms and the order is DONE with its grant, FAILED with the provider's reason, or
 * left READY when the provider cannot be reached (a retry confirms it).
 */
export async function confirmOrder(ctx: AppContext, userId: string, input: PaymentConfirm): Promise<Order> {
  const order = await findOwnOrder(ctx.db, input.orderId, userId);
  if (input.amount !== Number(order.amount)) {
    throw new ApiError('payment_amount_mismatch', 'The amount is not the amount of the order.');
  }
  if (order.status === 'DONE') return orderViewOf(ctx.db, order.id);
  if (order.status === 'FAILED') {
    throw new ApiError('payment_failed', order.failure_message ?? 'The payment failed.');
  }
  if (order.status === 'CANCELED') throw new ApiError('conflict', 'The order was canceled.');
  if (order.provider !== ctx.payments.name) throw unavailable('The order was made with another payment service.');
  if (order.kind === 'resource') await checkStillForSale(ctx, order);

  let payment: ProviderPayment;
  try {
    payment = await ctx.payments.confirm({ paymentKey: input.paymentKey, orderId: order.id, amount: input.amount });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (providerUnavailable(error)) {
      console.warn(`Confirming order ${order.id}: ${error.code} ${error.message}`);
      throw unavailable();
    }
    if (error.code !== 'ALREADY_PROCESSED_PAYMENT') return refuse(ctx, order, error.code, error.message);
    // Confirmed at the provider before, but not here (a lost answer): take the provider's word.
    payment = await readPayment(ctx, input.paymentKey);
    if (!paidInFull(order, payment)) return refuse(ctx, order, error.code, error.message);
  }
  if (!paidInFull(order, payment)) {
    console.warn(
      `Order ${order.id}: the provider confirmed ${payment.status} ${payment.totalAmount} for ${payment.orderId}`,
    );
    return refuse(ctx, order, payment.status, 'The payment service did not approve the payment for this order.');
  }
  return settlePaid(ctx, (await findOrder(ctx.db, order.id)) ?? order, payment);
}

/** A resource order is paid only while the resource is for sale and not already the buyer's; else it is FAILED, uncharged. */
async function checkStillForSale(ctx: AppContext, order: OrderRow): Promise<void> {
  const resourceId = order.resource_id;
  const resource = resourceId
    ? await ctx.db
        .selectFrom('resources')
        .select(['approval', 'deleted_at'])
        .where('id', '=', resourceId)
        .executeTakeFirst()
    : undefined;
  if (!resourceId || !resource || resource.deleted_at !== null || resource.approval !== 'approved') {
    await failOrder(ctx.db, order.id, 'RESOURCE_UNAVAILABLE', 'The resource is no longer for sale.', ctx.now());
    throw new ApiError('not_found', 'No such resource.');
  }
  if (order.buyer_id && (await livePurchase(ctx.db, resourceId, order.buyer_id))) {
    await failOrder(ctx.db, order.id, 'ALREADY_PURCHASED', 'The resource was already bought.', ctx.now());
    throw new ApiError('already_purchased', 'You have already bought this resource.');
  }
}

/** provider.get, with an unreachable provider answered as 503. */
export async function readPayment(ctx: AppContext, paymentKey: string): Promise<ProviderPayment> {
  try {
    return await ctx.payments.get(paymentKey);
  } catch (error) {
    if (error instanceof PaymentProviderError && providerUnavailable(error)) throw unavailable();
    throw error;
  }
}
