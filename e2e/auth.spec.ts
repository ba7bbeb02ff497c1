import { expect, test, type Page } from '@playwright/test';
import { linkFromOutbox } from './outbox';

/*
 * Accounts against the real server (playwright.config.ts starts it with an empty DATA_DIR and
 * ACCESS_TOKEN_TTL_S=8). Mails are read from DATA_DIR/outbox/, one JSON file per mail.
 */
const ACCESS_TTL_MS = 8_000;
const PASSWORD = 'maruTest12!';

let counter = 0;
function newEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@e2e.maru.ai`;
}

/** Signs up and verifies through the API (for tests about something else). */
async function createVerifiedUser(page: Page, tag: string): Promise<string> {
  const email = newEmail(tag);
  const res = await page.request.post('/api/auth/register', {
    data: { name: 'Maru Tester', email, password: PASSWORD, locale: 'ko' },
  });
  expect(res.status()).toBe(202);
  const link = await linkFromOutbox(email, /\/login\/auth\//);
  const key = decodeURIComponent(link.split('/login/auth/')[1]!.split(/[?#]/)[0]!);
  expect((await page.request.post('/api/auth/verify', { data: { key } })).ok()).toBe(true);
  return email;
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

/** Counts the context's refresh calls; `times` (ms since the first) explain a failed count. */
function countRefreshes(page: Page): { count: () => number; times: () => string } {
  const at: number[] = [];
  page.context().on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/auth/refresh')) at.push(Date.now());
  });
  return { count: () => at.length, times: () => at.map((t) => `${t - (at[0] ?? t)} ms`).join(', ') };
}

test('sign up, verify from the mail, stay signed in across a reload, log out', async ({ page }) => {
  // Five page loads and two server round trips with a full-cost password hash each.
  test.slow();
  const email = newEmail('signup');
  await page.goto('/login');
  await page.getByRole('link', { name: '회원가입' }).click();
  await expect(page).toHaveURL(/\/login\/signup$/);
  await page.getByLabel('이름').fill('김마루');
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
  await page.getByLabel('비밀번호 확인').fill(PASSWORD);
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '메일함을 확인해 주세요' })).toBeVisible();

  await page.goto(await linkFromOutbox(email, /\/login\/auth\//));
  await expect(page).toHaveURL(/\/console$/);
  await expect(page.getByTestId('console-home')).toBeVisible();
  await expect(page.getByText('김마루님, 안녕하세요.')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('console-home')).toBeVisible();
  await expect(page.getByTestId('avatar-menu')).toBeVisible();

  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('sign-in')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toBeNull();
  await page.goto('/console');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fconsole$/);
});

test('a protected page sends to sign in and comes back after it', async ({ page }) => {
  const email = await createVerifiedUser(page, 'guard');
  await page.goto('/en/console/settings');
  await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fconsole%2Fsettings$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/console\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My settings' })).toBeVisible();
  // A signed-in user on the login page goes home.
  await page.goto('/en/login');
  await expect(page).toHaveURL(/\/en\/?$/);
});

test('an expired access token is renewed without the user noticing', async ({ page }) => {
  test.setTimeout(60_000);
  const email = await createVerifiedUser(page, 'expiry');
  await page.goto('/login?redirect=%2Fconsole%2Fsettings');
  await logIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: '내 설정' })).toBeVisible();
  const refreshes = countRefreshes(page);
  await page.waitForTimeout(ACCESS_TTL_MS + 1_000);
  await page.getByLabel('이름').fill('새이름');
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('저장되었습니다.')).toBeVisible();
  expect(refreshes.count()).toBe(1);
  await expect(page).toHaveURL(/\/console\/settings$/);
});

/** The settings page has loaded, its alerts included: nothing of it is still on the way. */
async function settingsSettled(tab: Page) {
  await expect(tab.getByRole('heading', { level: 1, name: '내 설정' })).toBeVisible();
  await expect(tab.getByTestId('settings-alerts').getByTestId('empty-state')).toBeVisible();
}

test('two pages firing requests after expiry share exactly one refresh', async ({ page, context }) => {
  test.setTimeout(90_000);
  const email = await createVerifiedUser(page, 'tabs');
  await page.goto('/login?redirect=%2Fconsole%2Fsettings');
  await logIn(page, email);
  await settingsSettled(page);
  const second = await context.newPage();
  await second.goto('/console/settings');
  // Counting starts once both pages are quiet: on a loaded machine the sign-in's token can expire
  // while the second page loads, and its last request then renews it before the test begins.
  await settingsSettled(second);
  // A third page of the origin (no app on it) holds the refresh lock until both tabs wait for
  // it, so that they meet there as two tabs whose requests fail together do: the second one in
  // gets the lock when the first one's localStorage write may not have reached it yet.
  const gate = await context.newPage();
  await gate.goto('/api/health');
  await gate.evaluate(
    () =>
      new Promise<void>((held) => {
        void navigator.locks.request(
          'auth-refresh',
          () =>
            new Promise<void>((release) => {
              Object.assign(window, { releaseRefresh: release });
              held();
            }),
        );
      }),
  );
  const refreshes = countRefreshes(page);
  await page.waitForTimeout(ACCESS_TTL_MS + 1_000);
  // Each reload fires GET auth/user, then the alerts, with the expired token, at the same time.
  await Promise.all([page.reload(), second.reload()]);
  await expect
    .poll(
      () =>
        gate.evaluate(
          async () => (await navigator.locks.query()).pending?.filter((l) => l.name === 'auth-refresh').length,
        ),
      { timeout: 30_000 },
    )
    .toBe(2);
  await gate.evaluate(() => (window as unknown as { releaseRefresh: () => void }).releaseRefresh());
  await settingsSettled(page);
  await settingsSettled(second);
  expect(refreshes.count(), `refreshes at ${refreshes.times()}`).toBe(1);
  // Nobody signed out: both pages still hold a session.
  for (const tab of [page, second])
    expect(await tab.evaluate(() => localStorage.getItem('auth._refresh_token.local'))).not.toBeNull();
});

test('password reset through the mailed link', async ({ page }) => {
  const email = await createVerifiedUser(page, 'reset');
  const newPassword = 'newMaru34@';
  await page.goto('/login');
  await page.getByRole('link', { name: '비밀번호를 잊으셨나요?' }).click();
  await page.getByLabel('이메일').fill(email);
  await page.getByRole('button', { name: '재설정 링크 받기' }).click();
  await expect(page.getByTestId('reset-sent')).toBeVisible();
  await page.goto(await linkFromOutbox(email, /\/login\/reset\//));
  await page.getByLabel('새 비밀번호', { exact: true }).fill(newPassword);
  await page.getByLabel('새 비밀번호 확인').fill(newPassword);
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page).toHaveURL(/\/login\?reset=done$/);
  await logIn(page, email, PASSWORD);
  await expect(page.getByTestId('login-error')).toContainText('비밀번호가 올바르지 않습니다.');
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('avatar-menu')).toBeVisible();
});

test('five wrong passwords bring the captcha; solving it allows the sign-in', async ({ page }) => {
  test.setTimeout(60_000);
  const email = await createVerifiedUser(page, 'captcha');
  await page.goto('/login');
  for (let i = 0; i < 5; i += 1) {
    await logIn(page, email, `wrongPass${i}!`);
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(page.getByRole('button', { name: '로그인', exact: true })).toBeEnabled();
  }
  const check = page.getByRole('checkbox', { name: '로봇이 아닙니다' });
  await expect(check).toBeVisible();
  // Without the check, the right password is not even sent.
  await logIn(page, email);
  await expect(page.getByText('로봇이 아님을 먼저 확인해주세요.')).toBeVisible();
  await check.click();
  await expect(page.getByText('확인되었습니다')).toBeVisible({ timeout: 30_000 });
  await expect(check).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('avatar-menu')).toBeVisible();
});
