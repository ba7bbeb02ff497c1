import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerVerified, storeSession } from './consoleSession';
import { linkFromOutbox } from './outbox';

/*
 * Inviting an address that has no account: an admin invites it from the project's settings, the
 * mail lands in the outbox, its link opens the sign-up page with the invitation, and signing up
 * there makes the new account a member at once (no verification mail). A revoked invitation's
 * link says it is not valid any more.
 */
const PASSWORD = 'maruTest12!';
const wait = expect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.maru.ai`;

/** A verified admin with a project, signed in on `page`, on the project's settings tab. */
async function adminWithProject(page: Page, title: string): Promise<string> {
  const email = unique('inviter');
  await registerVerified(page.request, email, 'Inviting Admin', PASSWORD);
  const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const pair = (await login.json()) as { token: string; refreshToken: string };
  const created = await page.request.post('/api/projects', {
    headers: { Authorization: `Bearer ${pair.token}` },
    data: { title, subtype: 'IMAGE_CLASSIFICATION' },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  await storeSession(page, pair);
  await page.goto(`/console/projects/${projectId}/settings`);
  return projectId;
}

async function invite(page: Page, email: string): Promise<void> {
  const form = page.getByTestId('member-invite');
  await wait(form).toBeVisible();
  await form.getByRole('textbox', { name: /이메일/ }).fill(email);
  await form.getByRole('button', { name: '초대' }).click();
  await wait(page.getByText(`${email}(으)로 초대 메일을 보냈습니다.`)).toBeVisible();
  await wait(page.getByTestId('invitation-row').filter({ hasText: email })).toBeVisible();
}

/** A page in a fresh browser context: nobody signed in. */
async function guestPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('an invited address signs up from the mail and is a member of the project at once', async ({ page, browser }) => {
  const title = `초대 ${Date.now().toString(36).slice(-5)}`;
  await adminWithProject(page, title);
  const newcomer = unique('invited');
  await invite(page, newcomer);

  const link = await linkFromOutbox(newcomer, /\/login\/signup\?invitation=/);
  const guest = await guestPage(browser);
  await guest.goto(link);
  await wait(guest.getByTestId('invitation-notice')).toContainText(
    `Inviting Admin 님이 ${title} 프로젝트에 초대했습니다.`,
  );
  const email = guest.getByLabel(/^이메일/);
  await expect(email).toHaveValue(newcomer);
  await expect(email).toHaveAttribute('readonly', '');
  await guest.getByLabel(/^이름/).fill('새 멤버');
  await guest.getByLabel(/^비밀번호$/).fill(PASSWORD);
  await guest.getByLabel(/^비밀번호 확인/).fill(PASSWORD);
  await guest.getByRole('button', { name: '가입하기' }).click();

  // Signed in at once and in the console, where the project is listed; it opens.
  await wait(guest).toHaveURL(/\/console$/);
  const card = guest.getByTestId('project-card').filter({ hasText: title });
  await wait(card).toBeVisible();
  await expect(card.getByTestId('project-role')).toHaveText('멤버');
  await card.click();
  await wait(guest).toHaveURL(/\/console\/projects\/[^/]+/);
  await wait(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The admin's list no longer shows the invitation: it was accepted.
  await page.reload();
  await wait(page.getByTestId('member-list')).toContainText('새 멤버');
  await expect(page.getByTestId('invitation-row')).toHaveCount(0);
  await guest.context().close();
});

test("a revoked invitation's link says it is not valid and leaves the plain sign-up form", async ({
  page,
  browser,
}) => {
  await adminWithProject(page, `취소 ${Date.now().toString(36).slice(-5)}`);
  const newcomer = unique('revoked');
  await invite(page, newcomer);
  const link = await linkFromOutbox(newcomer, /\/login\/signup\?invitation=/);

  await page.getByRole('button', { name: `${newcomer} 초대 취소` }).click();
  await page.getByRole('dialog').getByRole('button', { name: '초대 취소' }).click();
  await wait(page.getByText(`${newcomer} 초대를 취소했습니다.`)).toBeVisible();
  await expect(page.getByTestId('invitation-row')).toHaveCount(0);

  const guest = await guestPage(browser);
  await guest.goto(link);
  await wait(guest.getByTestId('invitation-invalid')).toContainText('유효하지 않은 초대 링크입니다.');
  await expect(guest.getByTestId('invitation-notice')).toHaveCount(0);
  await expect(guest.getByLabel(/^이메일/)).not.toHaveAttribute('readonly', '');
  await guest.context().close();
});
