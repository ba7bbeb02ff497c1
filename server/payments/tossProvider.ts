import { z } from 'zod';
import { PaymentProviderError, type PaymentProvider, type ProviderPayment } from './PaymentProvider';

/** How long one call to Toss may take before the order is left as it is (a retry may succeed). */
export const TOSS_TIMEOUT_MS = 15_000;

export interface TossOptions {
  clientKey: string;
  secretKey: string;
  /** https://api.tosspayments.com, or a local stand-in in tests. */
  apiBase: string;
  timeoutMs?: number;
}

/** The part of Toss's Payment object the server reads; the whole answer is kept as `raw`. */
const paymentSchema = z.object({
  paymentKey: z.string(),
  orderId: z.string(),
  status: z.string(),
  totalAmount: z.number(),
  method: z.string().nullish(),
  approvedAt: z.string().nullish(),
});

const errorSchema = z.object({ code: z.string(), message: z.string() });

/**
 * Toss Payments, API v1 endpoints of the v2 payment window: confirm, read and cancel a payment
 * with the secret key (Basic auth, the key followed by a colon). Every answer is checked; a
 * network failure or a timeout is `NETWORK_ERROR` with status 0.
 */
export function createTossProvider(options: TossOptions): PaymentProvider {
  const base = options.apiBase.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? TOSS_TIMEOUT_MS;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string) {
    const headers: Record<string, string> = { Authorization: authorization };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PaymentProviderError('NETWORK_ERROR', `Toss Payments could not be reached: ${reason}`, 0);
    }
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Checked below: neither a payment nor an error.
    }
    if (!res.ok) {
      const parsed = errorSchema.safeParse(json);
      if (parsed.success) throw new PaymentProviderError(parsed.data.code, parsed.data.message, res.status);
      throw new PaymentProviderError('INVALID_RESPONSE', `Toss Payments answered ${res.status}.`, res.status);
    }
    const parsed = paymentSchema.safeParse(json);
    if (!parsed.success) {
      throw new PaymentProviderError('INVALID_RESPONSE', 'Toss Payments answered with no payment.', res.status);
    }
    const p = parsed.data;
    const payment: ProviderPayment = {
      paymentKey: p.paymentKey,
      orderId: p.orderId,
      status: p.status,
      totalAmount: p.totalAmount,
      method: p.method ?? null,
      approvedAt: p.approvedAt ?? null,
      raw: json,
    };
    return payment;
  }

  const keyPath = (paymentKey: string) => `/v1/payments/${encodeURIComponent(paymentKey)}`;

  return {
    name: 'toss',
    clientKey: options.clientKey,
    confirm: ({ paymentKey, orderId, amount }) =>
      call('POST', '/v1/payments/confirm', { paymentKey, orderId, amount }, `confirm:${orderId}`),
    get: (paymentKey) => call('GET', keyPath(paymentKey)),
    cancel: (paymentKey, reason, opts) =>
      call('POST', `${keyPath(paymentKey)}/cancel`, { cancelReason: reason }, opts?.idempotencyKey),
  };
}
