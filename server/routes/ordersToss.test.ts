import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTossStandIn, type TossStandIn } from '../payments/tossStandIn';
import { resourceRow } from '../test/fixtures/testRows';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

/* The routes with Toss configured, against the loopback stand-in of Toss's API; the webhook over real HTTP. */

let toss: TossStandIn;
let t: TestApp;
let server: ServerType;
let webhookUrl: string;
let seller: TestUser;
let buyer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  toss = await startTossStandIn();
  t = await createTestApp({
    TOSS_CLIENT_KEY: toss.clientKey,
    TOSS_SECRET_KEY: toss.secretKey,
    TOSS_API_BASE: toss.baseUrl,
  });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook`;
  seller = await createTestUser(t);
  buyer = await createTestUser(t);
  admin = await createTestUser(t, { admin: true });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await toss?.close();
  await t?.close();
});

async function order(price = 25_000) {
  const id = randomUUID();
  const now = t.clock.now().toISOString();
  await t.database.db
    .insertInto('resources')
    .values(resourceRow(now, { id, seller_id: seller.id, name: 'Weld seams', price, kind: 'model', format: 'tfjs' }))
    .execute();
  const res = await as(t, buyer, 'POST', 'orders', { kind: 'resource', resourceId: id });
  expect(res.status).toBe(201);
  return { resourceId: id, order: res.body as { orderId: string; amount: number; provider: string } };
}

const purchases = (resourceId: string) =>
  t.database.db.selectFrom('purchases').selectAll().where('resource_id', '=', resourceId).execute();

describe('orders with Toss Payments', () => {
  it("gives the browser Toss's client key, and the test window is off", async () => {
    expect((await as(t, null, 'GET', 'payments/config')).body).toEqual({ provider: 'toss', clientKey: toss.clientKey });
    const { order: o } = await order();
    expect(o.provider).toBe('toss');
    expect((await as(t, buyer, 'POST', `payments/test/${o.orderId}/approve`)).status).toBe(404);
  });

  it('confirms with Toss and grants the purchase; the DONE order is answered without asking Toss again', async () => {
    const { resourceId, order: o } = await order();
    const paymentKey = toss.authorize({ orderId: o.orderId, amount: o.amount });
    const confirm = await as(t, buyer, 'POST', 'payments/confirm', {
      paymentKey,
      orderId: o.orderId,
      amount: o.amount,
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({ status: 'DONE', method: '카드', provider: 'toss' });
    expect(toss.requests.at(-1)).toMatchObject({
      path: '/v1/payments/confirm',
      idempotencyKey: `confirm:${o.orderId}`,
    });
    expect(await purchases(resourceId)).toHaveLength(1);
    const calls = toss.requests.length;
    const again = await as(t, buyer, 'POST', 'payments/confirm', { paymentKey, orderId: o.orderId, amount: o.amount });
    expect(again.body).toEqual(confirm.body);
    expect(toss.requests.length).toBe(calls);
  });

  it('refuses a tampered amount before Toss is asked', async () => {
    const { order: o } = await order();
    const paymentKey = toss.authorize({ orderId: o.orderId, amount: o.amount });
    const calls = toss.requests.length;
    const res = await as(t, buyer, 'POST', 'payments/confirm', { paymentKey, orderId: o.orderId, amount: 1 });
    expect(res.body.error.code).toBe('payment_amount_mismatch');
    expect(toss.requests.length).toBe(calls);
    expect(toss.payment(paymentKey)?.status).toBe('IN_PROGRESS');
  });

  it("fails the order with the card company's refusal (402, Toss's message)", async () => {
    const { resourceId, order: o } = await order();
    const paymentKey = toss.authorize({ orderId: o.orderId, amount: o.amount });
    toss.failNext('/v1/payments/confirm', {
      status: 403,
      code: 'REJECT_CARD_PAYMENT',
      message: '한도초과 혹은 잔액부족',
    });
    const res = await as(t, buyer, 'POST', 'payments/confirm', { paymentKey, orderId: o.orderId, amount: o.amount });
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({ code: 'payment_failed', message: '한도초과 혹은 잔액부족' });
    const stored = (await as(t, buyer, 'GET', `orders/${o.orderId}`)).body;
    expect(stored).toMatchObject({ status: 'FAILED', failureCode: 'REJECT_CARD_PAYMENT' });
    expect(await purchases(resourceId)).toHaveLength(0);
  });

  it('leaves the order READY when Toss fails (503), and a retry confirms it', async () => {
    const { resourceId, order: o } = await order();
    const paymentKey = toss.authorize({ orderId: o.orderId, amount: o.amount });
    toss.failNext('/v1/payments/confirm', { status: 500, code: 'FAILED_INTERNAL_SYSTEM_PROCESSING', message: '실패' });
    const body = { paymentKey, orderId: o.orderId, amount: o.amount };
    const res = await as(t, buyer, 'POST', 'payments/confirm', body);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('payment_unavailable');
    expect((await as(t, buyer, 'GET', `orders/${o.orderId}`)).body.status).toBe('READY');
    expect((await as(t, buyer, 'POST', 'payments/confirm', body)).body.status).toBe('DONE');
    expect(await purchases(resourceId)).toHaveLength(1);
  });

  it('takes a payment Toss already confirmed (a lost answer) as paid, read back from Toss', async () => {
    const { resourceId, order: o } = await order();
    const paymentKey = toss.authorize({ orderId: o.orderId, amount: o.amount });
    toss.setStatus(paymentKey, 'DONE');
    const res = await as(t, buyer, 'POST', 'payments/confirm', { paymentKey, orderId: o.orderId, amount: o.amount });
    expect(res.body.status).toBe('DONE');
    expect(toss.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payments/${paymentKey}` });
    expect(await purchases(resourceId)).toHaveLength(1);
  });

  it('refunds through Toss when an admin cancels, once for a retried click', async () => {
    const { resourceId, order: o } = await order();
    const paymentKey = toss.authorize({ orderId: o.orderId, amount: o.amount });
    await as(t, buyer, 'POST', 'payments/confirm', { paymentKey, orderId: o.orderId, amount: o.amount });
    const res = await as(t, admin, 'POST', `admin/orders/${o.orderId}/cancel`, { reason: 'Wrong item' });
    expect(res.body).toMatchObject({ status: 'CANCELED', failureMessage: 'Wrong item' });
    expect(toss.requests.at(-1)).toMatchObject({
      path: `/v1/payments/${paymentKey}/cancel`,
      idempotencyKey: `cancel:${o.orderId}`,
      body: { cancelReason: 'Wrong item' },
    });
    expect(toss.payment(paymentKey)?.status).toBe('CANCELED');
    expect((await purchases(resourceId))[0]?.canceled_at).not.toBeNull();
  });
});

