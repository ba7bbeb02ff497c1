import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ServerConfig } from '../env';
import type { PaymentProvider } from './PaymentProvider';
import { createTestProvider } from './testProvider';
import { createTossProvider } from './tossProvider';

type TossKeys = Pick<ServerConfig, 'TOSS_CLIENT_KEY' | 'TOSS_SECRET_KEY'>;

/** Toss runs only with both keys; with one of them missing the test provider does. */
export function tossConfigured(config: TossKeys): boolean {
  return Boolean(config.TOSS_CLIENT_KEY && config.TOSS_SECRET_KEY);
}

/**
 * What the page's Content-Security-Policy must admit for Toss's payment window: its SDK script
 * (js.tosspayments.com) and the window's frames and calls (*.tosspayments.com). Empty when Toss
 * is not configured, so the test provider's installation admits nothing outside.
 */
export function paymentOrigins(config: TossKeys): readonly string[] {
  return tossConfigured(config) ? ['https://js.tosspayments.com', 'https://*.tosspayments.com'] : [];
}

/** The provider the app runs with: Toss when both keys are set, else the built-in test provider. */
export function createPaymentProvider(
  config: Pick<ServerConfig, 'TOSS_CLIENT_KEY' | 'TOSS_SECRET_KEY' | 'TOSS_API_BASE'>,
  deps: { db: Kysely<Database>; now: () => Date },
): PaymentProvider {
  if (config.TOSS_CLIENT_KEY && config.TOSS_SECRET_KEY) {
    return createTossProvider({
      clientKey: config.TOSS_CLIENT_KEY,
      secretKey: config.TOSS_SECRET_KEY,
      apiBase: config.TOSS_API_BASE,
    });
  }
  return createTestProvider(deps.db, deps.now);
}
