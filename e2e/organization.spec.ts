import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerVerified, storeSession } from './consoleSession';

/*
 * A team in the browser: the owner creates an organization (the console switches to it), adds
 * two people by e-mail, changes a role, creates a project there; a teammate sees that project in
 * the organization and not in Personal. Then ownership moves to the teammate, the former owner
 * leaves, and the organization can be deleted only once it is empty.
 */
const PASSWORD = 'maruTest12!';
const wait = expect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

interface Account {
  email: string;
  name: string;
  token: string;
}

const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

async function account(request: APIRequestContext, name: string): Promise<Account & { refreshToken: string }> {
  const email = `org-${unique()}@e2e.maru.ai`;
  await registerVerified(request, email, name, PASSWORD);
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const pair = (await login.json()) as { token: string; refreshToken: string };
  return { email, name, ...pair };
}

/** A fresh token for API checks (the page's may have expired and be refreshed only when the app next calls). */
async function auth(request: APIRequestContext, who: Account): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/login', { data: { email: who.email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function switchTo(page: Page, name: string) {
  await wait(page.getByTestId('org-switcher')).toBeVisible();
  await page.getByTestId('org-switcher').click();
  await page.getByTestId('org-switcher-menu').getByRole('menuitemradio').filter({ hasText: name }).click();
  await wait(page.getByTestId('org-switcher-current')).toHaveText(name);
}

const memberRow = (page: Page, email: string) => page.getByTestId('org-member').filter({ hasText: email });

