import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { href, paths } from '../../../contract/routes';
import { resetSessionForTests } from '../../api/session';
import { storeTokens } from '../../api/tokenStorage';
import { setLoggedOut } from '../../state/auth';
import { renderWithProviders } from '../../test/renderWithProviders';
import { json, stubFetch } from '../../test/stubFetch';
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

  it('an empty answer or something that is not an e-mail gives "user not found"', async () => {
    stubFetch({ 'GET auth/user': () => json(200, me), 'GET auth/user/email/ghost%40maru.ai': () => json(200, []) });
    renderWithProviders(page, { path: href.consoleUser('ghost@maru.ai') });
    expect(await screen.findByTestId('user-not-found')).toBeTruthy();
  });

  it('shows "user not found" for a parameter that is not an e-mail', async () => {
    stubFetch({ 'GET auth/user': () => json(200, me) });
    renderWithProviders(page, { path: '/console/user/nobody' });
    expect(await screen.findByTestId('user-not-found')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('decodes the parameter safely', () => {
    expect(emailFromParam('a%40b.co')).toBe('a@b.co');
    expect(emailFromParam('%E0%A4%A')).toBeNull();
    expect(emailFromParam(undefined)).toBeNull();
  });
});
