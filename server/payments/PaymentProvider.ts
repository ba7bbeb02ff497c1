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
  confirm(input: { paymentKey: string; orderId: string; amount: number }): Promise<ProviderPayment>;
  get(paymentKey: string): Promise<ProviderPayment>;
  cancel(paymentKey: string, reason: string): Promise<ProviderPayment>;
}