test('run a team: create, add people, a shared project, roles, transfer, leave, delete when empty', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await account(page.request, 'Org Owner');
  const mate = await account(page.request, 'Org Mate');
  const third = await account(page.request, 'Org Third');
  const team = `Team ${unique()}`;

  // The owner creates the organization from the organization page; the console switches to it.
  await storeSession(page, owner);
  await page.goto('/en/console/organization');
  await wait(page.getByTestId('org-personal')).toBeVisible();
  await page.getByTestId('org-create-open').click();
  await page.getByTestId('org-create-name').fill(team);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await wait(page.getByTestId('org-name')).toHaveText(team);
  await expect(page.getByTestId('org-switcher-current')).toHaveText(team);

  // Two people with accounts are added at once; one role is changed afterwards.
  const invite = page.getByTestId('org-invite');
  await invite.getByTestId('org-invite-email').fill(mate.email);
  await invite.getByTestId('org-invite-role').selectOption('admin');
  await invite.getByTestId('org-invite-submit').click();
  await wait(page.getByText(`${mate.email} was added.`)).toBeVisible();
  await invite.getByTestId('org-invite-email').fill(third.email);
  await invite.getByTestId('org-invite-role').selectOption('member');
  await invite.getByTestId('org-invite-submit').click();
  await wait(memberRow(page, third.email)).toBeVisible();
  await memberRow(page, third.email).getByTestId('org-member-role').selectOption('admin');
  await wait(page.getByText('Org Third is now Admin.')).toBeVisible();
  await page.reload();
  await wait(memberRow(page, third.email).getByTestId('org-member-role')).toHaveValue('admin');

  // A project created while the organization is current belongs to it.
  await page.goto('/en/console');
  await wait(page.getByTestId('project-scope')).toHaveText(`Projects in ${team}`);
  await page.getByTestId('project-create-open').click();
  await expect(page.getByTestId('project-create-where')).toContainText(`created in ${team}`);
  await page.getByRole('textbox', { name: /Project name/ }).fill('Team Line');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await wait(page).toHaveURL(/\/en\/console\/projects\/[^/]+/);
  await page.goto('/en/console');
  await wait(page.getByTestId('project-card').filter({ hasText: 'Team Line' })).toBeVisible();
  await switchTo(page, 'Personal');
  await wait(page.getByTestId('project-scope')).toHaveText('Your personal projects');
  await expect(page.getByTestId('project-card')).toHaveCount(0);

  // The teammate sees it in the organization, not in Personal.
  const mateContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const matePage = await mateContext.newPage();
  await storeSession(matePage, mate);
  await matePage.goto('/en/console');
  await wait(matePage.getByTestId('project-scope')).toHaveText('Your personal projects');
  await expect(matePage.getByTestId('project-card')).toHaveCount(0);
  await switchTo(matePage, team);
  await wait(matePage.getByTestId('project-card').filter({ hasText: 'Team Line' })).toBeVisible();

  // Delete is refused while the organization is not empty, on the page and by the API.
  await switchTo(page, team);
  await page.goto('/en/console/organization');
  await wait(page.getByTestId('org-delete-blocked')).toContainText('Remove the other members first');
  await expect(page.getByTestId('org-delete')).toBeDisabled();
  await expect(page.getByTestId('org-leave')).toBeDisabled();
  const orgs = (await (await page.request.get('/api/orgs', { headers: await auth(page.request, owner) })).json()) as {
    id: string;
  }[];
  const orgId = orgs[0]!.id;
  const refused = await page.request.delete(`/api/orgs/${orgId}`, { headers: await auth(page.request, owner) });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('organization_not_empty');

  // Ownership goes to the teammate after a confirmation; the former owner is an admin and leaves.
  await page.getByTestId('org-transfer-open').click();
  await page.getByTestId('org-transfer-member').selectOption({ label: `Org Mate (${mate.email}) · Admin` });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('org-transfer-confirm')).toContainText('Make Org Mate the owner');
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await wait(page.getByText('Org Mate is now the owner.')).toBeVisible();
  await wait(page.getByTestId('org-my-role')).toHaveText('Your role: Admin');
  await expect(page.getByTestId('org-delete')).toHaveCount(0);
  await page.getByTestId('org-leave').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Leave organization' }).click();
  await wait(page.getByTestId('org-personal')).toBeVisible();
  await expect(page.getByTestId('org-switcher-current')).toHaveText('Personal');
  await expect(page.getByTestId('org-mine')).toHaveCount(0);

  // The new owner empties the organization, then deletes it.
  await matePage.goto('/en/console/organization');
  await wait(matePage.getByTestId('org-my-role')).toHaveText('Your role: Owner');
  await memberRow(matePage, third.email).getByTestId('org-member-remove').click();
  await matePage.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await wait(memberRow(matePage, third.email)).toHaveCount(0);
  await wait(matePage.getByTestId('org-delete-blocked')).toContainText('Delete or move its 1 project first');
  const projects = (await (
    await matePage.request.get(`/api/projects?organization=${orgId}`, { headers: await auth(matePage.request, mate) })
  ).json()) as { id: string }[];
  expect(projects).toHaveLength(1);
  expect(
    (
      await matePage.request.delete(`/api/projects/${projects[0]!.id}`, { headers: await auth(matePage.request, mate) })
    ).status(),
  ).toBe(204);
  await matePage.reload();
  await wait(matePage.getByTestId('org-delete')).toBeEnabled();
  await matePage.getByTestId('org-delete').click();
  await matePage.getByRole('dialog').getByRole('button', { name: 'Delete organization' }).click();
  await wait(matePage.getByTestId('org-personal')).toBeVisible();
  await expect(matePage.getByTestId('org-switcher-current')).toHaveText('Personal');
  expect(
    (await matePage.request.get(`/api/orgs/${orgId}`, { headers: await auth(matePage.request, mate) })).status(),
  ).toBe(404);
  await mateContext.close();
});

test('Korean at 390 px: the switcher and the page speak Korean, fit the screen, and an unknown address gets an invitation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const owner = await account(page.request, '조직 소유자');
  const created = await page.request.post('/api/orgs', {
    data: { name: '비전팀' },
    headers: await auth(page.request, owner),
  });
  expect(created.status()).toBe(201);
  await storeSession(page, owner);
  await page.goto('/console');
  await page.getByTestId('org-switcher').click();
  await page.getByTestId('org-switcher-menu').getByRole('menuitemradio').filter({ hasText: '비전팀' }).click();
  await wait(page.getByTestId('org-switcher-current')).toHaveText('비전팀');
  await page.getByTestId('org-switcher').click();
  await page.getByTestId('org-switcher-manage').click();
  await wait(page).toHaveURL(/\/console\/organization$/);
  await wait(page.getByTestId('org-my-role')).toHaveText('내 역할: 소유자');
  const stranger = `org-new-${unique()}@e2e.maru.ai`;
  await page.getByTestId('org-invite-email').fill(stranger);
  await page.getByTestId('org-invite-submit').click();
  await wait(page.getByText(`${stranger}(으)로 초대장을 보냈습니다.`, { exact: false })).toBeVisible();
  await wait(page.getByTestId('invitation-row').filter({ hasText: stranger })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
