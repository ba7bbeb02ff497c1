import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { paths } from '../../../contract/routes';
import { resetSessionForTests } from '../../api/session';
import { getRefreshToken, storeTokens } from '../../api/tokenStorage';
import { setLoggedOut } from '../../state/auth';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiError, json, stubFetch } from '../../test/stubFetch';
import SettingsPage from './SettingsPage';
import { testUser } from '../../test/testUser';

const user = testUser({ introduction: '안녕하세요', notifications: { notice: true, training: false, market: false } });
const page = (
  <Switch>
    <Route path={paths.consoleSettings}>
      <SettingsPage />
    </Route>
    <Route path={paths.login}>
      <p>login page</p>
    </Route>
  </Switch>
);

beforeEach(() => {
  localStorage.clear();
  setLoggedOut();
  resetSessionForTests();
});
afterEach(() => vi.unstubAllGlobals());

describe('console auth guard', () => {
  it('sends a signed-out visitor to /login remembering the path', async () => {
    stubFetch({});
    const { location } = renderWithProviders(page, { path: '/console/settings?tab=security' });
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/login?redirect=%2Fconsole%2Fsettings%3Ftab%3Dsecurity'),
    );
    expect(screen.getByText('login page')).toBeTruthy();
  });

  it('a refused token also ends at /login', async () => {
    storeTokens({ token: 'A0', refreshToken: 'R0' });
    stubFetch({
      'GET auth/user': () => apiError(401, 'unauthorized'),
      'POST auth/refresh': () => apiError(401, 'unauthorized'),
    });
    const { location } = renderWithProviders(page, { path: '/console/settings' });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login?redirect=%2Fconsole%2Fsettings'));
  });

  it('shows My settings to a signed-in user', async () => {
    storeTokens({ token: 'A1', refreshToken: 'R1' });
    stubFetch({ 'GET auth/user': () => json(200, user), 'GET auth/alerts': () => json(200, []) });
    renderWithProviders(page, { path: '/console/settings', locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My settings' })).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('김라벨');
    expect(await screen.findByText('You have no alerts.')).toBeTruthy();
  });
});

describe('My settings forms', () => {
  async function openSettings(extra: Parameters<typeof stubFetch>[0] = {}) {
    storeTokens({ token: 'A1', refreshToken: 'R1' });
    const calls = stubFetch({
      'GET auth/user': () => json(200, user),
      'GET auth/alerts': () => json(200, []),
      ...extra,
    });
    renderWithProviders(page, { path: '/console/settings', locale: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'My settings' });
    return calls;
  }

  it('name and introduction follow the spec rules before anything is sent', async () => {
    const calls = await openSettings();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Kim123' } });
    fireEvent.change(screen.getByLabelText(/^Introduction/), { target: { value: 'x'.repeat(101) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Name is not appropriate.')).toBeTruthy();
    expect(screen.getByText('Exceeded 100 characters.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('saving the profile says "Saved successfully."', async () => {
    const calls = await openSettings({ 'PATCH auth/user': ({ body }) => json(200, { ...user, ...(body as object) }) });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Kim Label' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved successfully.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Kim Label', introduction: '안녕하세요' });
  });

  it('password change: confirmation mismatch, the wrong current password from the server, then success', async () => {
    let currentOk = false;
    await openSettings({
      'POST auth/password': () =>
        currentOk
          ? json(200, { token: 'after-change', refreshToken: 'rt-after-change' })
          : apiError(400, 'validation', { fields: { currentPassword: 'validation:password.currentMismatch' } }),
    });
    const form = screen.getByTestId('password-form');
    const input = (label: RegExp) => form.querySelector(`input[name="${label.source}"]`) as HTMLInputElement;
    fireEvent.change(input(/currentPassword/), { target: { value: 'oldpass12!' } });
    fireEvent.change(input(/newPassword/), { target: { value: 'newpass12!' } });
    fireEvent.change(input(/confirmPassword/), { target: { value: 'newpass12?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('The password to change does not match.')).toBeTruthy();
    fireEvent.change(input(/confirmPassword/), { target: { value: 'newpass12!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password does not match.')).toBeTruthy();
    currentOk = true;
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    // Other sessions ended on the server; this one goes on with the new pair.
    expect(getRefreshToken()).toBe('rt-after-change');
  });
});
