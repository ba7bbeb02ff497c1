import { expect, test } from '@playwright/test';

// The shared dialog and paginator, driven as users do, on the components lab page
// (present in the test build, VITE_LAB=1).
test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'ko', url: 'http://127.0.0.1' }]);
});

test.describe('dialog', () => {
  test('closing (button, Escape, backdrop, cancel) answers no; confirm closes by default', async ({ page }) => {
    await page.goto('/lab/components');
    const log = page.getByTestId('dialog-log');
    const dialog = page.getByRole('dialog');

    await page.getByTestId('open-basic').click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '닫기' }).click();
    await expect(dialog).toBeHidden();
    await expect(log).toHaveText('close:false');

    await page.getByTestId('open-basic').click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByTestId('open-basic').click();
    await dialog.getByRole('button', { name: '취소' }).click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('open-basic').click();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(log).toHaveText('close:false close:false close:false close:false');

    await page.getByTestId('open-basic').click();
    await dialog.getByRole('button', { name: '확인' }).click();
    await expect(dialog).toBeHidden();
    await expect(log).toHaveText(/confirm close:true$/);
  });

  test('confirm keeps the dialog open when auto-close is off', async ({ page }) => {
    await page.goto('/lab/components');
    await page.getByTestId('open-manual').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '확인' }).click();
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('dialog-log')).toHaveText('confirm kept-open');
  });

  test('Enter confirms only when enabled', async ({ page }) => {
    await page.goto('/lab/components');
    const dialog = page.getByRole('dialog');
    await page.getByTestId('open-basic').click();
    await dialog.getByTestId('dialog-input').fill('메모');
    await dialog.getByTestId('dialog-input').press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByTestId('open-enter').click();
    await dialog.getByTestId('dialog-input').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('dialog-log')).toHaveText('close:false confirm close:true');
  });

  test('full screen at 768 px when mobile-full is set, 500 px wide otherwise', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/lab/components');
    const dialog = page.getByRole('dialog');
    await page.getByTestId('open-mobile').click();
    await expect(dialog).toBeVisible();
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(768);
    await page.keyboard.press('Escape');
    await page.getByTestId('open-basic').click();
    await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(500);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.getByTestId('open-mobile').click();
    await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(500);
  });
});

test('paginator: blocks of 10 pages, first/previous/next/last and the range counter', async ({ page }) => {
  await page.goto('/lab/components');
  const nav = page.getByRole('navigation', { name: '페이지 탐색' });
  const range = page.getByTestId('paginator-range');
  const pageButtons = nav.getByRole('button', { name: /^\d+ 페이지$/ });
  await expect(range).toHaveText('1-10 / 235');
  await expect(pageButtons).toHaveText(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  await expect(nav.getByRole('button', { name: '첫 페이지' })).toBeDisabled();
  await expect(nav.getByRole('button', { name: '이전 페이지' })).toBeDisabled();

  await nav.getByRole('button', { name: '3 페이지' }).click();
  await expect(range).toHaveText('21-30 / 235');
  await expect(nav.getByRole('button', { name: '3 페이지' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('page-items')).toHaveText('21–30');

  // Crossing into the next block of 10 pages.
  await nav.getByRole('button', { name: '10 페이지' }).click();
  await nav.getByRole('button', { name: '다음 페이지' }).click();
  await expect(range).toHaveText('101-110 / 235');
  await expect(pageButtons).toHaveText(['11', '12', '13', '14', '15', '16', '17', '18', '19', '20']);
  await nav.getByRole('button', { name: '이전 페이지' }).click();
  await expect(pageButtons.first()).toHaveText('1');

  await nav.getByRole('button', { name: '마지막 페이지' }).click();
  await expect(range).toHaveText('231-235 / 235');
  await expect(pageButtons).toHaveText(['21', '22', '23', '24']);
  await expect(nav.getByRole('button', { name: '24 페이지' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('button', { name: '다음 페이지' })).toBeDisabled();
  await expect(nav.getByRole('button', { name: '마지막 페이지' })).toBeDisabled();

  await nav.getByRole('button', { name: '첫 페이지' }).click();
  await expect(range).toHaveText('1-10 / 235');
});
