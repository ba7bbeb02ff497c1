import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { storeSession } from './consoleSession';
import { flatPng, newAccount, openStudio, putAnnotations, studioProject } from './studioProject';

/*
 * The console pages, signed in, in Korean and English: an axe scan of each (with real content:
 * label classes, images, an annotation, tags, a second member) finds nothing serious or critical.
 * One test per locale walks every page, so the project is set up once per locale; each page's
 * findings are reported by name (soft assertions), so one run lists them all. A second test per
 * locale scans the organization page (Personal, then an organization with a member) and the
 * console frame's own states: the organization switcher and the avatar menu open, the side
 * navigation collapsed, the navigation drawer of a phone.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')}  ${n.html.slice(0, 160)}\n      ${n.failureSummary ?? ''}`)
          .join('\n    ')}`,
    );
}

/** Scans the page once it shows `ready`, and reports what it finds under `name`. */
async function scan(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  await ready();
  await expect(page.getByTestId('error-page')).toHaveCount(0);
  // Not 'networkidle': console pages keep polling (alerts, image states), so it never comes.
  // Finite transitions run out first: a button fading from disabled to enabled has, mid-way, a
  // colour contrast that neither end has.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const bad = await seriousViolations(page);
  expect.soft(bad, `${name}:\n${bad.join('\n')}`).toEqual([]);
}

for (const locale of ['ko', 'en'] as const) {
  const prefix = locale === 'en' ? '/en' : '';
  test.describe(`console pages in ${locale}`, () => {
    test.use({
      locale: locale === 'ko' ? 'ko-KR' : 'en-US',
      viewport: { width: 1280, height: 800 },
      actionTimeout: 20_000,
    });

    test(`pass axe (${locale})`, async ({ page, context }) => {
      // Set-up (accounts, image processing) plus eight scans on a loaded 2-core machine.
      test.setTimeout(300_000);
      await context.addCookies([{ name: 'i18n_redirected', value: locale, url: 'http://127.0.0.1' }]);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      const project = await studioProject(page, {
        labels: [
          { name: 'cat', color: '#e53e3e' },
          { name: 'dog', color: '#3182ce' },
        ],
        images: [
          { name: 'one.png', png: await flatPng(320, 240, [200, 120, 40]) },
          { name: 'two.png', png: await flatPng(320, 240, [40, 120, 200]) },
        ],
      });
      const imageId = project.ids.get('one.png')!;
      // Access tokens last 8 s in e2e: each call signs in afresh.
      await putAnnotations(page.request, project, imageId, [
        { labelId: project.labelIds[0]!, kind: 'box', x: 20, y: 20, width: 100, height: 80 },
      ]);
      const tagged = await page.request.put(`/api/projects/${project.projectId}/images/${imageId}/tags`, {
        headers: await project.owner.auth(),
        data: { tags: ['sunny'] },
      });
      expect(tagged.ok(), await tagged.text()).toBe(true);
      const member = await newAccount(page.request, 'Axe Member');
      const added = await page.request.post(`/api/projects/${project.projectId}/members`, {
        headers: await project.owner.auth(),
        data: { email: member.email, role: 'member' },
      });
      expect(added.ok(), await added.text()).toBe(true);

      await page.goto(`${prefix}/console`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await scan(page, 'console home', () => expect(page.getByTestId('console-home')).toBeVisible());

      await page.goto(`${prefix}/console/settings`);
      await scan(page, 'my settings', () => expect(page.getByTestId('account-form')).toBeVisible());

      await page.goto(`${prefix}/console/user/${encodeURIComponent(member.email)}`);
      await scan(page, 'user page', () => expect(page.getByTestId('user-profile')).toBeVisible());

      await page.goto(`${prefix}/console/user/${encodeURIComponent(`nobody-${Date.now()}@e2e.maru.ai`)}`);
      await scan(page, 'user page (no such user)', () => expect(page.getByTestId('user-not-found')).toBeVisible());

      await page.goto(`${prefix}/console/projects/${project.projectId}`);
      await scan(page, 'project dataset tab', async () => {
        await expect(page.getByTestId('image-card')).toHaveCount(2);
        await expect(page.getByTestId('label-row')).toHaveCount(2);
        await expect(page.getByTestId('upload-files')).toBeEnabled();
      });

      await page.goto(`${prefix}/console/projects/${project.projectId}/settings`);
      await scan(page, 'project settings tab', () =>
        expect(page.getByTestId('member-list').getByText(member.email)).toBeVisible(),
      );

      await openStudio(page, project.projectId, imageId, prefix);
      await scan(page, 'studio', () => expect(page.getByTestId('annotation-list')).toBeVisible());

      expect(errors).toEqual([]);
    });

    test(`the console frame and the organization page pass axe (${locale})`, async ({ page, context }) => {
      test.setTimeout(120_000);
      await context.addCookies([{ name: 'i18n_redirected', value: locale, url: 'http://127.0.0.1' }]);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const account = await newAccount(page.request, 'Axe Frame');
      await storeSession(page, await account.login());

      // The organization page without an organization (Personal), then with one that has a member.
      await page.goto(`${prefix}/console/organization`);
      await scan(page, 'organization page (personal)', () => expect(page.getByTestId('org-personal')).toBeVisible());
      const team = `Axe team ${Date.now().toString(36)}`;
      const created = await page.request.post('/api/orgs', { headers: await account.auth(), data: { name: team } });
      expect(created.ok(), await created.text()).toBe(true);
      const orgId = ((await created.json()) as { id: string }).id;
      const mate = await newAccount(page.request, 'Axe Mate');
      const joined = await page.request.post(`/api/orgs/${orgId}/members`, {
        headers: await account.auth(),
        data: { email: mate.email, role: 'member' },
      });
      expect(joined.ok(), await joined.text()).toBe(true);
      await page.goto(`${prefix}/console`);
      await expect(page.getByTestId('console-home')).toBeVisible();
      await page.getByTestId('org-switcher').click();
      await scan(page, 'organization switcher open', () => expect(page.getByTestId('org-switcher-menu')).toBeVisible());
      await page.getByTestId('org-switcher-menu').getByRole('menuitemradio').filter({ hasText: team }).click();
      await expect(page.getByTestId('org-switcher-current')).toHaveText(team);
      await page.goto(`${prefix}/console/organization`);
      await scan(page, 'organization page', () => expect(page.getByTestId('org-member')).toHaveCount(2));
      await page.goto(`${prefix}/console`);
      await expect(page.getByTestId('console-home')).toBeVisible();

      await page.getByTestId('avatar-menu').click();
      await scan(page, 'avatar menu open', () => expect(page.getByTestId('avatar-menu-content')).toBeVisible());
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('avatar-menu-content')).toBeHidden();

      await page.getByTestId('nav-collapse').click();
      await scan(page, 'side navigation collapsed', () =>
        expect(page.getByTestId('console-sidebar')).toHaveAttribute('data-mini', 'true'),
      );
      await page.getByTestId('nav-collapse').click();
      await expect(page.getByTestId('console-sidebar')).toHaveAttribute('data-mini', 'false');

      // A phone: the page is no wider than the screen, and the navigation is a drawer.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await page.getByTestId('console-nav-toggle').click();
      await scan(page, 'navigation drawer at 390 px', () =>
        expect(page.getByTestId('console-nav-drawer')).toBeVisible(),
      );
      expect(errors).toEqual([]);
    });
  });
}
