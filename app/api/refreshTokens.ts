import { z } from 'zod';
import { tokenPairSchema, type TokenPair } from '../../contract/apiAuth';
import { env } from '../config/env';
import { expireSession } from './expireSession';
import { getAccessToken, getRefreshToken, storeTokens } from './tokenStorage';

/** The Web Locks name shared by every tab of this origin. */
export const REFRESH_LOCK = 'auth-refresh';

/** Names of the locks that record a rotation: this prefix, then `{ from, token, refreshToken }` as JSON. */
const ROTATION_PREFIX = `${REFRESH_LOCK}:rotated:`;

/**
 * How long a tab keeps the record of a rotation it made: far longer than localStorage takes to
 * reach the other tabs, and within the server's grace window for a just-rotated token.
 */
export const ROTATION_RECORD_MS = 15_000;

/** The refresh call got no answer (offline): not a reason to log the user out. */
export class RefreshNetworkError extends Error {
  constructor() {
    super('network');
    this.name = 'RefreshNetworkError';
  }
}

const rotationRecordSchema = tokenPairSchema.extend({ from: z.string() });

/** What the refresher needs of the Web Locks API (navigator.locks). */
export interface RefreshLocks {
  request(
    name: string,
    options: { ifAvailable?: boolean },
    work: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
  query?(): Promise<{ held?: { name?: string }[] }>;
}

/** The tab's view of the stored tokens. */
export interface TokenStore {
  /** The 'Bearer …' header value. */
  access(): string | null;
  refresh(): string | null;
  store(pair: TokenPair): void;
}

export interface RefresherDeps {
  store: TokenStore;
  /** Read at each refresh; none (an old browser, a test) means this tab refreshes alone. */
  locks: () => RefreshLocks | undefined;
  /** POST auth/refresh: the new pair, null when refused; throws RefreshNetworkError without an answer. */
  rotate: (refreshToken: string) => Promise<TokenPair | null>;
  /** Called once when the session cannot be renewed. */
  onRefused: () => void;
}

/**
 * Builds the tab's token refresher: `(failedToken) => Promise<'Bearer …' | null>`. Refresh
 * tokens rotate on every use and an old one, used after a short grace window, revokes the whole
 * family, so there must be exactly one refresh for all the tabs:
 * - in this tab, every caller shares one promise;
 * - across tabs, the refresh runs under a Web Lock. A tab that takes the lock and finds a
 *   refresh token other than the one it started with knows another tab has just refreshed.
 *   localStorage alone cannot tell it so in time: a write reaches the other tabs' processes
 *   some time after the writer released the lock. So, before releasing it, the refreshing tab
 *   also takes a lock whose name records the rotation (old refresh token → new pair) and holds it
 *   for ROTATION_RECORD_MS. The lock manager orders that record before the release, so the next
 *   tab in line always sees it (`locks.query()`) and uses the new pair instead of refreshing.
 * `failedToken` is the header value the 401 answered: when the stored token already differs,
 * someone refreshed since that request left and the stored one is used at once.
 */
export function createRefresher(deps: RefresherDeps): (failedToken: string | null) => Promise<string | null> {
  let inflight: Promise<string | null> | null = null;

  async function refreshOnce(seenRefresh: string | null, locks: RefreshLocks | undefined): Promise<string | null> {
    const current = deps.store.refresh();
    if (!current) return null;
    // Another tab rotated the pair while this one waited for the lock.
    if (current !== seenRefresh) return deps.store.access();
    const handedOver = await latestRotation(locks, current);
    if (handedOver) return `Bearer ${handedOver.token}`;
    const pair = await deps.rotate(current);
    if (!pair) return null;
    deps.store.store(pair);
    if (locks) await recordRotation(locks, current, pair);
    return deps.store.access();
  }

  return (failedToken) => {
    const stored = deps.store.access();
    if (stored && stored !== failedToken) return Promise.resolve(stored);
    if (!inflight) {
      const seenRefresh = deps.store.refresh();
      const locks = deps.locks();
      const work = () => refreshOnce(seenRefresh, locks);
      inflight = (locks ? (locks.request(REFRESH_LOCK, {}, work) as Promise<string | null>) : work())
        .then((token) => {
          // Once for all the callers that shared this refresh.
          if (!token) deps.onRefused();
          return token;
        })
        .finally(() => {
          inflight = null;
        });
    }
    return inflight;
  };
}

/** The newest pair that the held rotation records lead to from `refreshToken`, if any. */
async function latestRotation(locks: RefreshLocks | undefined, refreshToken: string): Promise<TokenPair | null> {
  if (!locks?.query) return null;
  const { held = [] } = await locks.query();
  const next = new Map<string, TokenPair>();
  for (const { name } of held) {
    if (!name?.startsWith(ROTATION_PREFIX)) continue;
    const record = rotationRecordSchema.safeParse(parseJson(name.slice(ROTATION_PREFIX.length)));
    if (record.success)
      next.set(record.data.from, { token: record.data.token, refreshToken: record.data.refreshToken });
  }
  let latest: TokenPair | null = null;
  for (let from = refreshToken, pair = next.get(from); pair; pair = next.get(from)) {
    latest = pair;
    next.delete(from);
    from = pair.refreshToken;
  }
  return latest;
}

/**
 * Takes the lock that records `from` → `pair` and resolves once it is held (it is released
 * later). A record of that very name held already says the same: then there is nothing to take.
 */
function recordRotation(locks: RefreshLocks, from: string, pair: TokenPair): Promise<void> {
  const name = ROTATION_PREFIX + JSON.stringify({ from, token: pair.token, refreshToken: pair.refreshToken });
  return new Promise((held) => {
    locks
      .request(name, { ifAvailable: true }, async (lock) => {
        held();
        if (lock) await new Promise((release) => setTimeout(release, ROTATION_RECORD_MS));
      })
      .catch(() => held());
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** POST auth/refresh with `refreshToken`. */
async function rotateOnServer(refreshToken: string): Promise<TokenPair | null> {
  let response: Response;
  try {
    response = await fetch(`${env.apiBase}/auth/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
  } catch {
    // No answer: the session may still be fine; the caller sees a network error.
    throw new RefreshNetworkError();
  }
  if (!response.ok) return null;
  const parsed = tokenPairSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/**
 * Renews the access token after a 401 and resolves with the new 'Bearer …' value, or null when
 * the session cannot be renewed (then the session has ended: see `expireSession`).
 */
export const refreshAccessToken = createRefresher({
  store: { access: getAccessToken, refresh: getRefreshToken, store: (pair) => storeTokens(pair) },
  // Older browsers and insecure origins have no navigator.locks.
  locks: () => (typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined),
  rotate: rotateOnServer,
  onRefused: expireSession,
});
