import { expect, test } from '@playwright/test';

test.describe('locale', () => {
  test('an English browser on a first visit goes to /en', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/pricing');
    await expect(page).toHaveURL(/\/en\/pricing$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');
    await context.close();
  });

  test('a Korean browser stays on Korean pages and gets the cookie', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ko-KR' });
    const page = await context.newPage();
    await page.goto('/pricing');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/pricing$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('ko');
    await context.close();
  });

  test('the switch sets the cookie for a year and survives a reload', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ko-KR', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/support/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await page.getByTestId('site-header').getByTestId('locale-switch').click();
    await expect(page).toHaveURL(/\/en\/support\/faq$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(/AI management platform$/);
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');
    const days = (cookie!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('site-header').getByRole('link', { name: 'Sign in' })).toBeVisible();
    // With the cookie set to English, an English browser is not redirected away from Korean
    // pages it asks for, and a Korean choice is respected the same way.
    await page.getByTestId('site-header').getByTestId('locale-switch').click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/support\/faq$/);
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('ko');
    await context.close();
  });

  test('a chosen Korean locale keeps an English browser on Korean pages', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addCookies([{ name: 'i18n_redirected', value: 'ko', url: 'http://127.0.0.1' }]);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByTestId('site-header').getByRole('link', { name: '로그인' })).toBeVisible();
    await page.goto('/support');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/support$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('ko');
    await context.close();
  });

  test('a chosen English locale sends addresses without the prefix to English, even from a Korean browser', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'ko-KR', viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: 'http://127.0.0.1' }]);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/en$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('site-header').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveTitle(/AI management platform$/);
    const entries = await page.evaluate(() => history.length);
    await page.goto('/support?keyword=label#top');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/en\/support\?keyword=label#top$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('site-header').getByRole('link', { name: 'Sign in' })).toBeVisible();
    // The redirect replaces the address (one entry per visit): Back does not bounce to /en again.
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    // The choice stays the user's: English addresses are not rewritten, and the cookie is kept.
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('en');
    await context.close();
  });

  test('the redirect also happens when the service worker serves the page', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ko-KR' });
    await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: 'http://127.0.0.1' }]);
    const page = await context.newPage();
    await page.goto('/en/pricing');
    await expect(page.locator('h1')).toHaveCount(1);
    // Once the worker is active (its precache complete), the next load is controlled by it and
    // later navigations are answered from its cache, never reaching the server.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    let shellFromServer = 0;
    page.on('response', (response) => {
      if (response.request().isNavigationRequest() && !response.fromServiceWorker()) shellFromServer += 1;
    });
    await page.goto('/pricing');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/en\/pricing$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('h1')).toHaveCount(1);
    expect(shellFromServer).toBe(0);
    await context.close();
  });
});
