import { screen, waitFor } from '@testing-library/react';
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

  it('logged in: logout and start console (same tab); logout revokes the refresh token and clears the user', async () => {
    const calls = stubFetch({ 'POST auth/logout': () => json(204) });
    storeTokens({ token: 'A1', refreshToken: 'R1' });
    setLoggedIn(testUser({ id: '7', email: 'label@maru.ai' }));
    renderWithProviders(<AuthButtons />, { locale: 'en' });
    const consoleLink = screen.getByRole('link', { name: 'Start console' });
    expect(consoleLink.getAttribute('target')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(auth.loggedIn).toBe(false));
    expect(auth.user).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(calls.find((c) => c.path === 'auth/logout')?.body).toEqual({ refreshToken: 'R1' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});
