import { expect, test, type Page } from '@playwright/test';
import { registerVerified, storeSession } from './consoleSession';

/*
 * The console's own layout in the browser: at 1280 px a side navigation and no marketing footer,
 * its collapsed state kept across a reload; at 390 px the navigation is a drawer (focus inside,
 * Escape closes it and gives focus back) and no page is wider than the screen; the avatar menu's
 * logout signs out to the home page; on the public site a signed-in user sees their name.
 */
const PASSWORD = 'maruTest12!';
const wait = expect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

async function signIn(page: Page, name: string): Promise<string> {
  const email = `layout-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.maru.ai`;
  await registerVerified(page.request, email, name, PASSWORD);
  const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  await storeSession(page, (await login.json()) as { token: string; refreshToken: string });
  return email;
}

const pageIsNotWider = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth === window.innerWidth);

test('at 1280 px: side navigation, slim header, no footer; collapsing survives a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'Layout Wide');
  await page.goto('/en/console');
  const sidebar = page.getByTestId('console-sidebar');
  const nav = sidebar.getByRole('navigation', { name: 'Console navigation' });
  await wait(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('console-header')).toBeVisible();
  await expect(page.getByTestId('site-footer')).toHaveCount(0);
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(page.getByTestId('console-nav-toggle')).toBeHidden();

  await nav.getByRole('link', { name: 'My settings' }).click();
  await expect(page).toHaveURL(/\/en\/console\/settings$/);
  await expect(nav.getByRole('link', { name: 'My settings' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Projects' })).not.toHaveAttribute('aria-current', 'page');

  const wide = (await sidebar.boundingBox())?.width ?? 0;
  await page.getByRole('button', { name: 'Collapse navigation' }).click();
  await expect(sidebar).toHaveAttribute('data-mini', 'true');
  await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBeLessThan(wide / 2);
  await page.reload();
  await wait(page.getByTestId('console-sidebar')).toHaveAttribute('data-mini', 'true');
  // Icons only, still named for assistive technology and still marking the page.
  await expect(nav.getByRole('link', { name: 'My settings' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Expand navigation' }).click();
  await expect(sidebar).toHaveAttribute('data-mini', 'false');
  await page.reload();
  await wait(nav.getByRole('link', { name: 'My settings' })).toHaveText('My settings');
});

test('keyboard: the skip link leads to the page, the avatar menu opens with the keyboard and Escape closes it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'Layout Keys');
  await page.goto('/en/console/settings');
  await wait(page.getByTestId('console-sidebar')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);

  const avatar = page.getByTestId('avatar-menu');
  await avatar.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'My settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(avatar).toBeFocused();
});

test('at 390 px: the navigation is a drawer and no console page is wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, 'Layout Narrow');
  await page.goto('/console');
  await wait(page.getByTestId('console-header')).toBeVisible();
  await expect(page.getByTestId('console-sidebar')).toBeHidden();
  await expect(page.getByTestId('avatar-menu')).toBeInViewport({ ratio: 1 });
  expect(await pageIsNotWider(page)).toBe(true);

  const toggle = page.getByTestId('console-nav-toggle');
  await toggle.click();
  const drawer = page.getByRole('dialog', { name: '콘솔' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: '프로젝트' })).toHaveAttribute('aria-current', 'page');
  // Focus moves into the drawer and stays there.
  const focusInside = () => drawer.evaluate((el) => el.contains(document.activeElement));
  await expect.poll(focusInside).toBe(true);
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside()).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await page.getByRole('dialog', { name: '콘솔' }).getByRole('link', { name: '내 설정' }).click();
  await expect(page).toHaveURL(/\/console\/settings$/);
  await expect(page.getByRole('dialog', { name: '콘솔' })).toBeHidden();
  await wait(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await pageIsNotWider(page)).toBe(true);
});

test("the avatar menu's logout signs out to the home page; the console then asks to sign in", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'Layout Logout');
  await page.goto('/console/settings');
  await wait(page.getByTestId('avatar-menu')).toBeVisible();
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('sign-in')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toBeNull();
  await page.goto('/console/settings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fconsole%2Fsettings$/);
});

test('the public site shows a signed-in user their avatar and name, with the same menu', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await signIn(page, 'Layout Public');
  await page.goto('/en/pricing');
  const header = page.getByTestId('site-header');
  await wait(header.getByTestId('header-user-name')).toHaveText('Layout Public');
  await expect(header.getByRole('link', { name: 'Start console' })).toBeVisible();
  await header.getByTestId('avatar-menu').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(email)).toBeVisible();
  await menu.getByRole('menuitemradio', { name: '한국어' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page).not.toHaveURL(/\/en\//);

  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByTestId('site-header').getByTestId('drawer-toggle').click();
  const account = page.getByTestId('drawer-account');
  await expect(account.getByText('Layout Public')).toBeVisible();
  await expect(account.getByRole('link', { name: '내 설정' })).toHaveAttribute('href', '/console/settings');
});
