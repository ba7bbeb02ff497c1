import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCharge } from '../../contract/plans';
import { resourceRow } from '../test/fixtures/testRows';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

/* Orders end to end through the routes with the built-in test provider (no Toss keys). */

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  seller = await createTestUser(t, { name: 'Seller' });
  buyer = await createTestUser(t, { name: 'Buyer', locale: 'en' });
  other = await createTestUser(t, { name: 'Other' });
  admin = await createTestUser(t, { admin: true });
});
afterAll(() => t.close());

async function resource(fields: Partial<Parameters<typeof resourceRow>[1]> = {}): Promise<string> {
  const id = randomUUID();
  const now = t.clock.now().toISOString();
  await t.database.db
    .insertInto('resources')
    .values(resourceRow(now, { id, seller_id: seller.id, name: 'Defects', price: 12_000, ...fields }))
    .execute();
  return id;
}

const purchasesOf = (resourceId: string) =>
  t.database.db.selectFrom('purchases').selectAll().where('resource_id', '=', resourceId).execute();
const purchaseCount = async (resourceId: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('resources')
        .select('purchase_count')
        .where('id', '=', resourceId)
        .executeTakeFirst()
    )?.purchase_count,
  );

/** Order → the test window's "pay" → the return's confirm. */
async function buy(user: TestUser, body: unknown) {
  const order = await as(t, user, 'POST', 'orders', body);
  expect(order.status).toBe(201);
  const approval = await as(t, user, 'POST', `payments/test/${order.body.orderId}/approve`);
  expect(approval.status).toBe(200);
  const paymentKey = approval.body.paymentKey as string;
  const confirm = await as(t, user, 'POST', 'payments/confirm', {
    paymentKey,
    orderId: order.body.orderId,
    amount: order.body.amount,
  });
  return { order: order.body, paymentKey, confirm };
}

describe('payment config', () => {
  it('names the test provider without a client key when Toss is not configured', async () => {
    expect(await as(t, null, 'GET', 'payments/config')).toEqual({
      status: 200,
      body: { provider: 'test', clientKey: null },
    });
  });
});

