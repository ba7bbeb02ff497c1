import { refreshAccessToken } from '../../../api/refreshTokens';
import { getAccessToken } from '../../../api/tokenStorage';

/**
 * `fetch` with the access token read at call time (tokens live seconds to minutes, a viewer
 * session much longer); on a 401 the token is renewed once — the tab's shared refresh — and the
 * call repeated. Tile sources take it as their `fetch`, so every tile carries the current token.
 */
export async function authorizedFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const send = (token: string | null) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('Authorization', token);
    return fetch(input, { ...init, headers });
  };
  const token = getAccessToken();
  const response = await send(token);
  if (response.status !== 401 || !token) return response;
  const renewed = await refreshAccessToken(token).catch(() => null);
  return renewed ? send(renewed) : response;
}
