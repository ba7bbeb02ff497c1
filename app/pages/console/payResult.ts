import { z } from 'zod';

/**
 * The query of the payment callback (/console/admin/pay?status=…&orderId=…&amount=…&plan=…&message=…).
 * Anything that does not fit is treated as "no payment information" rather than shown.
 */
const orderId = z.string().regex(/^[\w-]{1,64}$/);
const plan = z.string().regex(/^[\w-]{1,40}$/);
/** Won, as digits only: a non-negative integer (no sign, no decimals, no leading zeros). */
const amount = z
  .string()
  .regex(/^(0|[1-9]\d{0,14})$/)
  .transform(Number);
const message = z.string().trim().min(1).max(200);

const payResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), orderId, amount, plan: plan.optional() }),
  z.object({
    status: z.enum(['fail', 'cancel']),
    orderId: orderId.optional(),
    amount: amount.optional(),
    plan: plan.optional(),
    message: message.optional(),
  }),
]);

export type PayResult = z.infer<typeof payResultSchema>;

/** The payment result in a query string (with or without `?`), or null when there is none. */
export function parsePayResult(search: string): PayResult | null {
  const params = Object.fromEntries(new URLSearchParams(search));
  const parsed = payResultSchema.safeParse(params);
  return parsed.success ? parsed.data : null;
}