describe('resource orders with the test provider', () => {
  it('takes the price from the resource, then confirms into a purchase for the seller', async () => {
    const id = await resource();
    const { order, paymentKey, confirm } = await buy(buyer, { kind: 'resource', resourceId: id });
    expect(order).toMatchObject({
      status: 'READY',
      provider: 'test',
      amount: 12_000,
      vat: 0,
      orderName: 'Defects (dataset)',
    });
    expect(order.orderId).toMatch(/^ord_[\w-]{20,}$/);
    expect(paymentKey).toMatch(/^test_pk_/);
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({ status: 'DONE', method: 'TEST', buyer: { id: buyer.id, name: 'Buyer' } });
    expect(confirm.body.approvedAt).not.toBeNull();
    const purchases = await purchasesOf(id);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ buyer_id: buyer.id, seller_id: seller.id, price: 12_000, canceled_at: null });
    expect(await purchaseCount(id)).toBe(1);

    // A second confirm of the DONE order answers it unchanged and grants nothing more.
    const again = await as(t, buyer, 'POST', 'payments/confirm', {
      paymentKey,
      orderId: order.orderId,
      amount: 12_000,
    });
    expect(again).toEqual({ status: 200, body: confirm.body });
    expect(await purchasesOf(id)).toHaveLength(1);
    expect(await purchaseCount(id)).toBe(1);

    // Buying it twice is refused at the order.
    const twice = await as(t, buyer, 'POST', 'orders', { kind: 'resource', resourceId: id });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('already_purchased');
    const list = await as(t, buyer, 'GET', 'orders');
    expect(list.body.items.map((o: { orderId: string }) => o.orderId)).toContain(order.orderId);
  });

  it('refuses a tampered amount without asking the provider; the order stays READY and pays later', async () => {
    const id = await resource({ price: 30_000 });
    const order = (await as(t, buyer, 'POST', 'orders', { kind: 'resource', resourceId: id })).body;
    const { paymentKey } = (await as(t, buyer, 'POST', `payments/test/${order.orderId}/approve`)).body;
    const tampered = await as(t, buyer, 'POST', 'payments/confirm', {
      paymentKey,
      orderId: order.orderId,
      amount: 100,
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error.code).toBe('payment_amount_mismatch');
    const payment = await t.database.db
      .selectFrom('test_payments')
      .select('status')
      .where('payment_key', '=', paymentKey)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('IN_PROGRESS');
    expect((await as(t, buyer, 'GET', `orders/${order.orderId}`)).body.status).toBe('READY');
    expect(await purchasesOf(id)).toHaveLength(0);
    const honest = await as(t, buyer, 'POST', 'payments/confirm', {
      paymentKey,
      orderId: order.orderId,
      amount: 30_000,
    });
    expect(honest.body.status).toBe('DONE');
  });

  it("refuses a payment key the provider never issued for the order, and the order is FAILED with the provider's word", async () => {
    const id = await resource();
    const order = (await as(t, buyer, 'POST', 'orders', { kind: 'resource', resourceId: id })).body;
    const res = await as(t, buyer, 'POST', 'payments/confirm', {
      paymentKey: 'test_pk_forged',
      orderId: order.orderId,
      amount: order.amount,
    });
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({ code: 'payment_failed', message: 'No such payment.' });
    const failed = (await as(t, buyer, 'GET', `orders/${order.orderId}`)).body;
    expect(failed).toMatchObject({ status: 'FAILED', failureCode: 'NOT_FOUND_PAYMENT' });
    expect(await purchasesOf(id)).toHaveLength(0);
  });

  it('records the fail URL: READY → FAILED with the code and message, once', async () => {
    const id = await resource();
    const order = (await as(t, buyer, 'POST', 'orders', { kind: 'resource', resourceId: id })).body;
    const failure = { code: 'PAY_PROCESS_CANCELED', message: 'The buyer closed the window.' };
    const res = await as(t, buyer, 'POST', `orders/${order.orderId}/failure`, failure);
    expect(res.body).toMatchObject({ status: 'FAILED', failureCode: failure.code, failureMessage: failure.message });
    const later = await as(t, buyer, 'POST', `orders/${order.orderId}/failure`, { code: 'OTHER', message: 'x' });
    expect(later.body).toMatchObject({ status: 'FAILED', failureCode: failure.code });
    expect((await as(t, buyer, 'POST', `payments/test/${order.orderId}/approve`)).status).toBe(409);
    expect((await as(t, other, 'POST', `orders/${order.orderId}/failure`, failure)).status).toBe(404);
  });

  it('sells nobody their own resource, nor one that is not for sale', async () => {
    const own = await resource();
    const mine = await as(t, seller, 'POST', 'orders', { kind: 'resource', resourceId: own });
    expect(mine.status).toBe(403);
    expect(mine.body.error.code).toBe('own_resource');
    for (const fields of [
      { approval: 'pending' },
      { visibility: 'private' },
      { deleted_at: t.clock.now().toISOString() },
    ]) {
      const id = await resource(fields);
      expect((await as(t, buyer, 'POST', 'orders', { kind: 'resource', resourceId: id })).status).toBe(404);
    }
    expect((await as(t, buyer, 'POST', 'orders', { kind: 'resource', resourceId: 'none' })).status).toBe(404);
    expect((await as(t, null, 'POST', 'orders', { kind: 'resource', resourceId: own })).status).toBe(401);
  });

  it('charges nothing for a resource withdrawn from sale after the order, nor one bought meanwhile', async () => {
    const id = await resource();
    const order = (await as(t, buyer, 'POST', 'orders', { kind: 'resource', resourceId: id })).body;
    const { paymentKey } = (await as(t, buyer, 'POST', `payments/test/${order.orderId}/approve`)).body;
    await t.database.db
      .updateTable('resources')
      .set({ deleted_at: t.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
    const res = await as(t, buyer, 'POST', 'payments/confirm', {
      paymentKey,
      orderId: order.orderId,
      amount: order.amount,
    });
    expect(res.status).toBe(404);
    expect((await as(t, buyer, 'GET', `orders/${order.orderId}`)).body).toMatchObject({
      status: 'FAILED',
      failureCode: 'RESOURCE_UNAVAILABLE',
    });

    const id2 = await resource();
    const first = (await as(t, buyer, 'POST', 'orders', { kind: 'resource', resourceId: id2 })).body;
    const second = await buy(buyer, { kind: 'resource', resourceId: id2 });
    expect(second.confirm.body.status).toBe('DONE');
    const key = (await as(t, buyer, 'POST', `payments/test/${first.orderId}/approve`)).body.paymentKey;
    const late = await as(t, buyer, 'POST', 'payments/confirm', {
      paymentKey: key,
      orderId: first.orderId,
      amount: first.amount,
    });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('already_purchased');
    expect(await purchasesOf(id2)).toHaveLength(1);
    const payment = await t.database.db
      .selectFrom('test_payments')
      .select('status')
      .where('payment_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('IN_PROGRESS');
  });

  it('grants once when the return page confirms twice at the same time', async () => {
    const id = await resource();
    const order = (await as(t, buyer, 'POST', 'orders', { kind: 'resource', resourceId: id })).body;
    const { paymentKey } = (await as(t, buyer, 'POST', `payments/test/${order.orderId}/approve`)).body;
    const body = { paymentKey, orderId: order.orderId, amount: order.amount };
    const answers = await Promise.all([1, 2, 3].map(() => as(t, buyer, 'POST', 'payments/confirm', body)));
    expect(answers.map((a) => [a.status, a.body.status])).toEqual([
      [200, 'DONE'],
      [200, 'DONE'],
      [200, 'DONE'],
    ]);
    expect(await purchasesOf(id)).toHaveLength(1);
    expect(await purchaseCount(id)).toBe(1);
  });

  it('gives a free resource at once, without a payment step', async () => {
    const id = await resource({ price: 0 });
    const res = await as(t, buyer, 'POST', 'orders', { kind: 'resource', resourceId: id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'DONE', provider: 'free', amount: 0 });
    expect(await purchasesOf(id)).toHaveLength(1);
    expect(await purchaseCount(id)).toBe(1);
    // Withdrawn by an admin without a provider: nothing was paid.
    const canceled = await as(t, admin, 'POST', `admin/orders/${res.body.orderId}/cancel`, { reason: 'Abuse' });
    expect(canceled.body).toMatchObject({ status: 'CANCELED', provider: 'free' });
    expect((await purchasesOf(id))[0]?.canceled_at).not.toBeNull();
    expect(await purchaseCount(id)).toBe(0);
  });

  it('lets only its buyer and platform admins see an order, and only its buyer pay it', async () => {
    const id = await resource();
    const order = (await as(t, buyer, 'POST', 'orders', { kind: 'resource', resourceId: id })).body;
    expect((await as(t, other, 'GET', `orders/${order.orderId}`)).status).toBe(404);
    expect((await as(t, admin, 'GET', `orders/${order.orderId}`)).status).toBe(200);
    expect((await as(t, other, 'POST', `payments/test/${order.orderId}/approve`)).status).toBe(404);
    const confirm = { paymentKey: 'test_pk_x', orderId: order.orderId, amount: order.amount };
    expect((await as(t, other, 'POST', 'payments/confirm', confirm)).status).toBe(404);
    expect((await as(t, other, 'GET', 'orders')).body.items).toEqual([]);
  });
});

describe('admin orders', () => {
  it('lists orders by status for platform admins only', async () => {
    expect((await as(t, buyer, 'GET', 'admin/orders')).status).toBe(403);
    const done = await as(t, admin, 'GET', 'admin/orders?status=DONE');
    expect(done.status).toBe(200);
    expect(done.body.items.length).toBeGreaterThan(0);
    expect(done.body.items.every((o: { status: string }) => o.status === 'DONE')).toBe(true);
    expect((await as(t, admin, 'GET', 'admin/orders?status=PAID')).status).toBe(400);
  });

  it('cancels a paid resource order: refunded at the provider, the purchase withdrawn', async () => {
    const id = await resource({ price: 8000 });
    const { order, paymentKey } = await buy(buyer, { kind: 'resource', resourceId: id });
    expect((await as(t, buyer, 'POST', `admin/orders/${order.orderId}/cancel`, { reason: 'x' })).status).toBe(403);
    const res = await as(t, admin, 'POST', `admin/orders/${order.orderId}/cancel`, { reason: 'Duplicate purchase' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'CANCELED', failureMessage: 'Duplicate purchase' });
    expect(res.body.canceledAt).not.toBeNull();
    const payment = await t.database.db
      .selectFrom('test_payments')
      .selectAll()
      .where('payment_key', '=', paymentKey)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'CANCELED', cancel_reason: 'Duplicate purchase' });
    const [purchase] = await purchasesOf(id);
    expect(purchase?.canceled_at).not.toBeNull();
    expect(await purchaseCount(id)).toBe(0);
    // Canceling again answers the order as it is; the buyer may buy it again.
    expect((await as(t, admin, 'POST', `admin/orders/${order.orderId}/cancel`, { reason: 'Again' })).body.status).toBe(
      'CANCELED',
    );
    const again = await buy(buyer, { kind: 'resource', resourceId: id });
    expect(again.confirm.body.status).toBe('DONE');
    expect(await purchaseCount(id)).toBe(1);
  });

  it('refuses to cancel an order that was never paid', async () => {
    const id = await resource();
    const order = (await as(t, buyer, 'POST', 'orders', { kind: 'resource', resourceId: id })).body;
    const res = await as(t, admin, 'POST', `admin/orders/${order.orderId}/cancel`, { reason: 'x' });
    expect(res.status).toBe(409);
    expect((await as(t, admin, 'POST', 'admin/orders/ord_missing/cancel', { reason: 'x' })).status).toBe(404);
    expect((await as(t, admin, 'POST', `admin/orders/${order.orderId}/cancel`, { reason: ' ' })).status).toBe(400);
  });
});

