// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { auth, setLoggedIn, setLoggedOut } from '../state/auth';
import { apiError, json, stubFetch } from '../test/stubFetch';
import { apiFetch } from './apiFetch';
import { ApiRequestError } from './ApiRequestError';
import { bootstrapSession, resetSessionForTests } from './session';
import {
  BOGUS_TOKEN,
  getAccessToken,
  getRefreshToken,
  REFRESH_TOKEN_KEY,
  storeTokens,
  TOKEN_KEY,
} from './tokenStorage';
import { testUser } from '../test/testUser';

const okSchema = z.object({ ok: z.literal(true) });
const user = testUser();

beforeEach(() => {
  localStorage.clear();
  setLoggedOut();
  resetSessionForTests();
  history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A server whose access tokens are 'A0' (expired) and 'A1'; refresh rotates R0 → R1 after a pause. */
function expiringServer(refresh: () => Response = () => json(200, { token: 'A1', refreshToken: 'R1' })) {
  return stubFetch({
    'GET data': ({ headers }) =>
      headers.Authorization === 'Bearer A1' ? json(200, { ok: true }) : apiError(401, 'unauthorized'),
    'POST auth/refresh': async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return refresh();
    },
  });
}

describe('apiFetch', () => {
  it('sends the stored token, parses the answer with the schema', async () => {
    storeTokens({ token: 'A1', refreshToken: 'R1' });
    const calls = expiringServer();
    await expect(apiFetch('data', { schema: okSchema })).resolves.toEqual({ ok: true });
    expect(calls[0]?.headers.Authorization).toBe('Bearer A1');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('Bearer A1');
  });

  it('shares one refresh between parallel 401s and retries each request once', async () => {
    storeTokens({ token: 'A0', refreshToken: 'R0' });
    const calls = expiringServer();
    const results = await Promise.all(Array.from({ length: 8 }, () => apiFetch('data', { schema: okSchema })));
    expect(results).toHaveLength(8);
    expect(calls.filter((c) => c.path === 'auth/refresh')).toHaveLength(1);
    expect(calls.find((c) => c.path === 'auth/refresh')?.body).toEqual({ refreshToken: 'R0' });
    expect(calls.filter((c) => c.path === 'data')).toHaveLength(16);
    expect(getRefreshToken()).toBe('R1');
  });

  it('uses the tokens another tab stored while it waited for the lock, without refreshing again', async () => {
    storeTokens({ token: 'A0', refreshToken: 'R0' });
    const calls = expiringServer();
    // The other tab holds the lock, rotates the pair, then lets this tab in.
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_name: string, _options: unknown, work: () => Promise<unknown>) => {
          localStorage.setItem(TOKEN_KEY, 'Bearer A1');
          localStorage.setItem(REFRESH_TOKEN_KEY, 'R1');
          return work();
        },
      },
    });
    await expect(apiFetch('data', { schema: okSchema })).resolves.toEqual({ ok: true });
    expect(calls.filter((c) => c.path === 'auth/refresh')).toHaveLength(0);
  });

  it('a refused refresh logs out and goes to /login remembering the page', async () => {
    history.replaceState(null, '', '/en/console/settings?tab=security');
    storeTokens({ token: 'A0', refreshToken: 'R0' });
    setLoggedIn(user);
    expiringServer(() => apiError(401, 'unauthorized'));
    const failures = await Promise.allSettled([apiFetch('data'), apiFetch('data')]);
    expect(
      failures.every(
        (f) => f.status === 'rejected' && f.reason instanceof ApiRequestError && f.reason.code === 'unauthorized',
      ),
    ).toBe(true);
    expect(auth.loggedIn).toBe(false);
    expect(auth.user).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(location.pathname).toBe('/en/login');
    expect(new URLSearchParams(location.search).get('redirect')).toBe('/console/settings?tab=security');
  });

  it('turns error bodies into ApiRequestError with fields, retry time and captcha flag', async () => {
    stubFetch({
      'POST auth/login': () => apiError(428, 'captcha_required', { captchaRequired: true, retryAfterS: 30 }),
      'POST auth/register': () => apiError(400, 'validation', { fields: { email: 'validation:email' } }),
    });
    const login = await apiFetch('auth/login', { method: 'POST', body: {}, auth: false }).catch((e: unknown) => e);
    expect(login).toMatchObject({ status: 428, code: 'captcha_required', captchaRequired: true, retryAfterS: 30 });
    const register = await apiFetch('auth/register', { method: 'POST', body: {}, auth: false }).catch(
      (e: unknown) => e,
    );
    expect(register).toMatchObject({ status: 400, code: 'validation', fields: { email: 'validation:email' } });
  });

  it('reports a failed connection as its own code', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiFetch('data')).rejects.toMatchObject({ code: 'network', status: 0 });
  });
});

describe('session bootstrap', () => {
  it("clears a stored 'Bearer undefined' and stays logged out without asking the server", async () => {
    localStorage.setItem(TOKEN_KEY, BOGUS_TOKEN);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'R0');
    const calls = stubFetch({});
    await bootstrapSession();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(auth.loggedIn).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('a stored token loads the user (with scope) into auth', async () => {
    storeTokens({ token: 'A1', refreshToken: 'R1' });
    stubFetch({
      'GET auth/user': ({ headers }) =>
        headers.Authorization === 'Bearer A1' ? json(200, user) : apiError(401, 'unauthorized'),
    });
    await bootstrapSession();
    expect(auth.loggedIn).toBe(true);
    expect(auth.strategy).toBe('local');
    expect(auth.user?.scope).toEqual(['user']);
    expect(auth.busy).toBe(false);
  });
});
