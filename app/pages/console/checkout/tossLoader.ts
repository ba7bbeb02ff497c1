/**
 * Toss Payments' browser SDK (v2, standard payment window). It is fetched only when a buyer
 * presses Pay with Toss configured, never with the console's bundle: the CSP admits its origin
 * only then, and a page that never pays never talks to Toss.
 */
export const TOSS_SDK_URL = 'https://js.tosspayments.com/v2/standard';

export interface TossPaymentRequest {
  method: 'CARD';
  amount: { currency: 'KRW'; value: number };
  orderId: string;
  orderName: string;
  successUrl: string;
  failUrl: string;
  customerEmail?: string;
  customerName?: string;
}

export interface TossPaymentsSdk {
  payment(options: { customerKey: string }): { requestPayment(request: TossPaymentRequest): Promise<unknown> };
}

export type TossPaymentsFactory = (clientKey: string) => TossPaymentsSdk;

declare global {
  interface Window {
    TossPayments?: TossPaymentsFactory;
  }
}

let loading: Promise<TossPaymentsFactory> | null = null;

/** The SDK's `TossPayments` factory, adding its script once; a failed load may be tried again. */
export function loadTossPayments(): Promise<TossPaymentsFactory> {
  if (window.TossPayments) return Promise.resolve(window.TossPayments);
  loading ??= new Promise<TossPaymentsFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TOSS_SDK_URL;
    script.async = true;
    script.onload = () => {
      if (window.TossPayments) resolve(window.TossPayments);
      else reject(new Error('TossPayments missing after load'));
    };
    script.onerror = () => reject(new Error('TossPayments script failed to load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Toss's customerKey rule: 2–50 of letters, digits and - _ = . @ — and nothing guessable like an e-mail. */
const CUSTOMER_KEY = /^[A-Za-z0-9\-_=.@]{2,50}$/;

/** The buyer's customerKey: the user id when Toss accepts it as is, otherwise a stable hash of it. */
export async function customerKeyOf(userId: string): Promise<string> {
  if (CUSTOMER_KEY.test(userId) && !userId.includes('@')) return userId;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(userId));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  return `u_${hex.slice(0, 48)}`;
}
