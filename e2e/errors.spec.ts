import { expect, test } from '@playwright/test';

test.describe('unknown routes', () => {
  test('Korean 404 page', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'ko', url: 'http://127.0.0.1' }]);
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId('error-page')).toHaveAttribute('data-status', '404');
    await expect(page.getByText('페이지를 찾을 수 없습니다', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/^Not Found \| AI 관리 플랫폼$/);
    await page.getByRole('link', { name: '홈으로' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('English 404 page', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: 'http://127.0.0.1' }]);
    const res = await page.goto('/en/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('This page could not be found', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/^Not Found \| AI management platform$/);
    await page.getByRole('link', { name: 'Go home' }).click();
    await expect(page).toHaveURL(/\/en$/);
  });

  test('an unknown info title is a 404 inside the app', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'ko', url: 'http://127.0.0.1' }]);
    await page.goto('/info/unknown-title');
    await expect(page.getByText('페이지를 찾을 수 없습니다', { exact: true })).toBeVisible();
  });
});

test('a page chunk that fails to load reloads the page once, then shows the error page', async ({ page, context }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'ko', url: 'http://127.0.0.1' }]);
  await page.goto('/');
  await expect(page.locator('h1')).toHaveCount(1);
  // Break every later page chunk, as after a deploy that removed the old hashed files.
  await page.route(/\/assets\/PricingPage-.*\.js$/, (route) => route.abort());
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.evaluate(() => {
    window.history.pushState(null, '', '/pricing');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  // First failure: one reload (guard timestamp stored); the reload fails again: error page.
  await expect(page.getByTestId('error-page')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('error-page')).toHaveAttribute('data-status', '500');
  expect(loads).toBe(1);
  const stamp = await page.evaluate(() => localStorage.getItem('chunk-reload-at'));
  expect(Number(stamp)).toBeGreaterThan(Date.now() - 60_000);
});
