// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '../../../api/session';
import { getAccessToken, storeTokens } from '../../../api/tokenStorage';
import { setLoggedOut } from '../../../state/auth';
import { authorizedFetch } from './authorizedFetch';

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
