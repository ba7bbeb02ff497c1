import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PUBLIC_ROUTES, SUFFIX, withLocale } from './routes';

// One visit per route and locale: the page renders itself (not the 404), in the right language,
// with its own title, without script errors, and an axe scan finds nothing serious or critical.
for (const locale of ['ko', 'en'] as const) {
  test.describe(`${locale} pages`, () => {
    test.use({ locale: locale === 'ko' ? 'ko-KR' : 'en-US' });
    test.beforeEach(async ({ context }) => {
      // A chosen locale: no first-visit redirect.
      await context.addCookies([{ name: 'i18n_redirected', value: locale, url: 'http://127.0.0.1' }]);
    });

    for (const route of PUBLIC_ROUTES) {
      test(`${withLocale(route, locale)} renders its own page and passes axe`, async ({ page }) => {
        // Long documents (terms, guide) take axe several seconds on a loaded 2-core machine.
        test.setTimeout(90_000);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const response = await page.goto(withLocale(route, locale));
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        const h1 = page.locator('h1');
        await expect(h1).toHaveCount(1);
        await expect(h1).not.toBeEmpty();
        await expect(page.getByTestId('error-page')).toHaveCount(0);
        await expect(page).toHaveTitle(new RegExp(`\\| ${SUFFIX[locale]}$`));
        expect(await page.title()).not.toMatch(/^Not Found/);

        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        const bad = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join('\n    ')}`,
          );
        expect(bad, bad.join('\n')).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  });
}

test('page titles differ between pages (each page has its own title)', async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.addCookies([{ name: 'i18n_redirected', value: 'ko', url: 'http://127.0.0.1' }]);
  const titles = new Map<string, string>();
  for (const route of [
    '/',
    '/info',
    '/info/label',
    '/solution/vision',
    '/pricing',
    '/support/faq',
    '/support/policy',
    '/support/privacy',
    '/docs',
    '/resources/model',
  ]) {
    await page.goto(route);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page).toHaveTitle(/AI 관리 플랫폼$/);
    titles.set(route, await page.title());
  }
  expect(new Set(titles.values()).size).toBe(titles.size);
});
