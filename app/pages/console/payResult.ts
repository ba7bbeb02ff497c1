import { z } from 'zod';
import { orderIdSchema } from '../../../contract/apiPayments';

/**
 * The query the payment window returns with to /console/admin/pay (Toss's contract; the built-in
 * test window returns the same):
 * - success: `paymentKey`, `orderId`, `amount` (and `paymentType`) → the server confirms;
 * - failure: `code`, `message`, `orderId` → the order is marked failed with that reason;
 * - `orderId` alone: an order to show (a free resource, a link from the history).
 * Anything that does not fit is "no payment information" rather than shown.
 */
const paymentKey = z.string().regex(/^[\w-]{1,200}$/);
/** Won, as digits only: a non-negative integer (no sign, no decimals, no leading zeros). */
const amount = z
  .string()
  .regex(/^(0|[1-9]\d{0,14})$/)
  .transform(Number);
const code = z.string().trim().min(1).max(100);
const message = z.string().trim().max(500);

const confirmQuery = z.object({ paymentKey, orderId: orderIdSchema, amount });
const failureQuery = z.object({ code, message: message.default(''), orderId: orderIdSchema });
const orderQuery = z.object({ orderId: orderIdSchema });

export type PayResult =
  | { kind: 'confirm'; paymentKey: string; orderId: string; amount: number }
  | { kind: 'failure'; code: string; message: string; orderId: string }
  | { kind: 'order'; orderId: string };

/** The payment window's return in a query string (with or without `?`), or null when there is none. */
export function parsePayResult(search: string): PayResult | null {
  const params = Object.fromEntries(new URLSearchParams(search));
  const confirm = confirmQuery.safeParse(params);
  if (confirm.success) return { kind: 'confirm', ...confirm.data };
  if ('paymentKey' in params) return null;
  const failure = failureQuery.safeParse(params);
  if (failure.success) return { kind: 'failure', ...failure.data };
  if ('code' in params) return null;
  const order = orderQuery.safeParse(params);
  return order.success ? { kind: 'order', orderId: order.data.orderId } : null;
}
