import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PUBLIC_ROUTES, withLocale } from './routes';

for (const locale of ['ko', 'en'] as const) {
  test.describe(`accessibility (${locale})`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addCookies([{ name: 'i18n_redirected', value: locale, url: 'http://127.0.0.1' }]);
    });
    for (const route of PUBLIC_ROUTES) {
      test(`${withLocale(route, locale)} has no serious or critical violations`, async ({ page }) => {
        await page.goto(withLocale(route, locale));
        await expect(page.locator('h1')).toHaveCount(1);
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        const bad = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n    ')}`);
        expect(bad, bad.join('\n')).toEqual([]);
      });
    }
  });
}
