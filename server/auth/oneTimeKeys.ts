import { randomUUID } from 'node:crypto';
import type { Db } from '../db/Db';
import type { OneTimeKeyPurpose } from '../db/schema';
import { hashToken, newOpaqueToken } from './tokenHash';

/**
 * How long a mailed or handed-out key is valid. The OAuth key only crosses one redirect to the
 * login page, which trades it at once: a minute is plenty and keeps a leaked URL short-lived.
 */
export const KEY_TTL_S: Record<OneTimeKeyPurpose, number> = { verify: 24 * 3600, reset: 3600, oauth: 60 };

/** A new single-use key for `purpose`; only its hash is stored. */
export async function createOneTimeKey(
  db: Db,
  purpose: OneTimeKeyPurpose,
  userId: string,
  now: Date,
  data: string | null = null,
): Promise<string> {
  const key = newOpaqueToken();
  await db
    .insertInto('one_time_keys')
    .values({
      id: randomUUID(),
      key_hash: hashToken(key),
      purpose,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + KEY_TTL_S[purpose] * 1000).toISOString(),
      used_at: null,
      data,
    })
    .execute();
  return key;
}

/**
 * Uses a key: returns its user id and data once, if it exists for that purpose and has not
 * expired; null otherwise. The conditional update makes two parallel uses yield one success.
 */
export async function consumeOneTimeKey(
  db: Db,
  purpose: OneTimeKeyPurpose,
  key: string,
  at: Date,
): Promise<{ userId: string; data: string | null } | null> {
  const now = at.toISOString();
  const row = await db
    .selectFrom('one_time_keys')
    .select(['id', 'user_id', 'data'])
    .where('key_hash', '=', hashToken(key))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const claimed = await db
    .updateTable('one_time_keys')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? { userId: row.user_id, data: row.data } : null;
}
