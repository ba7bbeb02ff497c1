// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLoggedOut } from '../state/auth';
import { authorizedFetch, withAuthRetry } from './authorizedFetch';
import { resetSessionForTests } from './session';
import { getAccessToken, storeTokens } from './tokenStorage';

beforeEach(() => {
  localStorage.clear();
  setLoggedOut();
  resetSessionForTests();
  history.replaceState(null, '', '/console/projects/p1/images/i1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A server whose tiles answer only the token 'Bearer A1'; refresh turns R0 into A1/R1 (or refuses). */
function server(refreshOk = true) {
  const tiles: string[] = [];
  let refreshes = 0;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if (input.endsWith('/auth/refresh')) {
      refreshes += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return refreshOk
        ? new Response(JSON.stringify({ token: 'A1', refreshToken: 'R1' }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          })
        : new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'no' } }), { status: 401 });
    }
    const auth = new Headers(init.headers).get('Authorization');
    tiles.push(`${input} ${auth}`);
    return auth === 'Bearer A1' ? new Response('tile', { status: 200 }) : new Response(null, { status: 401 });
  });
  return { tiles, refreshes: () => refreshes };
}

describe('authorizedFetch', () => {
  it('sends the current token; an expired one is renewed once for all the tiles waiting on it', async () => {
    storeTokens({ token: 'A0', refreshToken: 'R0' });
    const s = server();
    const urls = ['/api/t/0_0.jpg', '/api/t/0_1.jpg', '/api/t/1_0.jpg', '/api/t/1_1.jpg'];
    const responses = await Promise.all(urls.map((url) => authorizedFetch(url, { headers: { Accept: 'image/*' } })));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(s.refreshes()).toBe(1);
    expect(getAccessToken()).toBe('Bearer A1');
    // Each tile twice at most: once with the expired token, once with the renewed one.
    for (const url of urls)
      expect(s.tiles.filter((t) => t.startsWith(`${url} `))).toEqual([`${url} Bearer A0`, `${url} Bearer A1`]);
    // Later tiles take the renewed token at once.
    await authorizedFetch('/api/t/2_0.jpg');
    expect(s.tiles.at(-1)).toBe('/api/t/2_0.jpg Bearer A1');
  });

  it('gives back the 401 when the session cannot be renewed, without asking again', async () => {
    storeTokens({ token: 'A0', refreshToken: 'R0' });
    const s = server(false);
    const response = await authorizedFetch('/api/t/0_0.jpg');
    expect(response.status).toBe(401);
    expect(s.refreshes()).toBe(1);
    expect(s.tiles).toEqual(['/api/t/0_0.jpg Bearer A0']);
  });
});

describe('withAuthRetry', () => {
  it('gives any sender (an XHR upload here) the token, and after a 401 the renewed one, once', async () => {
    storeTokens({ token: 'A0', refreshToken: 'R0' });
    const s = server();
    const sent: [string | null, number][] = [];
    const answer = await withAuthRetry(async (token, attempt) => {
      sent.push([token, attempt]);
      return { status: token === 'Bearer A1' ? 201 : 401 };
    });
    expect(answer.status).toBe(201);
    expect(sent).toEqual([
      ['Bearer A0', 0],
      ['Bearer A1', 1],
    ]);
    expect(s.refreshes()).toBe(1);
  });

  it('does not retry a second 401, nor a 401 to a call sent without a token', async () => {
    storeTokens({ token: 'A0', refreshToken: 'R0' });
    server();
    const send = vi.fn(async () => ({ status: 401 }));
    await expect(withAuthRetry(send)).resolves.toEqual({ status: 401 });
    expect(send).toHaveBeenCalledTimes(2);
    localStorage.clear();
    const anonymous = vi.fn(async () => ({ status: 401 }));
    await expect(withAuthRetry(anonymous)).resolves.toEqual({ status: 401 });
    expect(anonymous).toHaveBeenCalledTimes(1);
  });

  it('reports a refresh without an answer as a network error and keeps the session', async () => {
    storeTokens({ token: 'A0', refreshToken: 'R0' });
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    const send = vi.fn(async () => ({ status: 401 }));
    await expect(withAuthRetry(send)).rejects.toMatchObject({ status: 0, code: 'network' });
    expect(send).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBe('Bearer A0');
  });
});