describe('plan orders', () => {
  const subscription = (account: string) =>
    t.database.db.selectFrom('subscriptions').selectAll().where('account', '=', account).executeTakeFirst();

  it('charges the plan price plus VAT and subscribes the personal account until a month later', async () => {
    const user = await createTestUser(t, { locale: 'en' });
    const charge = planCharge('pro', 'monthly')!;
    const { order, confirm } = await buy(user, { kind: 'plan', plan: 'pro', billing: 'monthly', account: 'personal' });
    expect(order).toMatchObject({
      amount: charge.amount,
      vat: charge.vat,
      account: 'personal',
      orderName: 'Pro plan (monthly)',
    });
    expect(confirm.body.status).toBe('DONE');
    const sub = await subscription(`personal:${user.id}`);
    expect(sub).toMatchObject({ plan: 'pro', billing: 'monthly', order_id: order.orderId });
    const now = t.clock.now();
    const renews = new Date(sub!.renews_at);
    expect(renews.getUTCMonth()).toBe((now.getUTCMonth() + 1) % 12);
    expect(renews > now).toBe(true);

    // Paying the same plan again extends it from its current end.
    const second = await buy(user, { kind: 'plan', plan: 'pro', billing: 'monthly', account: 'personal' });
    const extended = await subscription(`personal:${user.id}`);
    expect(new Date(extended!.renews_at).getUTCMonth()).toBe((now.getUTCMonth() + 2) % 12);

    // Refunding the later order takes its month back; refunding the first returns the account to free.
    await as(t, admin, 'POST', `admin/orders/${second.order.orderId}/cancel`, { reason: 'Refund' });
    expect((await subscription(`personal:${user.id}`))?.renews_at).toBe(sub!.renews_at);
    await as(t, admin, 'POST', `admin/orders/${order.orderId}/cancel`, { reason: 'Refund' });
    expect(await subscription(`personal:${user.id}`)).toBeUndefined();
  });

  it('names the order in Korean for a Korean buyer and bills a year at ten months', async () => {
    const user = await createTestUser(t, { locale: 'ko' });
    const res = await as(t, user, 'POST', 'orders', {
      kind: 'plan',
      plan: 'standard',
      billing: 'yearly',
      account: 'personal',
    });
    expect(res.body).toMatchObject({
      orderName: 'Standard 플랜 (연간)',
      amount: planCharge('standard', 'yearly')!.amount,
    });
  });

  it('refuses plans that have no checkout, and organizations the buyer does not manage', async () => {
    for (const plan of ['free', 'enterprise']) {
      const res = await as(t, buyer, 'POST', 'orders', { kind: 'plan', plan, billing: 'monthly', account: 'personal' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation');
    }
    const orgId = randomUUID();
    const now = t.clock.now().toISOString();
    await t.database.db
      .insertInto('organizations')
      .values({ id: orgId, name: 'Lab', created_at: now, updated_at: now })
      .execute();
    await t.database.db
      .insertInto('organization_members')
      .values([
        { organization_id: orgId, user_id: seller.id, role: 'owner', joined_at: now },
        { organization_id: orgId, user_id: other.id, role: 'member', joined_at: now },
      ])
      .execute();
    const body = { kind: 'plan', plan: 'standard', billing: 'monthly', account: orgId };
    expect((await as(t, other, 'POST', 'orders', body)).status).toBe(403);
    expect((await as(t, buyer, 'POST', 'orders', body)).status).toBe(404);
    const owner = await buy(seller, body);
    expect(owner.confirm.body).toMatchObject({ status: 'DONE', account: orgId });
    expect(await subscription(orgId)).toMatchObject({ plan: 'standard', billing: 'monthly' });
  });
});

describe('webhook with the test provider', () => {
  it('completes an order paid at the provider whose confirm never arrived, once', async () => {
    const id = await resource({ price: 4000 });
    const order = (await as(t, buyer, 'POST', 'orders', { kind: 'resource', resourceId: id })).body;
    const { paymentKey } = (await as(t, buyer, 'POST', `payments/test/${order.orderId}/approve`)).body;
    // The provider confirmed, but the server never recorded it (a lost answer).
    await t.database.db
      .updateTable('test_payments')
      .set({ status: 'DONE' })
      .where('payment_key', '=', paymentKey)
      .execute();
    const event = {
      eventType: 'PAYMENT_STATUS_CHANGED',
      createdAt: '',
      data: { paymentKey, orderId: order.orderId, status: 'DONE' },
    };
    const res = await as(t, null, 'POST', 'payments/webhook', event);
    expect(res).toEqual({ status: 200, body: { result: 'done' } });
    expect((await as(t, null, 'POST', 'payments/webhook', event)).body).toEqual({ result: 'unchanged' });
    expect(await purchasesOf(id)).toHaveLength(1);
    // The buyer's own confirm, arriving late, answers the DONE order.
    const late = await as(t, buyer, 'POST', 'payments/confirm', { paymentKey, orderId: order.orderId, amount: 4000 });
    expect(late.body.status).toBe('DONE');
  });

  it('answers 200 to a well-formed event it cannot match and 400 to a malformed one', async () => {
    const unknown = { eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey: 'x', orderId: 'ord_none' } };
    expect(await as(t, null, 'POST', 'payments/webhook', unknown)).toEqual({
      status: 200,
      body: { result: 'unmatched' },
    });
    expect((await as(t, null, 'POST', 'payments/webhook', { eventType: 'PAYMENT_STATUS_CHANGED' })).status).toBe(400);
    expect((await as(t, null, 'POST', 'payments/webhook', '{not json')).status).toBe(400);
    const deposit = { eventType: 'DEPOSIT_CALLBACK', data: { secret: 'x' } };
    expect(await as(t, null, 'POST', 'payments/webhook', deposit)).toEqual({
      status: 200,
      body: { result: 'ignored' },
    });
  });
});
