import { expect, test } from '@playwright/test';

test('the landing page renders in Korean with the title suffix', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page).toHaveTitle(/AI 관리 플랫폼$/);
  await expect(page.getByTestId('site-header')).toBeVisible();
});
