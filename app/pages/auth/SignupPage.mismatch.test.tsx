import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '../../api/session';
import { setLoggedOut } from '../../state/auth';
import { renderWithProviders } from '../../test/renderWithProviders';
import { json, stubFetch } from '../../test/stubFetch';
import { passwordChangeSchema } from '../../../contract/validation';
import SignupPage from './SignupPage';

beforeEach(() => {
  localStorage.clear();
  setLoggedOut();
  resetSessionForTests();
});
afterEach(() => vi.unstubAllGlobals());

const texts = {
  ko: { name: '이름', email: '이메일', password: /^비밀번호/, confirm: /^비밀번호 확인/, submit: '가입하기' },
  en: { name: /^Name/, email: /^E-mail/, password: /^Password/, confirm: /^Confirm password/, submit: 'Sign up' },
};

describe('SignupPage: the confirmation does not match', () => {
  it.each([
    ['ko', '비밀번호 확인이 일치하지 않습니다.', '변경할 비밀번호가 일치하지 않습니다.'],
    ['en', 'The password confirmation does not match.', 'The password to change does not match.'],
  ] as const)(
    '%s: speaks of the confirmation, not of a password to change, and sends nothing',
    (locale, shown, not) => {
      const calls = stubFetch({ 'POST auth/register': () => json(201, {}) });
      renderWithProviders(<SignupPage />, { path: '/login/signup', locale });
      const l = texts[locale];
      const password = screen.getAllByLabelText(l.password, { selector: 'input' })[0]!;
      const confirm = screen.getByLabelText(l.confirm, { selector: 'input' });
      fireEvent.change(screen.getByLabelText(l.name, { selector: 'input' }), { target: { value: '김라벨' } });
      fireEvent.change(screen.getByLabelText(l.email, { selector: 'input' }), { target: { value: 'kim@maru.ai' } });
      fireEvent.change(password, { target: { value: 'rightpass1!' } });
      fireEvent.change(confirm, { target: { value: 'otherpass1!' } });
      expect(password).not.toBe(confirm);
      fireEvent.click(screen.getByRole('button', { name: l.submit }));
      expect(screen.getByText(shown)).toBeTruthy();
      expect(screen.queryByText(not)).toBeNull();
      expect(calls.filter((c) => c.path === 'auth/register')).toHaveLength(0);
    },
  );

  it('the password change form keeps "the password to change"', () => {
    const result = passwordChangeSchema.safeParse({
      currentPassword: 'oldpass1!',
      newPassword: 'rightpass1!',
      confirmPassword: 'otherpass1!',
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['validation:password.confirmMismatch']);
  });
});
