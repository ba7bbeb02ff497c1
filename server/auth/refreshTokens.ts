import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TokenPair } from '../../contract/apiAuth';
import type { AppContext } from '../context';
import type { Db } from '../db/Db';
import { ApiError } from '../http/ApiError';
import { signAccessToken } from './accessToken';
import { hashToken, newOpaqueToken } from './tokenHash';

/*
 * Refresh tokens: opaque, stored as sha256, rotated on every use. Tokens rotated from one
 * sign-in form a family. Presenting a token that was already used:
 * - within REFRESH_GRACE_S of its first use (two tabs refreshing at once), answers the same
 *   child token again with a new access token — the child was sealed with a key derived from
 *   the parent token, so only its holder can recover it;
 * - later, means a copy of it is in other hands: the whole family is revoked and it is a 401.
 */
export const REFRESH_GRACE_S = 20;

const invalid = () => new ApiError('unauthorized', 'The refresh token is not valid.');

function sealKey(parentToken: string): Buffer {
  return createHash('sha256').update(`refresh-seal:${parentToken}`).digest();
}

function seal(parentToken: string, child: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(parentToken), iv);
  const data = Buffer.concat([cipher.update(child, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

function unseal(parentToken: string, sealed: string): string | null {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(parentToken), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** How a session began: withdrawal asks an account without a password for a recent 'oauth' one. */
export type SignInMethod = 'password' | 'oauth';

async function insertRefreshToken(
  ctx: AppContext,
  userId: string,
  familyId: string,
  parentId: string | null,
  signIn: SignInMethod | null = null,
) {
  const token = newOpaqueToken();
  const now = ctx.now();
  const id = randomUUID();
  await ctx.db
    .insertInto('refresh_tokens')
    .values({
      id,
      user_id: userId,
      token_hash: hashToken(token),
      family_id: familyId,
      parent_id: parentId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ctx.config.REFRESH_TOKEN_TTL_S * 1000).toISOString(),
      used_at: null,
      revoked_at: null,
      child_sealed: null,
      sign_in: signIn,
    })
    .execute();
  return { id, token };
}

/** A new sign-in: a new family with its first refresh token (remembering how it began), and an access token. */
export async function issueTokenPair(
  ctx: AppContext,
  userId: string,
  signIn: SignInMethod = 'password',
): Promise<TokenPair> {
  const { token: refreshToken } = await insertRefreshToken(ctx, userId, randomUUID(), null, signIn);
  return { token: await signAccessToken(ctx, userId), refreshToken };
}

/** POST auth/refresh: rotates `presented` (see the comment at the top). */
export async function rotateRefreshToken(ctx: AppContext, presented: string): Promise<TokenPair> {
  const row = await ctx.db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(presented))
    .executeTakeFirst();
  const now = ctx.now();
  if (!row || row.revoked_at || row.expires_at <= now.toISOString()) throw invalid();

  if (!row.used_at) {
    const claimed = await ctx.db
      .updateTable('refresh_tokens')
      .set({ used_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) {
      const child = await insertRefreshToken(ctx, row.user_id, row.family_id, row.id);
      await ctx.db
        .updateTable('refresh_tokens')
        .set({ child_sealed: seal(presented, child.token) })
        .where('id', '=', row.id)
        .execute();
      return { token: await signAccessToken(ctx, row.user_id), refreshToken: child.token };
    }
    // Another request used it a moment ago: fall through to the reuse rules with its state.
    return graceOrRevoke(ctx, presented, row.id);
  }
  return graceOrRevoke(ctx, presented, row.id);
}

async function graceOrRevoke(ctx: AppContext, presented: string, id: string): Promise<TokenPair> {
  const now = ctx.now();
  // The winner of a race may not have stored the sealed child yet; wait for it briefly.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const row = await ctx.db.selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const usedAt = row.used_at ? Date.parse(row.used_at) : now.getTime();
    const inGrace = now.getTime() - usedAt <= REFRESH_GRACE_S * 1000 && !row.revoked_at;
    if (!inGrace) break;
    if (row.child_sealed) {
      const child = unseal(presented, row.child_sealed);
      if (!child) break;
      const childRow = await ctx.db
        .selectFrom('refresh_tokens')
        .select(['revoked_at', 'used_at'])
        .where('token_hash', '=', hashToken(child))
        .executeTakeFirst();
      // Once the child itself has been used, the parent is history: treat as theft.
      if (!childRow || childRow.revoked_at || childRow.used_at) break;
      return { token: await signAccessToken(ctx, row.user_id), refreshToken: child };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const row = await ctx.db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await revokeFamily(ctx, row.family_id);
  throw invalid();
}

export async function revokeFamily(ctx: AppContext, familyId: string): Promise<void> {
  await ctx.db
    .updateTable('refresh_tokens')
    .set({ revoked_at: ctx.now().toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** POST auth/logout: revokes the family of `presented`; unknown tokens are ignored. */
export async function revokeByToken(ctx: AppContext, presented: string): Promise<void> {
  const row = await ctx.db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', hashToken(presented))
    .executeTakeFirst();
  if (row) await revokeFamily(ctx, row.family_id);
}

/** Password change or reset: every session of the user ends at its next refresh. */
export async function revokeAllForUser(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * When and how the session of `presented` began (the first token of its family), if the token
 * is the user's own and still live (not revoked, not expired); null otherwise.
 */
export async function sessionStart(
  db: Db,
  presented: string,
  userId: string,
  now: Date,
): Promise<{ signIn: string | null; startedAt: string } | null> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'user_id', 'revoked_at', 'expires_at'])
    .where('token_hash', '=', hashToken(presented))
    .executeTakeFirst();
  if (!row || row.user_id !== userId || row.revoked_at || row.expires_at <= now.toISOString()) return null;
  const root = await db
    .selectFrom('refresh_tokens')
    .select(['sign_in', 'created_at'])
    .where('family_id', '=', row.family_id)
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  return root ? { signIn: root.sign_in, startedAt: root.created_at } : null;
}
