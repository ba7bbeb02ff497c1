import type { TokenPair } from '../../contract/apiAuth';
import { auth, setAuthBusy, setLoggedIn, setLoggedOut } from '../state/auth';
import { ApiRequestError } from './ApiRequestError';
import { authApi } from './authApi';
import { clearOfflineCaches } from '../platform/offlineCaches';
import { clearServerCache } from './serverCache';
import {
  clearBogusToken,
  clearTokens,
  getAccessToken,
  getRefreshToken,
  getStrategy,
  storeTokens,
  TOKEN_KEY,
  type Strategy,
} from './tokenStorage';

let started: Promise<void> | null = null;

/**
 * The session at start (spec section 4): a stored 'Bearer undefined' is cleared; no token means
 * logged out; a token means GET auth/user fills `auth`. Runs once per page load; the auth guard
 * awaits the same promise. A failed lookup for another reason than the token (offline, server
 * error) keeps the tokens, so a later page can try again.
 */
export function bootstrapSession(): Promise<void> {
  started ??= (async () => {
    listenToOtherTabs();
    clearBogusToken();
    if (!getAccessToken()) {
      setLoggedOut();
      return;
    }
    await loadUser();
  })();
  return started;
}

/** Fetches the signed-in user into `auth`; a refused token leaves the user logged out. */
export async function loadUser(): Promise<void> {
  setAuthBusy(true);
  try {
    const user = await authApi.user();
    setLoggedIn(user, getStrategy());
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      clearTokens();
      setLoggedOut();
    } else if (!auth.user) {
      setLoggedOut();
    }
  } finally {
    setAuthBusy(false);
  }
}

/** Keeps a new token pair (login, verification, OAuth) and loads the user. */
export async function signIn(pair: TokenPair, strategy: Strategy = 'local'): Promise<void> {
  storeTokens(pair, strategy);
  await loadUser();
}

/**
 * Logout (spec section 4): tell the server (POST auth/logout revokes the refresh family), then
 * forget the tokens, the user and every cached piece of server data (organization, projects).
 * Local logout happens even when the server cannot be reached.
 */
export async function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  clearTokens();
  setLoggedOut();
  clearServerCache();
  void clearOfflineCaches();
  if (refreshToken) await authApi.logout(refreshToken).catch(() => undefined);
}

let listening = false;

/** Another tab logged out or in: follow it (the `storage` event fires only in other tabs). */
function listenToOtherTabs(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    if (!getAccessToken()) {
      if (auth.loggedIn) {
        setLoggedOut();
        clearServerCache();
      }
    } else if (!auth.loggedIn && !auth.busy) {
      void loadUser();
    }
  });
}

/** For tests: forget that the session was bootstrapped. */
export function resetSessionForTests(): void {
  started = null;
}
