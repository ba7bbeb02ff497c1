import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Invitation } from '../../../../contract/apiInvitations';
import { queryClient } from '../../../api/queryClient';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { json, stubFetch } from '../../../test/stubFetch';
import { ProjectMembersSection } from '../projects/ProjectMembersSection';
import { projectFixture } from '../projects/projectsTestData';
import { ConsoleToaster } from '../toaster';
import { PendingInvitations } from './PendingInvitations';

signedInConsoleTests();

function invitation(over: Partial<Invitation> = {}): Invitation {
  return {
    id: 'i1',
    kind: 'project',
    targetId: 'p1',
    email: 'new@maru.ai',
    role: 'worker',
    state: 'pending',
    invitedBy: { id: 'u1', name: '김라벨' },
    createdAt: '2026-01-01T00:00:00Z',
    sentAt: '2026-01-01T00:00:00Z',
    expiresAt: '2026-01-08T00:00:00Z',
    ...over,
  };
}

const withQueries = (ui: React.ReactNode) => (
  <QueryClientProvider client={queryClient}>
    {ui}
    <ConsoleToaster />
  </QueryClientProvider>
);

describe('PendingInvitations', () => {
  it('lists pending and expired invitations with role, inviter, sent and expiry times', async () => {
    stubFetch({
      'GET orgs/o1/invitations': () =>
        json(200, [
          invitation({ kind: 'organization', targetId: 'o1', role: 'admin' }),
          invitation({ id: 'i2', kind: 'organization', targetId: 'o1', email: 'old@maru.ai', state: 'expired' }),
        ]),
    });
    renderWithProviders(withQueries(<PendingInvitations kind="organization" targetId="o1" canManage={false} />), {
      locale: 'en',
    });
    const rows = await screen.findAllByTestId('invitation-row');
    expect(rows).toHaveLength(2);
    // Korean time, whatever the machine's zone.
    expect(rows[0]!.textContent).toContain('new@maru.ai');
    expect(rows[0]!.textContent).toContain('Admin · invited by 김라벨 · sent 2026-01-01 09:00');
    expect(rows[0]!.textContent).toContain('Expires 2026-01-08 09:00');
    expect(rows[1]!.textContent).toContain('Expired');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
  });

  it('resends, and revokes only after confirmation', async () => {
    let list = [invitation(), invitation({ id: 'i2', email: 'two@maru.ai' })];
    const calls = stubFetch({
      'GET projects/p1/invitations': () => json(200, list),
      'POST projects/p1/invitations/i1/resend': () => json(200, invitation({ sentAt: '2026-01-02T00:00:00Z' })),
      'DELETE projects/p1/invitations/i2': () => {
        list = list.filter((i) => i.id !== 'i2');
        return json(204);
      },
    });
    renderWithProviders(withQueries(<PendingInvitations kind="project" targetId="p1" canManage />));
    fireEvent.click(await screen.findByRole('button', { name: 'new@maru.ai(으)로 초대 다시 보내기' }));
    expect(await screen.findByText('new@maru.ai(으)로 초대 메일을 다시 보냈습니다.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === 'projects/p1/invitations/i1/resend')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'two@maru.ai 초대 취소' }));
    expect(await screen.findByText('two@maru.ai 초대를 취소할까요? 초대 링크는 더 이상 쓸 수 없습니다.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '초대 취소' }));
    await waitFor(() => expect(screen.getAllByTestId('invitation-row')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['projects/p1/invitations/i2']);
  });

  it('says so when nothing is waiting', async () => {
    stubFetch({ 'GET projects/p1/invitations': () => json(200, []) });
    renderWithProviders(withQueries(<PendingInvitations kind="project" targetId="p1" canManage />), { locale: 'en' });
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No invitations are waiting.');
  });
});

describe('ProjectMembersSection invite', () => {
  it('an address without an account: "Invitation sent", and it joins the pending list', async () => {
    let pending: Invitation[] = [];
    const calls = stubFetch({
      'GET projects/p1/members': () => json(200, []),
      'GET projects/p1/invitations': () => json(200, pending),
      'POST projects/p1/members': () => {
        pending = [invitation()];
        return json(202, invitation());
      },
    });
    renderWithProviders(withQueries(<ProjectMembersSection project={projectFixture()} />), { locale: 'en' });
    const form = await screen.findByTestId('member-invite');
    fireEvent.change(within(form).getByRole('textbox', { name: /E-mail/ }), { target: { value: 'new@maru.ai' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(
      await screen.findByText('Invitation sent to new@maru.ai. They join once they sign up with this address.'),
    ).toBeTruthy();
    expect(await screen.findByTestId('invitation-row')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'new@maru.ai', role: 'member' });
  });

  it('shows no pending invitations to those who are not admins', async () => {
    const calls = stubFetch({ 'GET projects/p1/members': () => json(200, []) });
    renderWithProviders(withQueries(<ProjectMembersSection project={projectFixture({ role: 'member' })} />));
    await screen.findByTestId('empty-state');
    expect(screen.queryByTestId('pending-invitations')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/invitations'))).toBe(false);
  });
});
