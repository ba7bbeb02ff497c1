import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '../../api/session';
import { getAccessToken } from '../../api/tokenStorage';
import { auth, setLoggedOut } from '../../state/auth';
import { initialUiState, setLoginLockStatus, ui } from '../../state/ui';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiError, json, stubFetch, type StubHandler } from '../../test/stubFetch';
import LoginPage from './LoginPage';
import { testUser } from '../../test/testUser';

const user = testUser();

beforeEach(() => {
  localStorage.clear();
  setLoggedOut();
  resetSessionForTests();
  setLoginLockStatus(initialUiState().loginLockStatus);
});
afterEach(() => vi.unstubAllGlobals());

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/이메일/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^비밀번호/, { selector: 'input' }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: '로그인' }));
}

function server(login: StubHandler, extra: Record<string, StubHandler> = {}) {
  return stubFetch({ 'POST auth/login': login, 'GET auth/user': () => json(200, user), ...extra });
}

describe('LoginPage', () => {
  it('has one h1, labelled fields, a sign-up link, and no social buttons when the server lists none', async () => {
    const calls = server(() => json(500));
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: '비밀번호를 잊으셨나요?' }).getAttribute('href')).toBe('/login/reset');
    expect(screen.getByRole('link', { name: '회원가입' }).getAttribute('href')).toBe('/login/signup');
    await waitFor(() => expect(calls.some((c) => c.path === 'auth/oauth/providers')).toBe(true));
    expect(screen.queryByTestId('social-login')).toBeNull();
  });

  it('shows the social buttons the server lists, pointing at the OAuth start', async () => {
    server(() => json(500), { 'GET auth/oauth/providers': () => json(200, ['naver']) });
    renderWithProviders(<LoginPage />, { path: '/login?redirect=%2Fconsole%2Fsettings' });
    const naver = await screen.findByRole('link', { name: '네이버로 계속하기' });
    expect(naver.getAttribute('href')).toBe('/api/auth/oauth/naver/start?redirect=%2Fconsole%2Fsettings');
    expect(screen.queryByRole('link', { name: 'Google로 계속하기' })).toBeNull();
  });

  it('shows why a social sign-in was refused (?oauthError=), and only known codes', async () => {
    server(() => json(500));
    const { unmount } = renderWithProviders(<LoginPage />, { path: '/login?oauthError=email_unverified' });
    expect(await screen.findByText(/이메일 인증이 아직/)).toBeTruthy();
    unmount();
    renderWithProviders(<LoginPage />, { path: '/login?oauthError=%3Cscript%3E' });
    expect(await screen.findByText(/소셜 로그인에 실패/)).toBeTruthy();
  });

  it('shows the validation messages of the contract and sends nothing', () => {
    const calls = server(() => json(500));
    renderWithProviders(<LoginPage />, { path: '/login' });
    fill('', '');
    expect(screen.getAllByText('값을 입력해주세요.')).toHaveLength(2);
    fill('not-an-email', 'x');
    expect(screen.getByText('올바른 이메일 형식이 아닙니다.')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'auth/login')).toHaveLength(0);
  });

  it('wrong password: the translated message, and the failure is counted', async () => {
    server(() => apiError(401, 'invalid_credentials'));
    renderWithProviders(<LoginPage />, { path: '/en/login'.replace('/en', ''), locale: 'en' });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'kim@maru.ai' } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'wrong-pass1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('login-error')).textContent).toContain('Your password is incorrect.');
    expect(ui.loginLockStatus.loginFailCount).toBe(1);
    expect(ui.loginLockStatus.latestLoginTryDate).toBeTypeOf('number');
    expect(ui.loginLockStatus.captchaActive).toBe(false);
  });

  it('captcha_required shows the "I am not a robot" check and blocks a try without it', async () => {
    const calls = server(() => apiError(428, 'captcha_required', { captchaRequired: true }));
    renderWithProviders(<LoginPage />, { path: '/login' });
    fill('kim@maru.ai', 'wrong-pass1!');
    expect(await screen.findByRole('checkbox', { name: '로봇이 아닙니다' })).toBeTruthy();
    expect(ui.loginLockStatus.captchaActive).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText('로봇이 아님을 먼저 확인해주세요.')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'auth/login')).toHaveLength(1);
  });

  it('email_unverified offers to resend the verification e-mail', async () => {
    const calls = server(() => apiError(403, 'email_unverified'), {
      'POST auth/verify/resend': () => json(202, { status: 'sent' }),
    });
    renderWithProviders(<LoginPage />, { path: '/login' });
    fill('kim@maru.ai', 'right-pass1!');
    fireEvent.click(await screen.findByRole('button', { name: '인증 메일 다시 보내기' }));
    expect(await screen.findByText('인증 메일을 다시 보냈습니다. 메일함을 확인해주세요.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'auth/verify/resend')?.body).toEqual({ email: 'kim@maru.ai', locale: 'ko' });
  });

  it('too_many_attempts says when to try again', async () => {
    server(() => apiError(429, 'too_many_attempts', { retryAfterS: 150 }));
    renderWithProviders(<LoginPage />, { path: '/login' });
    fill('kim@maru.ai', 'right-pass1!');
    expect((await screen.findByTestId('login-error')).textContent).toContain('3분 후에 다시 시도할 수 있습니다.');
  });

  it('a successful sign-in stores the tokens, loads the user and goes to the remembered page', async () => {
    server(() => json(200, { token: 'A1', refreshToken: 'R1' }));
    const { location } = renderWithProviders(<LoginPage />, { path: '/login?redirect=%2Fconsole%2Fsettings' });
    fill('kim@maru.ai', 'right-pass1!');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/console/settings'));
    expect(getAccessToken()).toBe('Bearer A1');
    expect(auth.user?.name).toBe('김라벨');
  });

  it('a crafted redirect to another site is ignored', async () => {
    server(() => json(200, { token: 'A1', refreshToken: 'R1' }));
    const { location } = renderWithProviders(<LoginPage />, { path: '/login?redirect=%2F%2Fevil.example%2Fx' });
    fill('kim@maru.ai', 'right-pass1!');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
  });
});
