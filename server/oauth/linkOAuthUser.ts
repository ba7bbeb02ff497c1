import { randomUUID } from 'node:crypto';
import { userNameSchema, USER_NAME_MAX } from '../../contract/validationConsole';
import { revokeAllForUser } from '../auth/refreshTokens';
import type { Db } from '../db/Db';
import { newUserRow } from '../db/newRows';
import { acceptInvitations } from '../invitations/acceptInvitations';
import { findUserByEmail, normalizeEmail } from '../users/findUser';
import type { OAuthProfile } from './oauthProfile';

/** The provider's name if our name rules accept it (Korean, English, spaces), else the mailbox's letters. */
function displayName(profile: OAuthProfile, email: string): string {
  for (const candidate of [profile.name, email.split('@')[0] ?? '']) {
    const name = [
      ...candidate
        .replace(/[^\p{L} ]/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ]
      .slice(0, USER_NAME_MAX)
      .join('')
      .trim();
    if (userNameSchema.safeParse(name).success) return name;
  }
  return 'user';
}

/**
 * The account for a provider-verified address: the existing one with that e-mail, or a new
 * verified account without a password (its owner can set one through password reset). Either
 * way the address's pending invitations are joined (contract/apiInvitations.ts).
 *
 * An existing account that was never verified may have been registered by someone else who
 * typed this address: the provider has now proved who owns it, so that password is dropped and
 * that account's sessions revoked before it is handed over (pass a transaction, so that this
 * happens all at once or not at all).
 */
export async function linkOAuthUser(db: Db, profile: OAuthProfile, locale: 'ko' | 'en', at: Date): Promise<string> {
  const email = normalizeEmail(profile.email);
  const now = at.toISOString();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!existing.email_verified_at) {
      await db
        .updateTable('users')
        .set({ email_verified_at: now, password_hash: null, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      await revokeAllForUser(db, existing.id, at);
    }
    await acceptInvitations(db, existing.id, at);
    return existing.id;
  }
  const id = randomUUID();
  await db
    .insertInto('users')
    .values(
      newUserRow(now, {
        id,
        email,
        name: displayName(profile, email),
        password_hash: null,
        scope: 'user',
        email_verified_at: now,
        locale,
      }),
    )
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  // A parallel sign-in for the same address may have created it first: use whichever exists.
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error('OAuth account could not be created');
  // The provider vouched for the address: its pending invitations are joined.
  await acceptInvitations(db, user.id, at);
  return user.id;
}
