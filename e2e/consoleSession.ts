import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { verifyLinkKey } from './outbox';

/** Registers `email` and verifies it from the outbox link, through the API. */
export async function registerVerified(
  request: APIRequestContext,
  email: string,
  name: string,
  password: string,
): Promise<void> {
  expect((await request.post('/api/auth/register', { data: { name, email, password, locale: 'ko' } })).status()).toBe(
    202,
  );
  expect((await request.post('/api/auth/verify', { data: { key: await verifyLinkKey(email) } })).ok()).toBe(true);
}

/**
 * Puts a signed-in token pair into the page's storage, as the app keeps it. It is written on an
 * API address, where no app code runs: on an app page, a session already stored there (another
 * account's, its 8 s access token expired) would start a refresh that lands after these writes and
 * puts the other account back.
 */
export async function storeSession(page: Page, pair: { token: string; refreshToken: string }): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((p) => {
    localStorage.setItem('auth._token.local', `Bearer ${p.token}`);
    localStorage.setItem('auth._refresh_token.local', p.refreshToken);
    localStorage.setItem('auth.strategy', 'local');
  }, pair);
}
