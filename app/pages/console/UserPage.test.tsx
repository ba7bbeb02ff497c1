import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { href, paths } from '../../../contract/routes';
import { resetSessionForTests } from '../../api/session';
import { storeTokens } from '../../api/tokenStorage';
import { setLoggedOut } from '../../state/auth';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiError, json, stubFetch } from '../../test/stubFetch';
import { emailFromParam } from './emailFromParam';
import UserPage from './UserPage';
import { testUser } from '../../test/testUser';

const page = (
  <Route path={paths.consoleUser}>
    <UserPage />
  </Route>
);
const me = testUser({ notifications: { notice: true, training: false, market: false } });

beforeEach(() => {
  localStorage.clear();
  setLoggedOut();
  resetSessionForTests();
  storeTokens({ token: 'A1', refreshToken: 'R1' });
});
afterEach(() => vi.unstubAllGlobals());

describe('UserPage', () => {
  it('loads the profile by e-mail (GET auth/user/email/:email, first item of the list)', async () => {
    const calls = stubFetch({
      'GET auth/user': () => json(200, me),
      'GET auth/user/email/kim.doyun%40maru.ai': () =>
        json(200, [{ name: '김도윤', email: 'kim.doyun@maru.ai', avatar: null, introduction: '라벨링을 좋아합니다.' }]),
    });
    renderWithProviders(page, { path: href.consoleUser('kim.doyun@maru.ai') });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('김도윤');
    expect(screen.getByTestId('user-introduction').textContent).toBe('라벨링을 좋아합니다.');
    expect(calls.some((c) => c.path === 'auth/user/email/kim.doyun%40maru.ai')).toBe(true);
  });

  it('a valid address with no account says there is no such user, naming the address', async () => {
    stubFetch({ 'GET auth/user': () => json(200, me), 'GET auth/user/email/ghost%40maru.ai': () => json(200, []) });
    renderWithProviders(page, { path: href.consoleUser('ghost@maru.ai') });
    const notFound = await screen.findByTestId('user-not-found');
    expect(notFound.dataset.reason).toBe('noAccount');
    expect(notFound.textContent).toContain('ghost@maru.ai 주소로 가입한 사용자가 없습니다.');
    expect(notFound.textContent).not.toContain('올바르지 않습니다');
  });

  it('the same in English', async () => {
    stubFetch({ 'GET auth/user': () => json(200, me), 'GET auth/user/email/ghost%40maru.ai': () => json(200, []) });
    renderWithProviders(page, { path: href.consoleUser('ghost@maru.ai'), locale: 'en' });
    const notFound = await screen.findByTestId('user-not-found');
    expect(notFound.textContent).toContain('No one has an account with the address ghost@maru.ai.');
    expect(notFound.textContent).not.toContain('not valid');
  });

  it('a parameter that is not an e-mail says the address is not valid, without asking the server', async () => {
    const calls = stubFetch({ 'GET auth/user': () => json(200, me) });
    renderWithProviders(page, { path: '/console/user/nobody' });
    const notFound = await screen.findByTestId('user-not-found');
    expect(notFound.dataset.reason).toBe('invalid');
    expect(notFound.textContent).toContain('주소에 담긴 이메일이 올바르지 않습니다.');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(calls.some((c) => c.path.startsWith('auth/user/email/'))).toBe(false);
  });

  it('an address the server refuses as invalid says it is not valid', async () => {
    stubFetch({
      'GET auth/user': () => json(200, me),
      'GET auth/user/email/a%40b.c': () => apiError(400, 'validation', { fields: { email: 'validation:email' } }),
    });
    renderWithProviders(page, { path: href.consoleUser('a@b.c') });
    expect((await screen.findByTestId('user-not-found')).dataset.reason).toBe('invalid');
  });

  it('a failed lookup is an error with a retry, not "no such user"', async () => {
    let fail = true;
    stubFetch({
      'GET auth/user': () => json(200, me),
      'GET auth/user/email/kim%40maru.ai': () =>
        fail
          ? apiError(403, 'forbidden')
          : json(200, [{ name: '김라벨', email: 'kim@maru.ai', avatar: null, introduction: '' }]),
    });
    renderWithProviders(page, { path: href.consoleUser('kim@maru.ai') });
    const failed = await screen.findByTestId('user-load-failed');
    expect(failed.textContent).toContain('사용자 정보를 불러오지 못했습니다.');
    expect(screen.queryByTestId('user-not-found')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('김라벨');
  });

  it('decodes the parameter safely', () => {
    expect(emailFromParam('a%40b.co')).toBe('a@b.co');
    expect(emailFromParam('%E0%A4%A')).toBeNull();
    expect(emailFromParam(undefined)).toBeNull();
  });
});
