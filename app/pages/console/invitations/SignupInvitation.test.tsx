import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '../../../api/session';
import { getAccessToken } from '../../../api/tokenStorage';
import { setLoggedOut } from '../../../state/auth';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { apiError, json, stubFetch } from '../../../test/stubFetch';
import { testUser } from '../../../test/testUser';
import SignupPage from '../../auth/SignupPage';

const KEY = 'k'.repeat(43);
const preview = {
  kind: 'project',
  targetName: '불량 검출',
  inviterName: '김라벨',
  email: 'new@maru.ai',
  expiresAt: '2026-01-08T00:00:00Z',
};

beforeEach(() => {
  localStorage.clear();
  setLoggedOut();
  resetSessionForTests();
});
afterEach(() => vi.unstubAllGlobals());

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'New Person' } });
  fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'abcdefgh1!' } });
  fireEvent.change(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), {
    target: { value: 'abcdefgh1!' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('sign-up from an invitation link', () => {
  it('shows the invitation, locks the address, sends the key and signs in at once into the console', async () => {
    const calls = stubFetch({
      [`GET invitations/${KEY}`]: () => json(200, preview),
      'POST auth/register': () => json(201, { status: 'joined', token: 'A9', refreshToken: 'R9' }),
      'GET auth/user': () => json(200, testUser({ email: 'new@maru.ai' })),
    });
    const { location } = renderWithProviders(<SignupPage />, {
      path: `/login/signup?invitation=${KEY}`,
      locale: 'en',
    });
    const notice = await screen.findByTestId('invitation-notice');
    expect(notice.textContent).toContain('김라벨 invited you to the project 불량 검출.');
    expect(notice.textContent).toContain('Sign up with new@maru.ai to join.');
    const email = screen.getByLabelText(/^E-mail/) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('new@maru.ai'));
    expect(email.readOnly).toBe(true);

    fillAndSubmit();
    await waitFor(() => expect(getAccessToken()).toBe('Bearer A9'));
    expect(calls.find((c) => c.path === 'auth/register')?.body).toEqual({
      name: 'New Person',
      email: 'new@maru.ai',
      password: 'abcdefgh1!',
      locale: 'en',
      invitation: KEY,
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/console'));
    expect(screen.queryByText('Check your inbox')).toBeNull();
  });

  it('an invalid or expired link: a clear message and the plain form, without the key', async () => {
    const calls = stubFetch({
      [`GET invitations/${KEY}`]: () => apiError(400, 'invalid_key'),
      'POST auth/register': () => json(202, { status: 'verification_sent' }),
    });
    renderWithProviders(<SignupPage />, { path: `/login/signup?invitation=${KEY}`, locale: 'en' });
    expect((await screen.findByTestId('invitation-invalid')).textContent).toContain(
      'This invitation link is not valid: it has expired, was revoked or was already used.',
    );
    const email = screen.getByLabelText(/^E-mail/) as HTMLInputElement;
    expect(email.readOnly).toBe(false);
    fireEvent.change(email, { target: { value: 'someone@maru.ai' } });
    fillAndSubmit();
    expect(await screen.findByText('Check your inbox')).toBeTruthy();
    expect(calls.find((c) => c.path === 'auth/register')?.body).toEqual({
      name: 'New Person',
      email: 'someone@maru.ai',
      password: 'abcdefgh1!',
      locale: 'en',
    });
  });

  it('says it in Korean too', async () => {
    stubFetch({ [`GET invitations/${KEY}`]: () => apiError(400, 'invalid_key') });
    renderWithProviders(<SignupPage />, { path: `/login/signup?invitation=${KEY}` });
    expect((await screen.findByTestId('invitation-invalid')).textContent).toContain('유효하지 않은 초대 링크입니다.');
  });

  it('a malformed key is refused without asking the server', async () => {
    const calls = stubFetch({});
    renderWithProviders(<SignupPage />, { path: '/login/signup?invitation=short', locale: 'en' });
    expect((await screen.findByTestId('invitation-invalid')).textContent).toContain(
      'This invitation link is not valid',
    );
    expect(calls).toHaveLength(0);
  });
});
