import { z } from 'zod';
import { BILLINGS, PLAN_IDS } from './plans';

/*
 * Orders and payments (issue "Market and payments"). The server creates every order with its own
 * amount; the client then opens the provider's payment window, which returns to
 * `/console/admin/pay` (the spec's default callback) with `paymentKey`, `orderId` and `amount`, or
 * to the same page with `code`, `message` and `orderId` on failure. The server confirms with the
 * provider; a tampered amount is refused before the provider is asked. Providers: Toss Payments
 * (API v2, when TOSS_CLIENT_KEY / TOSS_SECRET_KEY are set) or the built-in test provider ("test
 * mode — no money moves").
 *
 * GET  payments/config → `paymentConfigSchema` (public): which provider and its client key.
 * POST orders `orderCreateSchema` → 201 `orderSchema` ('READY'; a free resource: 'DONE' at once,
 *   provider 'free'). 403 own resource, 409 `already_purchased`, 404 a resource not for sale.
 * GET  orders → `orderListSchema` (the caller's, newest first); GET orders/:orderId → `orderSchema`
 *   (its buyer or a platform admin).
 * POST payments/confirm `paymentConfirmSchema` → `orderSchema` (DONE; a second confirm of a DONE
 *   order answers it unchanged). 400 `payment_amount_mismatch` when the amount is not the
 *   order's; 402 `payment_failed` when the provider refuses (the order is FAILED, `message` says why).
 * POST orders/:orderId/failure `paymentFailureSchema` → `orderSchema` (READY → FAILED; the fail URL).
 * POST payments/test/:orderId/approve → `testApprovalSchema` (test provider only, its buyer): the
 *   built-in payment window's "pay" button.
 * POST payments/webhook (public; Toss's PAYMENT_STATUS_CHANGED) → 200: the server re-reads the
 *   payment from the provider and reconciles the order.
 * GET  admin/orders?status= → `orderListSchema` (platform admins).
 * POST admin/orders/:orderId/cancel `orderCancelSchema` → `orderSchema` (platform admins: refund
 *   through the provider; a purchase is withdrawn, a plan returns to free).
 * GET  billing?organization=<orgId|personal> → `billingSchema`: the account's plan, renewal and usage.
 */

export { BILLINGS, PLAN_IDS, type Billing, type PlanId } from './plans';

export const PAYMENT_PROVIDERS = ['toss', 'test', 'free'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const ORDER_STATUSES = ['READY', 'DONE', 'FAILED', 'CANCELED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_KINDS = ['resource', 'plan'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** Order ids: Toss accepts 6–64 of [A-Za-z0-9_-]. */
export const orderIdSchema = z.string().regex(/^[\w-]{6,64}$/);

/** 'personal' is the signed-in user's own account (projects outside every organization). */
export const billingAccountSchema = z.union([z.literal('personal'), z.string().min(1).max(64)]);

export const orderCreateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('resource'), resourceId: z.string().min(1).max(64) }).strict(),
  z
    .object({
      kind: z.literal('plan'),
      plan: z.enum(PLAN_IDS),
      billing: z.enum(BILLINGS),
      account: billingAccountSchema,
    })
    .strict(),
]);
export type OrderCreate = z.infer<typeof orderCreateSchema>;

export const orderSchema = z.object({
  orderId: z.string(),
  kind: z.enum(ORDER_KINDS),
  /** Shown in the payment window and the history ("Defect images (dataset)", "Pro plan, yearly"). */
  orderName: z.string(),
  /** Won, VAT included; always the server's. */
  amount: z.number().int(),
  /** Of which VAT (plans; resources are sold VAT included with 0 here). */
  vat: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  resourceId: z.string().nullable(),
  plan: z.enum(PLAN_IDS).nullable(),
  billing: z.enum(BILLINGS).nullable(),
  /** The organization id, 'personal', or null for a resource. */
  account: z.string().nullable(),
  /** The provider's payment method ('카드', 'CARD', 'TEST'…), once paid. */
  method: z.string().nullable(),
  /** Why it failed or was canceled, as the provider or the admin said. */
  failureCode: z.string().nullable(),
  failureMessage: z.string().nullable(),
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.object({ items: z.array(orderSchema) });

export const paymentConfirmSchema = z
  .object({
    paymentKey: z.string().min(1).max(200),
    orderId: orderIdSchema,
    amount: z.number().int().min(0),
  })
  .strict();
export type PaymentConfirm = z.infer<typeof paymentConfirmSchema>;

export const paymentFailureSchema = z.object({ code: z.string().max(100), message: z.string().max(500) }).strict();

export const orderCancelSchema = z.object({ reason: z.string().trim().min(1).max(200) }).strict();

export const testApprovalSchema = z.object({ paymentKey: z.string() });

export const paymentConfigSchema = z.object({
  /** 'toss' when Toss keys are configured, otherwise the built-in 'test' provider. */
  provider: z.enum(['toss', 'test']),
  /** Toss's client key (test_ck_… / live_ck_…), null for the test provider. */
  clientKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** What the plan limits count. */
export const PLAN_LIMIT_KINDS = ['projects', 'storage', 'trainingHours', 'edgePoints', 'webPoints'] as const;
export type PlanLimitKind = (typeof PLAN_LIMIT_KINDS)[number];

export const billingSchema = z.object({
  account: z.object({ kind: z.enum(['organization', 'personal']), id: z.string(), name: z.string() }),
  plan: z.enum(PLAN_IDS),
  billing: z.enum(BILLINGS).nullable(),
  /** When the paid period ends (then the account returns to free unless renewed); null on free. */
  renewsAt: z.string().nullable(),
  /** Usage: projects, storage bytes, training hours this month, edge and web points. */
  usage: z.record(z.enum(PLAN_LIMIT_KINDS), z.number()),
  /** The plan's limits (null: unlimited). */
  limits: z.record(z.enum(PLAN_LIMIT_KINDS), z.number().nullable()),
  /** The caller may change the plan (organization owner or admin; the user for personal). */
  canManage: z.boolean(),
});
export type BillingInfo = z.infer<typeof billingSchema>;
