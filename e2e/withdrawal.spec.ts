import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerVerified, storeSession } from './consoleSession';
import { verifyLinkKey } from './outbox';

/*
 * Account withdrawal from My settings, in English: the account goes, its address no longer signs
 * in or shows a user, and the same address can register again as a new account.
 */
const PASSWORD = 'Secret12!x';

async function signInPair(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { token: string; refreshToken: string };
}

test('a member deletes the account from My settings; the address is free again', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const email = `leaver-${stamp}@example.com`;
  const watcherEmail = `watcher-${stamp}@example.com`;
  await registerVerified(request, email, 'Leaver', PASSWORD);
  await registerVerified(request, watcherEmail, 'Watcher', PASSWORD);

  await storeSession(page, await signInPair(request, email));
  await page.goto('/en/console/settings');
  const section = page.getByTestId('settings-withdraw');
  await expect(section.getByRole('heading', { name: 'Delete account' })).toBeVisible();
  await expect(section).toContainText('This cannot be undone.');
  await expect(section.getByTestId('withdraw-statement')).toContainText(
    'Stays with shared projects, without your name',
  );

  // A wrong password is refused on its field and nothing happens.
  await section.getByLabel('Password', { exact: true }).fill('Wrong12!xx');
  await section.getByLabel(/Type your e-mail address/).fill(email);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByText('Current password does not match.')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/console\/settings$/);

  await section.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByTestId('withdrawn-notice')).toContainText('Your account has been deleted.');
  expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toBeNull();

  // The address no longer signs in: the login answers as for a wrong password.
  await page.goto('/en/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Your password is incorrect.')).toBeVisible();

  // Another member's look-up of the address finds no one.
  await storeSession(page, await signInPair(request, watcherEmail));
  const lookup = page.waitForResponse((r) => r.url().includes('/api/auth/user/email/'));
  await page.goto(`/en/console/user/${encodeURIComponent(email)}`);
  const answer = await lookup;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual([]);

  // The same address registers again, as a new account.
  expect(
    (await request.post('/api/auth/register', { data: { name: 'Again', email, password: PASSWORD } })).status(),
  ).toBe(202);
  expect((await request.post('/api/auth/verify', { data: { key: await verifyLinkKey(email) } })).ok()).toBe(true);
  const again = await signInPair(request, email);
  const me = await request.get('/api/auth/user', { headers: { Authorization: `Bearer ${again.token}` } });
  expect(((await me.json()) as { name: string }).name).toBe('Again');
});
