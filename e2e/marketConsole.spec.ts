import { expect, test, type Page } from '@playwright/test';
import { axeFindings } from './axeFindings';
import { coverPng, text } from './marketFixtures';
import { flatPng, putAnnotations, studioProject } from './studioProject';

/*
 * My resources in the browser, in Korean and English: the post form refuses a cover that is not an
 * image before sending, posts a dataset with a cover, and the resource page, the tabs and the
 * review queue (refused to a non-admin) pass axe with real content. On a 390 px phone the form
 * keeps the screen's width and can be filled and sent from the keyboard alone.
 */

const wait = expect.configure({ timeout: 30_000 });

async function clean(page: Page, name: string): Promise<void> {
  await expect(page.getByTestId('error-page')).toHaveCount(0);
  const findings = await axeFindings(page);
  expect.soft(findings, `${name}:\n${findings.join('\n')}`).toEqual([]);
}

for (const locale of ['ko', 'en'] as const) {
  const prefix = locale === 'en' ? '/en' : '';
  test(`my resources: post form, resource page, tabs and review queue (${locale})`, async ({ page, context }) => {
    test.setTimeout(240_000);
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: 'http://127.0.0.1' }]);
    const project = await studioProject(page, {
      labels: [{ name: 'dent', color: '#d53f8c' }],
      // A colour of its own: the same pixels, labels and boxes make the same snapshot, which posts once.
      images: [{ name: 'one.png', png: await flatPng(320, 240, locale === 'ko' ? [200, 120, 40] : [40, 160, 90]) }],
    });
    await putAnnotations(page.request, project, project.ids.get('one.png')!, [
      { labelId: project.labelIds[0]!, kind: 'box', x: 20, y: 20, width: 100, height: 80 },
    ]);

    await page.goto(`${prefix}/console/market/new?project=${project.projectId}`);
    const form = page.getByTestId('resource-form');
    await wait(form).toBeVisible();
    await expect(form.getByTestId('resource-dataset-facts')).toContainText('1');
    // A text file named like an image is refused here, with the rule, before any upload.
    await form.getByTestId('cover-input').setInputFiles([
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') },
      { name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() },
    ]);
    await wait(form.getByTestId('cover-refused')).toContainText(text(locale, 'validation', 'resource.covers'));
    await expect(form.getByTestId('cover-item')).toHaveCount(1);
    await form.getByTestId('resource-name').fill(' Dents');
    await expect(form.getByTestId('resource-name-error')).toHaveText(text(locale, 'validation', 'noLeadingSpace'));
    await clean(page, 'post form');

    await form.getByTestId('resource-name').fill(`Dents ${locale}`);
    await form.getByTestId('resource-price').fill('0');
    await expect(form.getByTestId('resource-price-shown')).toHaveText(text(locale, 'market', 'free'));
    await form.getByTestId('resource-field-medical').click();
    await form.getByTestId('resource-submit').click();
    await wait(page).toHaveURL(new RegExp(`${prefix}/console/market/resources/[^/?]+$`));
    await wait(page.getByTestId('resource-approval')).toHaveAttribute('data-state', /^(checking|pending)$/);
    await wait(page.getByTestId('resource-cover').locator('img')).toBeVisible();
    await expect(page.getByTestId('resource-price')).toHaveText(text(locale, 'market', 'free'));
    await clean(page, 'resource page');

    await page.goto(`${prefix}/console/market`);
    await wait(page.getByTestId('market-mine-row')).toHaveCount(1);
    await clean(page, 'my resources');
    await page.getByRole('tab', { name: text(locale, 'market', 'tabs.sales') }).click();
    await wait(page).toHaveURL(`${prefix}/console/market/sales`);
    await wait(page.getByTestId('sales-empty')).toBeVisible();
    await clean(page, 'sales');
    await page.goto(`${prefix}/console/market/purchases`);
    await wait(page.getByTestId('market-purchases-empty')).toBeVisible();
    await clean(page, 'purchases');

    // Not a platform admin: the review queue says so.
    await page.goto(`${prefix}/console/admin/resources`);
    await wait(page.getByTestId('review-forbidden')).toBeVisible();
    await clean(page, 'review queue (forbidden)');

    // A phone: the form keeps the screen's width and is sent from the keyboard.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${prefix}/console/market/new?project=${project.projectId}`);
    await wait(form).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await form.getByTestId('resource-name').focus();
    await page.keyboard.type('Phone');
    await form.getByTestId('resource-field-finance').locator('input').focus();
    await page.keyboard.press('Space');
    await form.getByTestId('resource-submit').focus();
    await page.keyboard.press('Enter');
    // The same snapshot is on the market already: the refusal says so and keeps what was typed.
    await wait(form.getByTestId('resource-form-error')).toContainText(
      text(locale, 'errors', 'resource_already_posted'),
    );
    await expect(form.getByTestId('resource-name')).toHaveValue('Phone');
  });
}