describe("Toss's webhook", () => {
  it('completes a paid order from the payment Toss reports, whatever the body claims', async () => {
    const { resourceId, order: o } = await order();
    const paymentKey = toss.authorize({ orderId: o.orderId, amount: o.amount });
    // The body says DONE, Toss says IN_PROGRESS: nothing changes.
    const forged = { eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey, orderId: o.orderId, status: 'DONE' } };
    expect((await as(t, null, 'POST', 'payments/webhook', forged)).body).toEqual({ result: 'unchanged' });
    toss.setStatus(paymentKey, 'DONE');
    expect(await toss.sendWebhook(webhookUrl, paymentKey)).toBe(200);
    expect((await as(t, buyer, 'GET', `orders/${o.orderId}`)).body.status).toBe('DONE');
    expect(await purchases(resourceId)).toHaveLength(1);
    expect(toss.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payments/${paymentKey}` });
  });

  it("cancels an order refunded at Toss's console, with Toss's reason", async () => {
    const { resourceId, order: o } = await order();
    const paymentKey = toss.authorize({ orderId: o.orderId, amount: o.amount });
    await as(t, buyer, 'POST', 'payments/confirm', { paymentKey, orderId: o.orderId, amount: o.amount });
    toss.setStatus(paymentKey, 'CANCELED');
    expect(await toss.sendWebhook(webhookUrl, paymentKey)).toBe(200);
    const stored = (await as(t, buyer, 'GET', `orders/${o.orderId}`)).body;
    expect(stored).toMatchObject({ status: 'CANCELED', failureMessage: '고객 요청' });
    expect((await purchases(resourceId))[0]?.canceled_at).not.toBeNull();
  });

  it('fails a waiting order whose payment expired', async () => {
    const { order: o } = await order();
    const paymentKey = toss.authorize({ orderId: o.orderId, amount: o.amount });
    toss.setStatus(paymentKey, 'EXPIRED');
    expect(await toss.sendWebhook(webhookUrl, paymentKey)).toBe(200);
    expect((await as(t, buyer, 'GET', `orders/${o.orderId}`)).body).toMatchObject({
      status: 'FAILED',
      failureCode: 'EXPIRED',
    });
  });

  it("does not grant a payment Toss holds for another order's amount", async () => {
    const { resourceId, order: o } = await order(40_000);
    const paymentKey = toss.authorize({ orderId: o.orderId, amount: 400 });
    toss.setStatus(paymentKey, 'DONE');
    expect(await toss.sendWebhook(webhookUrl, paymentKey)).toBe(200);
    expect((await as(t, buyer, 'GET', `orders/${o.orderId}`)).body.status).toBe('READY');
    expect(await purchases(resourceId)).toHaveLength(0);
  });
});

describe('Content-Security-Policy with Toss configured', () => {
  it("admits Toss's SDK script, its window's frames and calls, on pages and API answers", async () => {
    for (const path of ['/console/checkout', '/api/payments/config']) {
      const csp = (await t.app.request(path)).headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain(
        "script-src 'self' 'wasm-unsafe-eval' https://js.tosspayments.com https://*.tosspayments.com;",
      );
      expect(csp).toContain("connect-src 'self' https://js.tosspayments.com https://*.tosspayments.com;");
      expect(csp).toContain("frame-src 'self' https://js.tosspayments.com https://*.tosspayments.com;");
      expect((await t.app.request(path)).headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin-allow-popups');
    }
  });

  it('admits none of it without the keys', async () => {
    const plain = await createTestApp();
    try {
      for (const path of ['/console/checkout', '/api/payments/config']) {
        const csp = (await plain.app.request(path)).headers.get('Content-Security-Policy') ?? '';
        expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
        expect(csp).not.toContain('tosspayments');
        expect(csp).not.toContain('frame-src');
        expect((await plain.app.request(path)).headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
      }
    } finally {
      await plain.close();
    }
  });
});
