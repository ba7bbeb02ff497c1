import { tokenPairSchema } from '../../contract/apiAuth';
import { env } from '../config/env';
import { expireSession } from './expireSession';
import { getAccessToken, getRefreshToken, storeTokens } from './tokenStorage';

/** The Web Locks name shared by every tab of this origin. */
export const REFRESH_LOCK = 'auth-refresh';

let inflight: Promise<string | null> | null = null;

/**
 * Renews the access token after a 401 and resolves with the new 'Bearer …' value, or null when
 * the session cannot be renewed (then the session has ended: see `expireSession`). Refresh tokens rotate on every use and an old one revokes the
 * whole family, so there must be exactly one refresh at a time:
 * - in this tab, every caller shares one promise;
 * - across tabs, the refresh runs under a Web Lock; after taking it, a tab that finds a refresh
 *   token other than the one it started with knows another tab has just refreshed, and uses
 *   the stored tokens instead of refreshing again.
 * `failedToken` is the header value the 401 answered: when the stored token already differs,
 * someone refreshed since that request left and the stored one is used at once.
 */
export function refreshAccessToken(failedToken: string | null): Promise<string | null> {
  const stored = getAccessToken();
  if (stored && stored !== failedToken) return Promise.resolve(stored);
  if (!inflight) {
    const seenRefresh = getRefreshToken();
    inflight = withRefreshLock(() => refreshOnce(seenRefresh))
      .then((token) => {
        // Once for all the callers that shared this refresh.
        if (!token) expireSession();
        return token;
      })
      .finally(() => {
        inflight = null;
      });
  }
  return inflight;
}

function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return work();
  return locks.request(REFRESH_LOCK, work) as Promise<T>;
}

async function refreshOnce(seenRefresh: string | null): Promise<string | null> {
  const current = getRefreshToken();
  if (!current) return null;
  // Another tab rotated the pair while this one waited for the lock.
  if (current !== seenRefresh) return getAccessToken();
  let response: Response;
  try {
    response = await fetch(`${env.apiBase}/auth/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refreshToken: current }),
    });
  } catch {
    // No answer: the session may still be fine; the caller sees a network error.
    throw new RefreshNetworkError();
  }
  if (!response.ok) return null;
  const parsed = tokenPairSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return null;
  storeTokens(parsed.data);
  return getAccessToken();
}

/** The refresh call got no answer (offline): not a reason to log the user out. */
export class RefreshNetworkError extends Error {
  constructor() {
    super('network');
    this.name = 'RefreshNetworkError';
  }
}
