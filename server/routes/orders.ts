import { Hono } from 'hono';
import { z } from 'zod';
import {
  ORDER_STATUSES,
  orderCancelSchema,
  orderCreateSchema,
  orderIdSchema,
  paymentConfirmSchema,
  paymentFailureSchema,
  type PaymentConfig,
} from '../../contract/apiPayments';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../http/ApiError';
import { answerJson } from '../http/answerJson';
import { requireScope, requireUser } from '../http/requireUser';
import { jsonBody, paramsOf, parseOrThrow, queryOf } from '../http/validate';
import { cancelOrder } from '../payments/cancelOrder';
import { confirmOrder } from '../payments/confirmOrder';
import { createOrder } from '../payments/createOrder';
import { failOrder } from '../payments/grantOrder';
import { findOrder, findOwnOrder, orderNotFound, orderView, orderViewOf, selectOrders } from '../payments/orderViews';
import { paymentEventSchema, reconcilePayment, webhookSchema } from '../payments/reconcilePayment';
import { isTestProvider } from '../payments/testProvider';
import { isPlatformAdmin } from '../market/resourceViews';

/** Lists answer at most this many orders, newest first. */
export const ORDER_LIST_MAX = 500;

const orderParam = paramsOf(z.object({ orderId: orderIdSchema }));
const adminListQuery = queryOf(z.object({ status: z.enum(ORDER_STATUSES).optional() }));

/**
 * Orders and payments (contract/apiPayments.ts): the buyer's orders, the payment window's return
 * (confirm or failure), the test window's approval, the provider's webhook, and the platform
 * admins' order list and refunds. The work is in server/payments/.
 */
export function createOrderRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const signedIn = requireUser(ctx);
  const admin = requireScope('admin');

  r.get('/payments/config', (c) => {
    const config: PaymentConfig = { provider: ctx.payments.name, clientKey: ctx.payments.clientKey };
    return answerJson(c, ctx.config, config);
  });

  r.post('/orders', signedIn, jsonBody(orderCreateSchema), async (c) => {
    const order = await createOrder(ctx, c.get('user'), c.req.valid('json'));
    return answerJson(c, ctx.config, order, 201);
  });

  r.get('/orders', signedIn, async (c) => {
    const rows = await selectOrders(ctx.db)
      .where('orders.buyer_id', '=', c.get('user').id)
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(ORDER_LIST_MAX)
      .execute();
    return answerJson(c, ctx.config, { items: rows.map(orderView) });
  });

  r.get('/orders/:orderId', signedIn, orderParam, async (c) => {
    const { orderId } = c.req.valid('param');
    const user = c.get('user');
    const order = await findOrder(ctx.db, orderId);
    if (!order || (order.buyer_id !== user.id && !isPlatformAdmin(user))) throw orderNotFound();
    return answerJson(c, ctx.config, orderView(order));
  });

  r.post('/orders/:orderId/failure', signedIn, orderParam, jsonBody(paymentFailureSchema), async (c) => {
    const { orderId } = c.req.valid('param');
    const { code, message } = c.req.valid('json');
    await findOwnOrder(ctx.db, orderId, c.get('user').id);
    await failOrder(
      ctx.db,
      orderId,
      code || 'PAY_PROCESS_ABORTED',
      message || 'The payment was not completed.',
      ctx.now(),
    );
    return answerJson(c, ctx.config, await orderViewOf(ctx.db, orderId));
  });

  r.post('/payments/confirm', signedIn, jsonBody(paymentConfirmSchema), async (c) => {
    const order = await confirmOrder(ctx, c.get('user').id, c.req.valid('json'));
    return answerJson(c, ctx.config, order);
  });

  r.post('/payments/test/:orderId/approve', signedIn, orderParam, async (c) => {
    const provider = ctx.payments;
    if (!isTestProvider(provider)) throw new ApiError('not_found', 'The test payment window is off.');
    const order = await findOwnOrder(ctx.db, c.req.valid('param').orderId, c.get('user').id);
    if (order.provider !== 'test') throw orderNotFound();
    if (order.status !== 'READY') throw new ApiError('conflict', 'The order is no longer waiting for payment.');
    const paymentKey = await provider.approve({
      id: order.id,
      orderName: order.order_name,
      amount: Number(order.amount),
    });
    return answerJson(c, ctx.config, { paymentKey });
  });

  // Public: the provider calls it. Only well-formed bodies are read; the rest is logged and answered 200.
  r.post('/payments/webhook', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ApiError('bad_request', 'The body must be JSON.');
    }
    if (parseOrThrow(webhookSchema, body).eventType !== 'PAYMENT_STATUS_CHANGED') {
      return answerJson(c, ctx.config, { result: 'ignored' });
    }
    const event = parseOrThrow(paymentEventSchema, body);
    const result = await reconcilePayment(ctx, event);
    if (result === 'unmatched') console.warn(`Webhook for order ${event.data.orderId}: no matching payment.`);
    return answerJson(c, ctx.config, { result });
  });

  r.get('/admin/orders', signedIn, admin, adminListQuery, async (c) => {
    const { status } = c.req.valid('query');
    let query = selectOrders(ctx.db);
    if (status) query = query.where('orders.status', '=', status);
    const rows = await query
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(ORDER_LIST_MAX)
      .execute();
    return answerJson(c, ctx.config, { items: rows.map(orderView) });
  });

  r.post('/admin/orders/:orderId/cancel', signedIn, admin, orderParam, jsonBody(orderCancelSchema), async (c) => {
    const order = await cancelOrder(ctx, c.req.valid('param').orderId, c.req.valid('json').reason);
    return answerJson(c, ctx.config, order);
  });

  return r;
}
