import { createHash, randomBytes } from 'node:crypto';
import type { OAuthProvider } from '../../contract/apiAuth';
import { hashToken, newOpaqueToken } from '../auth/tokenHash';
import type { Db } from '../db/Db';

/** How long a user may take at the provider's screens. */
export const OAUTH_STATE_TTL_S = 600;

export interface NewOAuthState {
  /** Sent to the provider and back in the callback. */
  state: string;
  /** Kept in the browser's cookie; the callback must present it. */
  browserSecret: string;
  /** The PKCE S256 challenge of the stored verifier. */
  codeChallenge: string;
}

/** Records a pending sign-in (and drops expired ones, so the table stays small). */
export async function createOAuthState(
  db: Db,
  provider: OAuthProvider,
  redirectPath: string,
  now: Date,
): Promise<NewOAuthState> {
  const state = newOpaqueToken();
  const browserSecret = newOpaqueToken();
  const codeVerifier = randomBytes(48).toString('base64url');
  await db.deleteFrom('oauth_states').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('oauth_states')
    .values({
      id: hashToken(state),
      provider,
      browser_hash: hashToken(browserSecret),
      code_verifier: codeVerifier,
      redirect_path: redirectPath,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + OAUTH_STATE_TTL_S * 1000).toISOString(),
    })
    .execute();
  return { state, browserSecret, codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url') };
}

export interface UsedOAuthState {
  codeVerifier: string;
  redirectPath: string;
}

/**
 * Takes the pending sign-in for `state`, once: the row is deleted whether or not the rest
 * matches, so a state is never accepted twice. Null when unknown, used, expired, for another
 * provider or from another browser.
 */
export async function consumeOAuthState(
  db: Db,
  provider: OAuthProvider,
  state: string,
  browserSecret: string | undefined,
  now: Date,
): Promise<UsedOAuthState | null> {
  const row = await db.deleteFrom('oauth_states').where('id', '=', hashToken(state)).returningAll().executeTakeFirst();
  if (!row || !browserSecret) return null;
  if (row.provider !== provider || row.expires_at <= now.toISOString()) return null;
  if (row.browser_hash !== hashToken(browserSecret)) return null;
  return { codeVerifier: row.code_verifier, redirectPath: row.redirect_path };
}
