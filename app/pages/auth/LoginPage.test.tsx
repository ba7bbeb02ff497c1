import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import LoginPage from './LoginPage';
import { confirmError, emailError, newPasswordError } from './authRules';

describe('LoginPage', () => {
  it('has one h1, labelled fields and no social buttons while none is configured', () => {
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByLabelText(/이메일/)).toBeTruthy();
    expect(screen.getByLabelText(/^비밀번호/, { selector: 'input' })).toBeTruthy();
    expect(screen.queryByTestId('social-login')).toBeNull();
    expect(screen.getByRole('link', { name: '비밀번호를 잊으셨나요?' }).getAttribute('href')).toBe('/login/reset');
  });

  it('shows translated messages on an invalid submit and never pretends to sign in', () => {
    renderWithProviders(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(screen.getByText('이메일을 입력해 주세요.')).toBeTruthy();
    expect(screen.getByText('비밀번호를 입력해 주세요.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/이메일/), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(screen.getByText('올바른 이메일 주소를 입력해 주세요.')).toBeTruthy();
    expect(screen.queryByTestId('not-connected')).toBeNull();
  });

  it('says the account service is not connected after a valid submit', () => {
    renderWithProviders(<LoginPage />, { path: '/login' });
    fireEvent.change(screen.getByLabelText(/이메일/), { target: { value: 'kim@maru.ai' } });
    fireEvent.change(screen.getByLabelText(/^비밀번호/, { selector: 'input' }), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(screen.getByTestId('not-connected').textContent).toContain('계정 서비스가 연결되면');
  });

  it('shows the social buttons only for configured providers', () => {
    renderWithProviders(<LoginPage socialProviders={['google']} />, { path: '/login' });
    expect(screen.getByRole('button', { name: 'Google로 계속하기' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '네이버로 계속하기' })).toBeNull();
  });
});

describe('auth rules', () => {
  it('checks e-mail and the password rule', () => {
    expect(emailError('  ')).toBe('emailRequired');
    expect(emailError('a@b')).toBe('emailInvalid');
    expect(emailError(' kim@maru.ai ')).toBeNull();
    expect(newPasswordError('')).toBe('passwordRequired');
    expect(newPasswordError('abcdefgh1')).toBe('passwordRule');
    expect(newPasswordError('abcdef1!')).toBe('passwordRule');
    expect(newPasswordError('abcdefg1!')).toBeNull();
    expect(newPasswordError('abcdefg1! ')).toBe('passwordRule');
    expect(newPasswordError(`a1!${'x'.repeat(18)}`)).toBe('passwordRule');
    expect(confirmError('abcdefg1!', '')).toBe('confirmRequired');
    expect(confirmError('abcdefg1!', 'abcdefg1?')).toBe('passwordMismatch');
    expect(confirmError('abcdefg1!', 'abcdefg1!')).toBeNull();
  });
});
