import type { Order } from '../../contract/apiPayments';
import type { AppContext } from '../context';
import { ApiError } from '../http/ApiError';
import { PaymentProviderError, providerUnavailable, type ProviderPayment } from './PaymentProvider';
import { unavailable } from './confirmOrder';
import { cancelOrderLocally } from './grantOrder';
import { findOrder, orderNotFound, orderViewOf } from './orderViews';

/**
 * A platform admin cancels a paid order: the provider refunds it (Idempotency-Key
 * `cancel:{orderId}`, so a retried click refunds once), then the order is CANCELED and its grant
 * taken back in one transaction. Free orders and orders of the test provider when Toss has since
 * been configured moved no money: they are canceled here only. A canceled order answers as it is.
 */
export async function cancelOrder(ctx: AppContext, orderId: string, reason: string): Promise<Order> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw orderNotFound();
  if (order.status === 'CANCELED') return orderViewOf(ctx.db, order.id);
  if (order.status !== 'DONE') throw new ApiError('conflict', 'Only a paid order can be canceled.');

  let payment: ProviderPayment | null = null;
  // The test provider's book is asked only while it runs (once Toss is configured, nothing of it is left to refund).
  const testGone = order.provider === 'test' && ctx.payments.name !== 'test';
  if (order.provider !== 'free' && order.payment_key && !testGone) {
    if (order.provider !== ctx.payments.name) throw unavailable('Toss Payments is not configured on this server.');
    try {
      payment = await ctx.payments.cancel(order.payment_key, reason, { idempotencyKey: `cancel:${order.id}` });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      if (providerUnavailable(error)) {
        console.warn(`Canceling order ${order.id}: ${error.code} ${error.message}`);
        throw unavailable();
      }
      // Refunded before (at the provider's console, or a lost answer): record it here.
      if (error.code !== 'ALREADY_CANCELED_PAYMENT') throw new ApiError('payment_failed', error.message);
    }
  }
  await ctx.db.transaction().execute((trx) => cancelOrderLocally(trx, order, reason, payment, ctx.now()));
  return orderViewOf(ctx.db, order.id);
}
