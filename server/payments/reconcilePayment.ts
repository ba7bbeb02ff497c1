import { z } from 'zod';
import type { AppContext } from '../context';
import { PaymentProviderError } from './PaymentProvider';
import { readPayment, paidInFull, settlePaid } from './confirmOrder';
import { cancelOrderLocally, failOrder } from './grantOrder';
import { findOrder } from './orderViews';

/**
 * Toss's webhook body. Other event types (deposits, payouts…) have other data and are only
 * acknowledged; of a payment event only who it is about is read, the payment itself is read again
 * from the provider.
 */
export const webhookSchema = z.looseObject({ eventType: z.string().min(1).max(100), data: z.unknown() });
export const paymentEventSchema = z.object({
  eventType: z.literal('PAYMENT_STATUS_CHANGED'),
  data: z.looseObject({ paymentKey: z.string().min(1).max(200), orderId: z.string().min(1).max(64) }),
});
export type WebhookEvent = z.infer<typeof paymentEventSchema>;

/** What the webhook did, for the log and the tests. */
export type Reconciled = 'ignored' | 'unmatched' | 'unchanged' | 'done' | 'canceled' | 'failed';

const cancelReasonSchema = z.object({ cancels: z.array(z.object({ cancelReason: z.string() })).nullish() });

/**
 * A payment's status changed at the provider (PAYMENT_STATUS_CHANGED). The body is never
 * trusted: the payment is read again with the provider and the order brought in line with it —
 * DONE for the order's own amount completes it as a confirm would, CANCELED cancels it here,
 * ABORTED and EXPIRED fail a waiting order.
 */
export async function reconcilePayment(ctx: AppContext, event: WebhookEvent): Promise<Reconciled> {
  const order = await findOrder(ctx.db, event.data.orderId);
  if (!order || order.provider !== ctx.payments.name) return 'unmatched';
  let payment;
  try {
    payment = await readPayment(ctx, event.data.paymentKey);
  } catch (error) {
    if (error instanceof PaymentProviderError) return 'unmatched';
    throw error;
  }
  if (payment.orderId !== order.id) return 'unmatched';
  const now = ctx.now();

  if (payment.status === 'DONE') {
    if (order.status === 'DONE' || order.status === 'CANCELED') return 'unchanged';
    if (!paidInFull(order, payment)) {
      console.warn(`Webhook: order ${order.id} was paid ${payment.totalAmount}, not ${order.amount}; left as it is.`);
      return 'unchanged';
    }
    await settlePaid(ctx, order, payment);
    return 'done';
  }
  if (payment.status === 'CANCELED') {
    if (order.status !== 'DONE') return 'unchanged';
    const cancels = cancelReasonSchema.safeParse(payment.raw);
    const reason =
      (cancels.success && cancels.data.cancels?.at(-1)?.cancelReason) || 'Canceled at the payment service.';
    const changed = await ctx.db.transaction().execute((trx) => cancelOrderLocally(trx, order, reason, payment, now));
    return changed ? 'canceled' : 'unchanged';
  }
  if (payment.status === 'ABORTED' || payment.status === 'EXPIRED') {
    const message = payment.status === 'ABORTED' ? 'The payment was aborted.' : 'The payment expired.';
    return (await failOrder(ctx.db, order.id, payment.status, message, now)) ? 'failed' : 'unchanged';
  }
  return 'unchanged';
}
