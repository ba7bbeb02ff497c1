import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../contract/routes';
import { resetSessionForTests } from '../../api/session';
import { getAccessToken } from '../../api/tokenStorage';
import { auth, setLoggedOut } from '../../state/auth';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiError, json, stubFetch } from '../../test/stubFetch';
import LoginAuthPage from './LoginAuthPage';
import LoginResetPage from './LoginResetPage';
import SignupPage from './SignupPage';
import { testUser } from '../../test/testUser';

const reset = (
  <Route path={paths.loginReset}>
    <LoginResetPage />
  </Route>
);
const verify = (
  <Route path={paths.loginAuth}>
    <LoginAuthPage />
  </Route>
);
const user = testUser();

beforeEach(() => {
  localStorage.clear();
  setLoggedOut();
  resetSessionForTests();
});
afterEach(() => vi.unstubAllGlobals());

describe('LoginResetPage', () => {
  it('asks for a reset link and says it was sent', async () => {
    const calls = stubFetch({ 'POST auth/password/reset-request': () => json(202, { status: 'sent' }) });
    renderWithProviders(reset, { path: '/login/reset' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('비밀번호 재설정');
    fireEvent.change(screen.getByLabelText(/이메일/), { target: { value: 'kim@maru.ai' } });
    fireEvent.click(screen.getByRole('button', { name: '재설정 링크 받기' }));
    expect(await screen.findByTestId('reset-sent')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: 'kim@maru.ai', locale: 'ko' });
  });

  it('checks the new password and its confirmation with the spec messages', () => {
    const calls = stubFetch({});
    renderWithProviders(reset, { path: '/login/reset/abc123' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('새 비밀번호 설정');
    fireEvent.change(screen.getByLabelText('새 비밀번호', { selector: 'input' }), { target: { value: 'short1!' } });
    fireEvent.change(screen.getByLabelText(/비밀번호 확인/, { selector: 'input' }), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(screen.getByText('비밀번호는 9~20자로 입력해주세요.', { exact: false })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sets the new password and goes to sign in; a bad key asks for a new link', async () => {
    let good = true;
    const calls = stubFetch({ 'POST auth/password/reset': () => (good ? json(204) : apiError(400, 'invalid_key')) });
    const { location } = renderWithProviders(reset, { path: '/login/reset/k1' });
    fireEvent.change(screen.getByLabelText('새 비밀번호', { selector: 'input' }), { target: { value: 'newpass12!' } });
    fireEvent.change(screen.getByLabelText(/비밀번호 확인/, { selector: 'input' }), {
      target: { value: 'newpass12!' },
    });
    good = false;
    fireEvent.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByTestId('reset-invalid-key')).toBeTruthy();
    good = true;
    fireEvent.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login?reset=done'));
    expect(calls.at(-1)?.body).toEqual({ key: 'k1', newPassword: 'newpass12!', confirmPassword: 'newpass12!' });
  });
});

describe('LoginAuthPage', () => {
  it('a good key signs in once and goes to the console', async () => {
    const calls = stubFetch({
      'POST auth/verify': () => json(200, { token: 'A1', refreshToken: 'R1' }),
      'GET auth/user': () => json(200, user),
    });
    const { location } = renderWithProviders(verify, { path: '/login/auth/good-key' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('이메일을 인증하고 있습니다');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/console'));
    expect(getAccessToken()).toBe('Bearer A1');
    expect(auth.loggedIn).toBe(true);
    expect(calls.filter((c) => c.path === 'auth/verify')).toHaveLength(1);
  });

  it('a bad key explains and offers to resend', async () => {
    stubFetch({ 'POST auth/verify': () => apiError(400, 'invalid_key') });
    renderWithProviders(verify, { path: '/login/auth/bad-key' });
    expect(await screen.findByText('인증 링크를 확인할 수 없습니다')).toBeTruthy();
    expect(screen.getByTestId('resend-form')).toBeTruthy();
  });

  it('without a key: a clear message and the resend form', () => {
    stubFetch({});
    renderWithProviders(verify, { path: '/login/auth' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('인증 링크가 필요합니다');
    expect(screen.getByRole('button', { name: '인증 메일 보내기' })).toBeTruthy();
  });
});

describe('SignupPage', () => {
  it('validates with the contract messages, then shows "check your mailbox"', async () => {
    const calls = stubFetch({ 'POST auth/register': () => json(202, { status: 'verification_sent' }) });
    renderWithProviders(<SignupPage />, { path: '/login/signup', locale: 'en' });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: ' Kim' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'kim@maru' } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'abcdefgh1!' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), {
      target: { value: 'abcdefgh1?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Cannot start with blanks.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('The password confirmation does not match.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Kim Label' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'kim@maru.ai' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), {
      target: { value: 'abcdefgh1!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Check your inbox')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ name: 'Kim Label', email: 'kim@maru.ai', password: 'abcdefgh1!', locale: 'en' });
  });

  it('shows a server field error under its field', async () => {
    stubFetch({ 'POST auth/register': () => apiError(400, 'validation', { fields: { name: 'validation:name' } }) });
    renderWithProviders(<SignupPage />, { path: '/login/signup', locale: 'en' });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Kim' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'kim@maru.ai' } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'abcdefgh1!' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), {
      target: { value: 'abcdefgh1!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Name is not appropriate.')).toBeTruthy();
  });
});
