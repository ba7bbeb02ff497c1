import type { Order, PaymentConfig } from '../../../../contract/apiPayments';
import { marketHref } from '../../../../contract/marketRoutes';
import { localizePath, paths, type Locale } from '../../../../contract/routes';
import { customerKeyOf, loadTossPayments } from './tossLoader';

export interface Buyer {
  id: string;
  name: string;
  email: string;
}

/** The result page of one order (locale-free): where a paid, free or abandoned order is shown. */
export function payResultHref(orderId: string): string {
  return `${paths.consolePay}?orderId=${encodeURIComponent(orderId)}`;
}

/** Toss refused to open its window, or the buyer closed it: nothing was charged. */
export class PaymentWindowError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'PaymentWindowError';
    this.code = code;
  }
}

/**
 * Hands a READY order to its provider. Answers the locale-free page to go to next (the result of
 * a free order, the built-in test window), or null once Toss's window has taken over: Toss then
 * sends the browser to the result page itself (`successUrl` / `failUrl`).
 */
export async function startPayment(order: Order, config: PaymentConfig, buyer: Buyer, locale: Locale) {
  if (order.status !== 'READY' || order.provider === 'free') return payResultHref(order.orderId);
  if (config.provider === 'test' || order.provider === 'test') return marketHref.testPayment(order.orderId);
  if (!config.clientKey) throw new PaymentWindowError('NO_CLIENT_KEY', 'payment provider has no client key');
  let factory;
  try {
    factory = await loadTossPayments();
  } catch (error) {
    throw new PaymentWindowError('SDK_LOAD_FAILED', error instanceof Error ? error.message : String(error));
  }
  const back = `${window.location.origin}${localizePath(paths.consolePay, locale)}`;
  try {
    const payment = factory(config.clientKey).payment({ customerKey: await customerKeyOf(buyer.id) });
    await payment.requestPayment({
      method: 'CARD',
      amount: { currency: 'KRW', value: order.amount },
      orderId: order.orderId,
      orderName: order.orderName,
      successUrl: back,
      failUrl: back,
      customerEmail: buyer.email,
      customerName: buyer.name,
    });
  } catch (error) {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    throw new PaymentWindowError(
      typeof code === 'string' ? code : 'UNKNOWN',
      typeof message === 'string' ? message : String(error),
    );
  }
  return null;
}
