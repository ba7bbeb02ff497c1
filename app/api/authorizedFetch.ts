import { ApiRequestError } from './ApiRequestError';
import { RefreshNetworkError, refreshAccessToken } from './refreshTokens';
import { getAccessToken } from './tokenStorage';

/**
 * The one policy for calls that carry the access token, whatever sends them (fetch, or XHR for
 * upload progress): `send` gets the token read at call time (tokens live seconds to minutes, a
 * page much longer); a 401 to a call that carried one renews it through the shared refresh (one
 * for the tab and, through a Web Lock, for every tab) and `send` runs once more with the renewed
 * token. When the session cannot be renewed (it has then ended: see `expireSession`), the 401
 * answer is returned for the caller to report as any other failure. A refresh that got no answer
 * throws `ApiRequestError` 'network': being offline is no reason to sign out.
 */
export async function withAuthRetry<T extends { status: number }>(
  send: (token: string | null, attempt: number) => Promise<T>,
): Promise<T> {
  const token = getAccessToken();
  const answer = await send(token, 0);
  if (answer.status !== 401 || !token) return answer;
  let renewed: string | null;
  try {
    renewed = await refreshAccessToken(token);
  } catch (error) {
    if (error instanceof RefreshNetworkError) throw new ApiRequestError({ status: 0, code: 'network' });
    throw error;
  }
  return renewed ? send(renewed, 1) : answer;
}

/** `fetch` with the current token and the 401 policy of `withAuthRetry` (tiles, thumbnails, originals). */
export function authorizedFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  return withAuthRetry((token) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('Authorization', token);
    return fetch(input, { ...init, headers });
  });
}
