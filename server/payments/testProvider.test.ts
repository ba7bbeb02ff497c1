import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/testApp';
import { PaymentProviderError } from './PaymentProvider';
import { addPeriod } from './grantOrder';
import { createTestProvider, type TestPaymentProvider } from './testProvider';

let t: TestApp;
let provider: TestPaymentProvider;
beforeAll(async () => {
  t = await createTestApp();
  provider = createTestProvider(t.database.db, t.clock.now);
});
afterAll(() => t.close());

const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => 'resolved',
    (e: unknown) => (e instanceof PaymentProviderError ? `${e.code} ${e.status}` : String(e)),
  );

describe('the built-in test provider', () => {
  it('answers like Toss: bound key and amount, one confirm, then one cancel', async () => {
    const order = { id: 'ord_test_1', orderName: 'Defects (dataset)', amount: 12_000 };
    const paymentKey = await provider.approve(order);
    expect(paymentKey).toMatch(/^test_pk_[\w-]{24}$/);
    expect(await provider.approve(order)).toBe(paymentKey);
    expect(await codeOf(provider.confirm({ paymentKey: 'test_pk_other', orderId: order.id, amount: 12_000 }))).toBe(
      'NOT_FOUND_PAYMENT 404',
    );
    expect(await codeOf(provider.confirm({ paymentKey, orderId: 'ord_test_2', amount: 12_000 }))).toBe(
      'NOT_FOUND_PAYMENT 404',
    );
    expect(await codeOf(provider.confirm({ paymentKey, orderId: order.id, amount: 1 }))).toBe('INVALID_REQUEST 400');
    expect(await codeOf(provider.cancel(paymentKey, 'Too early'))).toBe('NOT_CANCELABLE_PAYMENT 403');
    const done = await provider.confirm({ paymentKey, orderId: order.id, amount: 12_000 });
    expect(done).toMatchObject({ status: 'DONE', totalAmount: 12_000, method: 'TEST', orderId: order.id });
    expect(done.raw).toMatchObject({ testMode: true, orderName: order.orderName });
    expect(await codeOf(provider.confirm({ paymentKey, orderId: order.id, amount: 12_000 }))).toBe(
      'ALREADY_PROCESSED_PAYMENT 400',
    );
    expect(await codeOf(provider.approve(order))).toBe('ALREADY_PROCESSED_PAYMENT 400');
    const canceled = await provider.cancel(paymentKey, 'Refund');
    expect(canceled.raw).toMatchObject({ status: 'CANCELED', balanceAmount: 0, cancels: [{ cancelReason: 'Refund' }] });
    expect(await codeOf(provider.cancel(paymentKey, 'Again'))).toBe('ALREADY_CANCELED_PAYMENT 400');
    expect((await provider.get(paymentKey)).status).toBe('CANCELED');
    expect(await codeOf(provider.get('test_pk_none'))).toBe('NOT_FOUND_PAYMENT 404');
  });
});

describe('billing periods', () => {
  it('adds calendar months and years, keeping the day or taking the shorter month’s last', () => {
    expect(addPeriod(new Date('2026-01-15T09:00:00Z'), 'monthly').toISOString()).toBe('2026-02-15T09:00:00.000Z');
    expect(addPeriod(new Date('2026-01-31T09:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(addPeriod(new Date('2026-12-31T00:00:00Z'), 'monthly').toISOString()).toBe('2027-01-31T00:00:00.000Z');
    expect(addPeriod(new Date('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(addPeriod(new Date('2026-03-31T00:00:00Z'), 'monthly', -1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});
