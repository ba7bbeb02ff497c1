import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../../api/tokenStorage';
import { auth, setLoggedIn, setLoggedOut } from '../../state/auth';
import { renderWithProviders } from '../../test/renderWithProviders';
import { json, stubFetch } from '../../test/stubFetch';
import { testUser } from '../../test/testUser';
import { DrawerAccount } from './DrawerAccount';

afterEach(() => {
  setLoggedOut();
  vi.unstubAllGlobals();
});

describe('the account part of the narrow-screen drawer', () => {
  it('signed out: the sign-in and start buttons', () => {
    renderWithProviders(<DrawerAccount onNavigate={() => {}} />);
    expect(screen.getByRole('link', { name: '로그인' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('drawer-account')).toBeNull();
  });

  it("signed in: who, the user's pages, and logout that closes the drawer and lands home", async () => {
    const calls = stubFetch({ 'POST auth/logout': () => json(204) });
    storeTokens({ token: 'A1', refreshToken: 'R1' });
    setLoggedIn(testUser({ name: 'Kim Label', email: 'kim@maru.ai' }));
    const onNavigate = vi.fn();
    const { location } = renderWithProviders(<DrawerAccount onNavigate={onNavigate} />, {
      locale: 'en',
      path: '/pricing',
    });
    expect(screen.getByText('Kim Label')).toBeTruthy();
    expect(screen.getByText('kim@maru.ai')).toBeTruthy();
    expect(screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['My profile', '/console/user/kim%40maru.ai'],
      ['My settings', '/console/settings'],
      ['Organization', '/console/organization'],
      ['Start console', '/console'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onNavigate).toHaveBeenCalled();
    await waitFor(() => expect(auth.loggedIn).toBe(false));
    expect(location.history?.at(-1)).toBe('/');
    await waitFor(() => expect(calls.find((c) => c.path === 'auth/logout')?.body).toEqual({ refreshToken: 'R1' }));
  });
});
