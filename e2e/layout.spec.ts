import { expect, test } from '@playwright/test';

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'ko', url: 'http://127.0.0.1' }]);
});

test('the header is transparent on the landing page at the top only', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const header = page.getByTestId('site-header');
  // The landing page chunk must be in place before the document is tall enough to scroll.
  await expect(page.locator('h1')).toBeVisible();
  await expect(header).toHaveAttribute('data-transparent', 'true');
  // Polled: the background fades over a short transition, which a busy machine may still be running.
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, 100);
        return window.scrollY;
      }),
    )
    .toBe(100);
  await expect(header).toHaveAttribute('data-transparent', 'false');
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, 30);
        return window.scrollY;
      }),
    )
    .toBe(30);
  await expect(header).toHaveAttribute('data-transparent', 'true');
  // Other pages always have a solid header.
  await page.goto('/pricing');
  await expect(header).toHaveAttribute('data-transparent', 'false');
});

test('the scroll-to-top button appears after 700 px and returns to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/support/privacy');
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByTestId('scroll-top')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, 650);
        return window.scrollY;
      }),
    )
    .toBe(650);
  await page.waitForTimeout(100);
  await expect(page.getByTestId('scroll-top')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, 900);
        return window.scrollY;
      }),
    )
    .toBe(900);
  await expect(page.getByTestId('scroll-top')).toBeVisible();
  await page.getByTestId('scroll-top').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByTestId('scroll-top')).toHaveCount(0);
});

test('below 1024 px the menus live in a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 1023, height: 800 });
  await page.goto('/');
  const header = page.getByTestId('site-header');
  await expect(header.getByRole('button', { name: '소개' })).toBeHidden();
  await page.getByTestId('drawer-toggle').click();
  const drawer = page.getByTestId('drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'AI 비전 검사' })).toBeVisible();
  await drawer.getByRole('link', { name: '자주 묻는 질문' }).click();
  await expect(page).toHaveURL(/\/support\/faq$/);
  await expect(drawer).toBeHidden();
});

test('at 1024 px and wider the four header menus are shown', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/pricing');
  const nav = page.getByTestId('site-header').getByRole('navigation');
  await expect(page.getByTestId('drawer-toggle')).toBeHidden();
  for (const name of ['소개', '솔루션', '요금제', '고객지원']) {
    await expect(nav.getByRole(name === '요금제' ? 'link' : 'button', { name })).toBeVisible();
  }
  await nav.getByRole('button', { name: '소개' }).click();
  for (const name of ['데이터 관리', '데이터 라벨링', 'AI 학습', '분석 및 테스트', 'AI 배포']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'AI 학습' }).click();
  await expect(page).toHaveURL(/\/info\/training$/);
  // Support menu: the guide opens in a new tab.
  await nav.getByRole('button', { name: '고객지원' }).click();
  const guide = nav.getByRole('link', { name: '가이드 사이트' });
  await expect(guide).toHaveAttribute('target', '_blank');
  await expect(guide).toHaveAttribute('rel', /noopener/);
  await page.keyboard.press('Escape');
  await expect(guide).toBeHidden();
});

test('logged out: start and sign-in buttons; the footer has its links and company details', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/pricing');
  const header = page.getByTestId('site-header');
  await expect(header.getByTestId('start')).toBeVisible();
  await expect(header.getByTestId('sign-in')).toHaveAttribute('href', '/login');
  const footer = page.getByTestId('site-footer');
  await expect(footer.getByRole('link', { name: '개인정보처리방침' }).first()).toHaveAttribute(
    'href',
    '/support/privacy',
  );
  await expect(footer.getByRole('link', { name: '이용약관' }).first()).toHaveAttribute('href', '/support/policy');
  await expect(footer.getByText('사업자등록번호', { exact: false })).toBeVisible();
  const inner = footer.locator('> div').first();
  const width = await inner.evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(1280);
});
