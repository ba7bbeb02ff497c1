import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { E2E_DATA_DIR, verifyLinkKey } from './outbox';

/*
 * Support content against the real server (playwright.config.ts starts it on an empty
 * DATA_DIR): the FAQ seeded by the migrations in both languages, and a platform admin — made with
 * server/scripts/grantAdmin.ts — posting a notice that the list and the search then show.
 */
const PASSWORD = 'maruTest12!';

// Each page waits on the API after its chunk loads; on a busy 2-core machine with SwiftShader
// that takes longer than the default 7 s.
const wait = expect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/** Signs up and verifies through the API, then grants the platform admin scope. */
async function createAdmin(page: Page): Promise<string> {
  const email = `notice-admin-${Date.now().toString(36)}@e2e.maru.ai`;
  expect(
    (
      await page.request.post('/api/auth/register', {
        data: { name: 'Notice Admin', email, password: PASSWORD, locale: 'ko' },
      })
    ).status(),
  ).toBe(202);
  expect((await page.request.post('/api/auth/verify', { data: { key: await verifyLinkKey(email) } })).ok()).toBe(true);
  execFileSync('npx', ['tsx', 'server/scripts/grantAdmin.ts', email], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    stdio: 'pipe',
  });
  return email;
}

test('the FAQ comes from the server in Korean and in English', async ({ page }) => {
  await page.goto('/support/faq');
  await wait(page.getByRole('button', { name: /회원가입은 어떻게 하나요\?/ })).toBeVisible();
  await page.getByRole('button', { name: '학습', exact: true }).click();
  await wait(page.getByTestId('faq-section-account')).toHaveCount(0);
  await page.goto('/en/support/faq');
  await wait(page.getByRole('button', { name: /How do I sign up\?/ })).toBeVisible();
});

test('a platform admin posts a notice; the list, its page and the search show it', async ({ page }) => {
  const email = await createAdmin(page);
  const word = `maru${Date.now().toString(36)}`;
  const title = `점검 안내 ${word}`;

  await page.goto('/login');
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await wait(page).not.toHaveURL(/\/login/);

  await page.goto('/support/notice/edit');
  await page.getByRole('textbox', { name: '제목' }).fill(title);
  await page
    .getByRole('textbox', { name: '내용' })
    .fill(`<p>일요일 <strong>02:00</strong>부터 점검합니다.</p><script>window.pwned = 1</script><p>${word} 확인</p>`);
  await page.getByText('목록 맨 위에 고정').click();
  await page.getByRole('button', { name: '저장' }).click();

  await wait(page).toHaveURL(/\/support\/notice\/[\w-]+$/);
  await wait(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const body = page.getByTestId('notice-body');
  await wait(body.locator('strong')).toHaveText('02:00');
  await expect(body).not.toContainText('pwned');
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

  await page.goto('/support/notice');
  const first = page.getByTestId('notice-row').first();
  await wait(first).toContainText(title);
  await expect(first).toContainText('고정');

  await page.goto(`/support/search?keyword=${encodeURIComponent(word)}`);
  const found = page.getByTestId('search-notices');
  await wait(found.getByRole('link', { name: title })).toBeVisible();
  await expect(found).toContainText(`${word} 확인`);

  // Signed out, the notice still shows, and the edit page says who may write.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/support/notice/edit');
  await wait(page.getByTestId('notice-no-permission')).toBeVisible();
});
