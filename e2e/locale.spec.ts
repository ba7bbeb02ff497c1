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
    await context.close();
  });
});
