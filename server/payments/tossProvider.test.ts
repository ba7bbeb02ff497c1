import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError, providerUnavailable, type PaymentProvider } from './PaymentProvider';
import { createTossProvider } from './tossProvider';
import { startTossStandIn, type TossStandIn } from './tossStandIn';

let toss: TossStandIn;
let provider: PaymentProvider;
beforeAll(async () => {
  toss = await startTossStandIn();
  provider = createTossProvider({ clientKey: toss.clientKey, secretKey: toss.secretKey, apiBase: toss.baseUrl });
});
afterAll(() => toss.close());

/** The provider's refusal, or a failure of the test when it did not refuse. */
async function refusal(call: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PaymentProviderError))
    throw new Error(`expected a PaymentProviderError, got ${String(error)}`);
  return error;
}

describe('Toss adapter against the stand-in', () => {
  it('confirms with Basic auth of the secret key and the Idempotency-Key confirm:{orderId}', async () => {
    const paymentKey = toss.authorize({ orderId: 'ord_basic_1', amount: 15_000 });
    const payment = await provider.confirm({ paymentKey, orderId: 'ord_basic_1', amount: 15_000 });
    expect(payment).toMatchObject({ paymentKey, orderId: 'ord_basic_1', status: 'DONE', totalAmount: 15_000 });
    expect(payment.method).toBe('카드');
    expect(payment.approvedAt).not.toBeNull();
    expect(payment.raw).toMatchObject({ orderName: 'Order', balanceAmount: 15_000 });
    const sent = toss.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payments/confirm', idempotencyKey: 'confirm:ord_basic_1' });
    expect(Buffer.from(sent.authorization!.replace(/^Basic /, ''), 'base64').toString()).toBe(`${toss.secretKey}:`);
    expect(sent.body).toEqual({ paymentKey, orderId: 'ord_basic_1', amount: 15_000 });
  });

  it('is refused with UNAUTHORIZED_KEY (401) under a key the provider does not know', async () => {
    const wrong = createTossProvider({ clientKey: 'test_ck_x', secretKey: 'test_sk_wrong', apiBase: toss.baseUrl });
    const paymentKey = toss.authorize({ orderId: 'ord_wrongkey', amount: 1000 });
    const error = await refusal(wrong.confirm({ paymentKey, orderId: 'ord_wrongkey', amount: 1000 }));
    expect(error).toMatchObject({ code: 'UNAUTHORIZED_KEY', status: 401 });
    expect(providerUnavailable(error)).toBe(true);
    expect(toss.payment(paymentKey)?.status).toBe('IN_PROGRESS');
  });

  it('refuses an amount that is not the one the window was paid for, and the payment waits', async () => {
    const paymentKey = toss.authorize({ orderId: 'ord_amount_1', amount: 20_000 });
    const error = await refusal(provider.confirm({ paymentKey, orderId: 'ord_amount_1', amount: 100 }));
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', status: 400 });
    expect(providerUnavailable(error)).toBe(false);
    expect(toss.payment(paymentKey)?.status).toBe('IN_PROGRESS');
  });

  it('answers ALREADY_PROCESSED_PAYMENT to a second confirm under another Idempotency-Key', async () => {
    const paymentKey = toss.authorize({ orderId: 'ord_twice_1', amount: 5000 });
    await provider.confirm({ paymentKey, orderId: 'ord_twice_1', amount: 5000 });
    // The adapter always sends confirm:{orderId}; another client's key shows the provider's own rule.
    const res = await fetch(`${toss.baseUrl}/v1/payments/confirm`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${toss.secretKey}:`).toString('base64')}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': 'another',
      },
      body: JSON.stringify({ paymentKey, orderId: 'ord_twice_1', amount: 5000 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'ALREADY_PROCESSED_PAYMENT' });
  });

  it('replays the first answer to a retried confirm with the same Idempotency-Key', async () => {
    const paymentKey = toss.authorize({ orderId: 'ord_replay_1', amount: 7000 });
    const first = await provider.confirm({ paymentKey, orderId: 'ord_replay_1', amount: 7000 });
    const again = await provider.confirm({ paymentKey, orderId: 'ord_replay_1', amount: 7000 });
    expect(again.raw).toEqual(first.raw);
    expect(again.status).toBe('DONE');
  });

  it('reads a payment and cancels it once, with its reason and Idempotency-Key', async () => {
    const paymentKey = toss.authorize({ orderId: 'ord_cancel_1', amount: 9000 });
    await provider.confirm({ paymentKey, orderId: 'ord_cancel_1', amount: 9000 });
    expect((await provider.get(paymentKey)).status).toBe('DONE');
    const canceled = await provider.cancel(paymentKey, 'Refund requested', { idempotencyKey: 'cancel:ord_cancel_1' });
    expect(canceled.status).toBe('CANCELED');
    expect(canceled.raw).toMatchObject({ balanceAmount: 0, cancels: [{ cancelReason: 'Refund requested' }] });
    expect(toss.requests.at(-1)).toMatchObject({ path: `/v1/payments/${paymentKey}/cancel` });
    expect(toss.requests.at(-1)?.idempotencyKey).toBe('cancel:ord_cancel_1');
    const second = await refusal(provider.cancel(paymentKey, 'Again'));
    expect(second.code).toBe('ALREADY_CANCELED_PAYMENT');
    expect((await refusal(provider.get('no_such_key'))).code).toBe('NOT_FOUND_PAYMENT');
  });

  it("passes a card company's refusal on with its status", async () => {
    const paymentKey = toss.authorize({ orderId: 'ord_reject_1', amount: 3000 });
    toss.failNext('/v1/payments/confirm', { status: 403, code: 'REJECT_CARD_PAYMENT', message: '한도초과' });
    const error = await refusal(provider.confirm({ paymentKey, orderId: 'ord_reject_1', amount: 3000 }));
    expect(error).toMatchObject({ code: 'REJECT_CARD_PAYMENT', status: 403, message: '한도초과' });
    expect(providerUnavailable(error)).toBe(false);
  });

  it('reports an unreachable provider as NETWORK_ERROR with status 0', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const gone = createTossProvider({ clientKey: 'c', secretKey: 's', apiBase: `http://127.0.0.1:${port}` });
    const error = await refusal(gone.get('any'));
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(providerUnavailable(error)).toBe(true);
  });

  it('gives up on a provider that does not answer in time', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const slow = createTossProvider({
      clientKey: 'c',
      secretKey: 's',
      apiBase: `http://127.0.0.1:${port}`,
      timeoutMs: 50,
    });
    try {
      expect((await refusal(slow.get('any'))).code).toBe('NETWORK_ERROR');
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('treats an answer that is not a payment as the provider failing', async () => {
    const odd = createServer((_req, res) => res.end('<html>maintenance</html>'));
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    const { port } = odd.address() as AddressInfo;
    const p = createTossProvider({ clientKey: 'c', secretKey: 's', apiBase: `http://127.0.0.1:${port}` });
    try {
      const error = await refusal(p.get('any'));
      expect(error.code).toBe('INVALID_RESPONSE');
      expect(providerUnavailable(error)).toBe(true);
    } finally {
      odd.closeAllConnections();
      await new Promise((resolve) => odd.close(resolve));
    }
  });
});
