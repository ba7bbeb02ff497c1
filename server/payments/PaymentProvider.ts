/**
 * A payment provider as the server uses it (issue "Market and payments"): Toss Payments
 * (tossProvider.ts, API v2) or the built-in test provider (testProvider.ts). The client opens the
 * provider's payment window; the server then confirms, re-reads (webhook) and cancels here. Every
 * method answers the provider's view of the payment, or throws `PaymentProviderError`.
 */
export interface ProviderPayment {
  paymentKey: string;
  orderId: string;
  /** Toss's statuses: READY, IN_PROGRESS, WAITING_FOR_DEPOSIT, DONE, CANCELED, PARTIAL_CANCELED, ABORTED, EXPIRED. */
  status: string;
  totalAmount: number;
  method: string | null;
  approvedAt: string | null;
  /** The provider's whole answer, kept on the order. */
  raw: unknown;
}

export class PaymentProviderError extends Error {
  constructor(
    /** The provider's error code (Toss: ALREADY_PROCESSED_PAYMENT, REJECT_CARD_PAYMENT, …), or 'NETWORK_ERROR'. */
    readonly code: string,
    message: string,
    /** The HTTP status the provider answered (0 when it could not be reached). */
    readonly status: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  readonly name: 'toss' | 'test';
  /** The key the browser's payment window needs (null for the test provider). */
  readonly clientKey: string | null;
  /** Approves the payment the window authorized (Toss: with the Idempotency-Key `confirm:{orderId}`). */
  confirm(input: { paymentKey: string; orderId: string; amount: number }): Promise<ProviderPayment>;
  get(paymentKey: string): Promise<ProviderPayment>;
  /** Refunds the whole payment; a retry with the same `idempotencyKey` gets the first answer. */
  cancel(paymentKey: string, reason: string, options?: { idempotencyKey?: string }): Promise<ProviderPayment>;
}

/**
 * Whether an error means the provider could not be asked (unreachable, its own failure, or this
 * server's keys refused): the order stays as it is and a retry may succeed. Anything else is the
 * provider's answer about the payment itself (a refused card, an unknown key…).
 */
export function providerUnavailable(error: PaymentProviderError): boolean {
  return (
    error.status === 0 ||
    error.status >= 500 ||
    ['UNAUTHORIZED_KEY', 'INVALID_API_KEY', 'INCORRECT_BASIC_AUTH_FORMAT', 'INVALID_RESPONSE'].includes(error.code)
  );
}
