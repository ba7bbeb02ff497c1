import { expect, type APIRequestContext } from '@playwright/test';
import { orderSchema, testApprovalSchema, type Billing, type Order, type PlanId } from '../contract/apiPayments';

/**
 * Buys a plan for an account through the real checkout in test mode, as the console does: the
 * server makes the order (its own amount), the built-in payment window approves it, and the
 * confirm call the result page makes turns it DONE, which grants the plan. The e2e server enforces
 * plan limits (a free account has no web point, one edge point, three projects), so specs that need
 * more buy the plan first. `account` is 'personal' or an organization id.
 */
export async function buyPlan(
  request: APIRequestContext,
  headers: Record<string, string>,
  options: { plan: PlanId; billing?: Billing; account?: string } = { plan: 'standard' },
): Promise<Order> {
  const created = await request.post('/api/orders', {
    headers,
    data: {
      kind: 'plan',
      plan: options.plan,
      billing: options.billing ?? 'monthly',
      account: options.account ?? 'personal',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = orderSchema.parse(await created.json());
  const approved = await request.post(`/api/payments/test/${order.orderId}/approve`, { headers });
  expect(approved.status(), await approved.text()).toBe(200);
  const { paymentKey } = testApprovalSchema.parse(await approved.json());
  const confirmed = await request.post('/api/payments/confirm', {
    headers,
    data: { paymentKey, orderId: order.orderId, amount: order.amount },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const done = orderSchema.parse(await confirmed.json());
  expect(done.status).toBe('DONE');
  return done;
}
