/**
 * Where the tokens live (spec section 3: local auth storage), under the keys the previous
 * client (nuxt-auth, local strategy) used, so a signed-in browser stays signed in:
 * - `auth._token.local`: 'Bearer <jwt>', sent as it is in the Authorization header,
 * - `auth._refresh_token.local`: the opaque refresh token,
 * - `auth.strategy`: 'local' (or the OAuth provider that signed the user in).
 */
export const TOKEN_KEY = 'auth._token.local';
export const REFRESH_TOKEN_KEY = 'auth._refresh_token.local';
export const STRATEGY_KEY = 'auth.strategy';

/** What nuxt-auth wrote when a login answer had no token: treated as no token (spec section 4). */
export const BOGUS_TOKEN = 'Bearer undefined';

export type Strategy = 'local' | 'google' | 'naver';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the session lasts as long as this page.
  }
}

/** The stored 'Bearer …' header value, or null. */
export function getAccessToken(): string | null {
  return read(TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

export function getStrategy(): Strategy {
  const value = read(STRATEGY_KEY);
  return value === 'google' || value === 'naver' ? value : 'local';
}

export function storeTokens(pair: { token: string; refreshToken: string }, strategy?: Strategy): void {
  write(TOKEN_KEY, `Bearer ${pair.token}`);
  write(REFRESH_TOKEN_KEY, pair.refreshToken);
  if (strategy) write(STRATEGY_KEY, strategy);
}

export function clearTokens(): void {
  write(TOKEN_KEY, null);
  write(REFRESH_TOKEN_KEY, null);
  write(STRATEGY_KEY, null);
}

/** Spec section 4: a stored token that is exactly 'Bearer undefined' is cleared. */
export function clearBogusToken(): void {
  if (getAccessToken() === BOGUS_TOKEN) clearTokens();
}
