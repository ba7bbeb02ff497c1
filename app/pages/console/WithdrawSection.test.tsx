import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { WithdrawalPlan } from '../../../contract/apiAccount';
import { queryClient } from '../../api/queryClient';
import { resetSessionForTests } from '../../api/session';
import { getAccessToken, storeTokens } from '../../api/tokenStorage';
import { setLoggedOut } from '../../state/auth';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiError, json, stubFetch } from '../../test/stubFetch';
import { testUser } from '../../test/testUser';
import { ConsoleScope } from './ConsoleScope';
import { WITHDRAWN_FLAG } from './WithdrawnNotice';
import { WithdrawSection } from './WithdrawSection';

const me = testUser({ email: 'me@maru.ai' });
const none = { organizations: [], projects: [] };
const plan = (over: Partial<WithdrawalPlan> = {}): WithdrawalPlan => ({
  confirmWith: 'password',
  deletes: none,
  blockers: none,
  ...over,
});
// On its own route, as in the app: leaving the page unmounts the console and its sign-in guard.
const ui = (
  <Route path="/console/settings">
    <ConsoleScope>
      <WithdrawSection />
    </ConsoleScope>
  </Route>
);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  queryClient.clear();
  setLoggedOut();
  resetSessionForTests();
  storeTokens({ token: 'A1', refreshToken: 'R1' });
});
afterEach(() => vi.unstubAllGlobals());

const fill = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('WithdrawSection', () => {
  it('lists what goes with the account, asks for the password and the typed address, then signs out home', async () => {
    const calls = stubFetch({
      'GET auth/user': () => json(200, me),
      'GET auth/user/withdraw': () =>
        json(200, plan({ deletes: { organizations: [{ id: 'o1', name: 'Solo' }], projects: [] } })),
      'POST auth/user/withdraw': (call) =>
        (call.body as { password: string }).password === 'Right12!x'
          ? json(204)
          : apiError(400, 'validation', { fields: { password: 'validation:password.currentMismatch' } }),
      'POST auth/logout': () => json(204),
    });
    const { location } = renderWithProviders(ui, { path: '/console/settings', locale: 'en' });
    expect(await screen.findByText('Organization Solo')).toBeTruthy();

    fill('Password', 'Wrong12!x');
    fill(/Type your e-mail address/, 'someone@else.ai');
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Type your e-mail address exactly as shown.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fill(/Type your e-mail address/, ' ME@maru.ai ');
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Current password does not match.')).toBeTruthy();
    expect(getAccessToken()).toBe('Bearer A1');

    fill('Password', 'Right12!x');
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/en'));
    expect(getAccessToken()).toBeNull();
    expect(sessionStorage.getItem(WITHDRAWN_FLAG)).toBe('1');
    expect(calls.filter((c) => c.path === 'auth/user/withdraw' && c.method === 'POST').map((c) => c.body)).toEqual([
      { password: 'Wrong12!x' },
      { password: 'Right12!x' },
    ]);
  });

  it('shows what must be handed over first and does not offer the deletion', async () => {
    stubFetch({
      'GET auth/user': () => json(200, me),
      'GET auth/user/withdraw': () =>
        json(200, plan({ blockers: { organizations: [{ id: 'o1', name: 'Vision Team' }], projects: [] } })),
    });
    renderWithProviders(ui, { path: '/console/settings' });
    const blocked = await screen.findByTestId('withdraw-blocked');
    expect(blocked.textContent).toContain('조직 Vision Team: 다른 멤버에게 소유권을 넘겨주세요');
    expect(screen.getByRole('link', { name: '조직 페이지로 이동' }).getAttribute('href')).toBe('/console/organization');
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends an account without a password through its provider and back, and says so when the sign-in is stale', async () => {
    const calls = stubFetch({
      'GET auth/user': () => json(200, me),
      'GET auth/user/withdraw': () => json(200, plan({ confirmWith: 'oauth' })),
      'GET auth/oauth/providers': () => json(200, ['google']),
      'POST auth/user/withdraw': () => apiError(428, 'reauth_required'),
    });
    renderWithProviders(ui, { path: '/console/settings', locale: 'en' });
    const again = await screen.findByRole('link', { name: 'Sign in again with Google' });
    expect(again.getAttribute('href')).toContain(
      `redirect=${encodeURIComponent('/en/console/settings#withdraw-title')}`,
    );
    expect(screen.queryByLabelText('Password')).toBeNull();

    fill(/Type your e-mail address/, 'me@maru.ai');
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(
      await screen.findByText(
        'To delete the account, sign in again with your Google or Naver account within 10 minutes.',
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ refreshToken: 'R1' });
    expect(getAccessToken()).toBe('Bearer A1');
  });
});
