import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';

/*
 * Google sign-in in the browser against a real OpenID Connect provider on a loopback port
 * (scripts/oidcTestProvider.ts, started here). playwright.config.ts gives the e2e server the
 * same port and client in its GOOGLE_* settings.
 */
const PORT = Number(process.env.E2E_PORT ?? 8799);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? PORT + 100);

let provider: ChildProcess | null = null;

test.beforeAll(async () => {
  // Node itself (not npx), so that the SIGTERM of afterAll reaches the provider's process.
  provider = spawn(process.execPath, ['--import', 'tsx', 'scripts/oidcTestProvider.ts'], {
    env: {
      ...process.env,
      OIDC_PORT: String(OIDC_PORT),
      OIDC_CLIENT_ID: 'maru-e2e',
      OIDC_CLIENT_SECRET: 'maru-e2e-secret',
      OIDC_REDIRECT_URI: `http://127.0.0.1:${PORT}/api/auth/oauth/google/callback`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    provider?.once('exit', (code) => reject(new Error(`the test provider exited with ${code}`)));
    provider?.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
  });
});

test.afterAll(() => {
  provider?.kill('SIGTERM');
});

test("Google button → the provider's login and consent → back in the app, signed in", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/login?redirect=%2Fconsole');
  await page.getByRole('link', { name: 'Google로 계속하기' }).click();

  await page.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${OIDC_PORT}/interaction/`), { waitUntil: 'commit' });
  await page.locator('input[name="login"]').fill('e2e-google-user');
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/console$/, { timeout: 20_000 });
  await expect(page.getByTestId('avatar-menu')).toBeVisible();
  // Whose session is it? A fresh access token (the e2e server's last 8 s) from the stored refresh token.
  const me = await page.evaluate(async () => {
    const refreshToken = localStorage.getItem('auth._refresh_token.local') ?? '';
    const pair = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    }).then((r) => r.json() as Promise<{ token: string }>);
    const res = await fetch('/api/auth/user', { headers: { authorization: `Bearer ${pair.token}` } });
    return (await res.json()) as { email?: string };
  });
  expect(me.email).toBe('e2e-google-user@example.com');
});
