import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_TOKEN_KEY, storeTokens } from '../../api/tokenStorage';
import { json, stubFetch } from '../../test/stubFetch';
import { auth, setLoggedIn, setLoggedOut } from '../../state/auth';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AuthButtons } from './AuthButtons';
import { testUser } from '../../test/testUser';

afterEach(() => {
  setLoggedOut();
  vi.unstubAllGlobals();
});

describe('header auth buttons', () => {
  it('logged out: start and sign-in', () => {
    renderWithProviders(<AuthButtons />);
    expect(screen.getByRole('link', { name: '시작하기' })).toHaveProperty('href', expect.stringMatching(/\/console$/));
    expect(screen.getByRole('link', { name: '로그인' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: '로그아웃' })).toBeNull();
  });

  it('logged in: the avatar with the name and start console (same tab); logout in the avatar menu revokes the refresh token, clears the user and lands home', async () => {
    const calls = stubFetch({ 'POST auth/logout': () => json(204) });
    storeTokens({ token: 'A1', refreshToken: 'R1' });
    setLoggedIn(testUser({ id: '7', name: 'Kim Label', email: 'label@maru.ai' }));
    const { location } = renderWithProviders(<AuthButtons />, { locale: 'en', path: '/pricing' });
    const consoleLink = screen.getByRole('link', { name: 'Start console' });
    expect(consoleLink.getAttribute('target')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    const trigger = await screen.findByRole('button', { name: 'Account menu: Kim Label' });
    expect(within(trigger).getByTestId('header-user-name').textContent).toBe('Kim Label');
    expect(within(trigger).getByTestId('user-avatar').textContent).toBe('K');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(auth.loggedIn).toBe(false));
    expect(location.history?.at(-1)).toBe('/');
    expect(auth.user).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(calls.find((c) => c.path === 'auth/logout')?.body).toEqual({ refreshToken: 'R1' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});
