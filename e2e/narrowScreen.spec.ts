import { expect, test } from '@playwright/test';
import { storeSession } from './consoleSession';
import { PUBLIC_ROUTES, withLocale } from './routes';
import { newAccount } from './studioProject';

// A phone (390 px): no public page is wider than the screen, so nothing scrolls sideways and the
// header's menu button stays on screen. Wide content (the pricing comparison table) scrolls
// inside its own box.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

for (const locale of ['ko', 'en'] as const) {
  test.describe(`${locale} at 390 px`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addCookies([{ name: 'i18n_redirected', value: locale, url: 'http://127.0.0.1' }]);
    });

    for (const route of PUBLIC_ROUTES) {
      const address = withLocale(route, locale);
      test(`${address} is no wider than the screen`, async ({ page }) => {
        await page.goto(address);
        await expect(page.locator('h1')).toHaveCount(1);
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        const widths = await page.evaluate(() => ({
          document: document.documentElement.scrollWidth,
          body: document.body.scrollWidth,
          viewport: window.innerWidth,
        }));
        expect(widths.viewport).toBe(390);
        expect(widths.document, `the page is ${widths.document} px wide`).toBe(widths.viewport);
        expect(widths.body).toBeLessThanOrEqual(widths.viewport);
        const menu = page.getByTestId('site-header').getByTestId('drawer-toggle');
        if ((await menu.count()) > 0) {
          await expect(menu).toBeInViewport({ ratio: 1 });
        }
      });
    }
  });
}

test.describe('pricing comparison at 390 px', () => {
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'ko', url: 'http://127.0.0.1' }]);
  });

  test('the table scrolls inside its own box, and the page does not move', async ({ page }) => {
    await page.goto('/pricing');
    const table = page.getByTestId('plan-compare');
    await table.scrollIntoViewIfNeeded();
    const box = page.getByRole('region', { name: '요금제 비교표 (가로로 스크롤할 수 있습니다)' });
    const sizes = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    await box.evaluate((el) => el.scrollBy({ left: 200 }));
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    await expect(page.getByTestId('site-header').getByTestId('drawer-toggle')).toBeInViewport({ ratio: 1 });
  });
});

test('signed in, pages and the menu drawer with a long name still fit a 390 px screen', async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.addCookies([{ name: 'i18n_redirected', value: 'ko', url: 'http://127.0.0.1' }]);
  const name = '아주긴이름을가진데이터라벨링담당자';
  const account = await newAccount(page.request, name);
  await storeSession(page, await account.login());
  for (const address of ['/', '/pricing', '/en/pricing', '/support']) {
    await page.goto(address);
    await expect(page.locator('h1')).toHaveCount(1);
    await page.getByTestId('site-header').getByTestId('drawer-toggle').click();
    const drawer = page.getByTestId('drawer');
    await expect(drawer.getByTestId('drawer-account')).toContainText(name);
    expect(await drawer.evaluate((el) => el.scrollWidth - el.clientWidth), address).toBeLessThanOrEqual(0);
    await expect(drawer.getByTestId('drawer-logout')).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), address).toBe(390);
    await expect(page.getByTestId('site-header').getByTestId('drawer-toggle')).toBeInViewport({ ratio: 1 });
  }
});
