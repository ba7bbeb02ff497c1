import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrgRole } from '../../../../contract/apiSupport';
import { organization } from '../../../state/organization';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubHandler } from '../../../test/stubFetch';
import { me } from '../projects/projectsTestData';
import OrganizationPage from './OrganizationPage';
import { memberFixture, orgFixture, teamMembers } from './organizationTestData';

signedInConsoleTests();

function renderAs(role: OrgRole, extra: Record<string, StubHandler> = {}, over = {}) {
  localStorage.setItem('current-organization:u1', 'o1');
  const calls = stubFetch({
    'GET auth/user': () => json(200, me),
    'GET orgs': () => json(200, [orgFixture({ role, ...over })]),
    'GET orgs/o1/members': () => json(200, teamMembers(role)),
    'GET orgs/o1/invitations': () => json(200, []),
    ...extra,
  });
  renderWithProviders(<OrganizationPage />, { path: '/console/organization', locale: 'en' });
  return calls;
}

const rowOf = async (email: string) =>
  (await screen.findAllByTestId('org-member')).find((row) => row.dataset.email === email)!;

describe('organization page by role', () => {
  it('owner: renames, changes roles, removes others, transfers; delete waits for an empty organization', async () => {
    renderAs('owner');
    expect((await screen.findByTestId('org-name')).textContent).toBe('Vision Team');
    expect(screen.getByTestId('org-rename-open')).toBeTruthy();
    expect(await screen.findAllByTestId('org-member-role')).toHaveLength(3);
    const own = await rowOf('kim@maru.ai');
    expect(own.textContent).toContain('(you)');
    expect(within(own).queryByTestId('org-member-remove')).toBeNull();
    expect(within(await rowOf('lee@maru.ai')).getByTestId('org-member-remove')).toBeTruthy();
    const roles = within(screen.getByTestId('org-invite')).getByTestId('org-invite-role') as HTMLSelectElement;
    expect([...roles.options].map((o) => o.value)).toEqual(['member', 'admin', 'owner']);
    expect(screen.getByTestId('org-transfer-open')).toBeTruthy();
    expect((screen.getByTestId('org-delete') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('org-delete-blocked').textContent).toContain('Remove the other members first');
    // The only owner cannot leave.
    expect((screen.getByTestId('org-leave') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('org-leave-blocked').textContent).toContain('transfer ownership first');
  });

  it('owner alone with projects: delete names the projects', async () => {
    renderAs(
      'owner',
      { 'GET orgs/o1/members': () => json(200, [memberFixture()]) },
      { memberCount: 1, projectCount: 2 },
    );
    expect((await screen.findByTestId('org-delete-blocked')).textContent).toContain('2 projects');
    expect(screen.getByTestId('org-project-count').textContent).toBe('2 projects');
  });

  it('admin: adds members only, removes plain members only, no roles, transfer or delete; may leave', async () => {
    renderAs('admin');
    const roles = (await screen.findByTestId('org-invite-role')) as HTMLSelectElement;
    expect([...roles.options].map((o) => o.value)).toEqual(['member']);
    expect(await screen.findAllByTestId('org-member-role-text')).toHaveLength(3);
    expect(screen.queryByTestId('org-member-role')).toBeNull();
    expect(within(await rowOf('park@maru.ai')).getByTestId('org-member-remove')).toBeTruthy();
    expect(within(await rowOf('lee@maru.ai')).queryByTestId('org-member-remove')).toBeNull();
    expect(screen.getByTestId('org-rename-open')).toBeTruthy();
    expect(screen.queryByTestId('org-transfer-open')).toBeNull();
    expect(screen.queryByTestId('org-delete')).toBeNull();
    expect((screen.getByTestId('org-leave') as HTMLButtonElement).disabled).toBe(false);
  });

  it('member: sees the members, cannot invite, rename or remove; may leave', async () => {
    const calls = renderAs('member');
    expect(await screen.findAllByTestId('org-member')).toHaveLength(3);
    expect(screen.queryByTestId('org-invite')).toBeNull();
    expect(screen.queryByTestId('org-rename-open')).toBeNull();
    expect(screen.queryByTestId('org-member-remove')).toBeNull();
    expect((screen.getByTestId('org-leave') as HTMLButtonElement).disabled).toBe(false);
    // Members do not list invitations (the server refuses them).
    expect(calls.some((c) => c.path.includes('invitations'))).toBe(false);
  });

  it('Personal: explains organizations and lists the user’s to switch to', async () => {
    stubFetch({
      'GET auth/user': () => json(200, me),
      'GET orgs': () => json(200, [orgFixture({ role: 'member' })]),
    });
    renderWithProviders(<OrganizationPage />, { path: '/console/organization', locale: 'en' });
    expect(await screen.findByTestId('org-personal')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Work in Vision Team' }));
    expect(organization.currentOrganizationId).toBe('o1');
    expect(await screen.findByTestId('org-details')).toBeTruthy();
  });

  it('falls back to Personal when the remembered organization is no longer the user’s', async () => {
    localStorage.setItem('current-organization:u1', 'gone');
    stubFetch({ 'GET auth/user': () => json(200, me), 'GET orgs': () => json(200, [orgFixture()]) });
    renderWithProviders(<OrganizationPage />, { path: '/console/organization', locale: 'en' });
    expect(await screen.findByTestId('org-personal')).toBeTruthy();
    expect(organization.currentOrganizationId).toBeNull();
    expect(localStorage.getItem('current-organization:u1')).toBeNull();
  });
});

describe('organization page actions', () => {
  it('tells an added member from a mailed invitation', async () => {
    let answer = json(201, memberFixture({ userId: 'u9', email: 'new@maru.ai', role: 'member' }));
    const calls = renderAs('owner', { 'POST orgs/o1/members': () => answer });
    const form = await screen.findByTestId('org-invite');
    fireEvent.change(within(form).getByTestId('org-invite-email'), { target: { value: ' new@maru.ai ' } });
    fireEvent.change(within(form).getByTestId('org-invite-role'), { target: { value: 'admin' } });
    fireEvent.submit(form);
    expect(await screen.findByText('new@maru.ai was added.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'new@maru.ai', role: 'admin' });
    answer = json(202, {
      id: 'i1',
      kind: 'organization',
      targetId: 'o1',
      email: 'nobody@maru.ai',
      role: 'member',
      state: 'pending',
      invitedBy: { id: 'u1', name: '김라벨' },
      createdAt: '2026-01-01T00:00:00Z',
      sentAt: '2026-01-01T00:00:00Z',
      expiresAt: '2026-01-08T00:00:00Z',
    });
    fireEvent.change(within(form).getByTestId('org-invite-email'), { target: { value: 'nobody@maru.ai' } });
    fireEvent.submit(form);
    expect(await screen.findByText(/Invitation sent to nobody@maru.ai/)).toBeTruthy();
  });

  it('refuses a bad address before sending and says when the person is already a member', async () => {
    const calls = renderAs('owner', { 'POST orgs/o1/members': () => apiError(409, 'conflict') });
    const form = await screen.findByTestId('org-invite');
    fireEvent.change(within(form).getByTestId('org-invite-email'), { target: { value: 'not-an-email' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(form).getByTestId('org-invite-email'), { target: { value: 'lee@maru.ai' } });
    fireEvent.submit(form);
    expect((await screen.findByTestId('org-invite-error')).textContent).toBe('lee@maru.ai is already a member.');
  });

  it('shows the last-owner refusal of a role change in words', async () => {
    renderAs('owner', { 'PATCH orgs/o1/members/u1': () => apiError(409, 'organization_last_owner') });
    const select = within(await rowOf('kim@maru.ai')).getByTestId('org-member-role');
    fireEvent.change(select, { target: { value: 'admin' } });
    expect(await screen.findByText(/An organization keeps at least one owner/)).toBeTruthy();
  });

  it('transfers ownership after choosing a member and confirming', async () => {
    const calls = renderAs('owner', {
      'POST orgs/o1/transfer': () => json(200, orgFixture({ role: 'admin' })),
    });
    fireEvent.click(await screen.findByTestId('org-transfer-open'));
    const dialog = await screen.findByTestId('org-transfer');
    const select = within(dialog).getByTestId('org-transfer-member') as HTMLSelectElement;
    // The caller is not offered.
    expect([...select.options].map((o) => o.value)).toEqual(['', 'u2', 'u3']);
    fireEvent.change(select, { target: { value: 'u3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByTestId('org-transfer-confirm')).textContent).toContain('Make Member Park the owner');
    expect(calls.some((c) => c.path === 'orgs/o1/transfer')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(calls.find((c) => c.path === 'orgs/o1/transfer')?.body).toEqual({ userId: 'u3' }));
    expect(await screen.findByText('Member Park is now the owner.')).toBeTruthy();
  });

  it('deletes an empty organization and goes back to Personal', async () => {
    let orgs = [orgFixture({ memberCount: 1 })];
    const calls = renderAs('owner', {
      'GET orgs': () => json(200, orgs),
      'GET orgs/o1/members': () => json(200, [memberFixture()]),
      'DELETE orgs/o1': () => {
        orgs = [];
        return json(204);
      },
    });
    const button = (await screen.findByTestId('org-delete')) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete organization' }));
    expect(await screen.findByTestId('org-personal')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === 'orgs/o1')).toBe(true);
    expect(organization.currentOrganizationId).toBeNull();
  });
});
