import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../contract/routes';
import { renderWithProviders } from '../../test/renderWithProviders';
import LoginAuthPage from './LoginAuthPage';
import LoginResetPage from './LoginResetPage';

const reset = <Route path={paths.loginReset}><LoginResetPage /></Route>;

describe('LoginResetPage', () => {
  it('asks for the e-mail without a key, and says nothing was sent', () => {
    renderWithProviders(reset, { path: '/login/reset' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('비밀번호 재설정');
    fireEvent.change(screen.getByLabelText(/이메일/), { target: { value: 'kim@maru.ai' } });
    fireEvent.click(screen.getByRole('button', { name: '재설정 링크 받기' }));
    expect(screen.getByTestId('not-connected')).toBeTruthy();
  });

  it('checks the new password and its confirmation with a key', () => {
    renderWithProviders(reset, { path: '/login/reset/abc123' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('새 비밀번호 설정');
    const password = screen.getByLabelText('새 비밀번호', { selector: 'input' });
    fireEvent.change(password, { target: { value: 'short1!' } });
    fireEvent.change(screen.getByLabelText(/비밀번호 확인/, { selector: 'input' }), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(screen.getByText('비밀번호 규칙을 모두 충족해야 합니다.')).toBeTruthy();
    expect(screen.getByText('비밀번호가 일치하지 않습니다.')).toBeTruthy();
    expect(password.getAttribute('aria-describedby')).toContain('helper-text');
    expect(screen.queryByTestId('not-connected')).toBeNull();
  });
});

describe('LoginAuthPage', () => {
  const page = <Route path={paths.loginAuth}><LoginAuthPage /></Route>;
  it('shows the verifying state with a key and the inbox instructions without one', () => {
    renderWithProviders(page, { path: '/login/auth/k1' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('이메일을 인증하고 있습니다');
    expect(screen.getByRole('link', { name: '로그인으로 이동' }).getAttribute('href')).toBe('/login');
  });
  it('offers a disabled resend button with its reason', () => {
    renderWithProviders(page, { path: '/login/auth' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('메일함을 확인해 주세요');
    expect((screen.getByRole('button', { name: '인증 메일 다시 보내기' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
