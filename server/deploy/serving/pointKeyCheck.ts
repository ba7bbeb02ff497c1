import { sql } from 'kysely';
import type { Db } from '../../db/Db';
import { ApiError } from '../../http/ApiError';
import { bearerOf, parsePointKey, secretMatches } from '../secrets';

/*
 * The checks of a predict call before its body is read, in the contract's order: the key (401),
 * the key's point is the URL's (403), the point is live (404), then the key's requests this UTC
 * minute (429). The count lives in point_key_usage, one row per key and minute, incremented with
 * one upsert, so the limit holds across every API process; a key's older rows go when its next
 * minute starts.
 */

export interface ServedPoint {
  id: string;
  projectId: string;
  instanceType: string;
  instanceState: string | null;
  modelId: string | null;
  modelTag: string | null;
  version: string | null;
}

export interface CheckedKey {
  keyId: string;
  ratePerMinute: number;
  lastUsedAt: string | null;
  point: ServedPoint;
}

const keyInvalid = () => new ApiError('point_key_invalid', 'The point key is missing, unknown or revoked.');

/** The key's point after the key, point and live checks; throws the contract's ApiError. */
export async function checkPointKey(db: Db, authorization: string | undefined, pointId: string): Promise<CheckedKey> {
  const parsed = parsePointKey(bearerOf(authorization) ?? '');
  if (!parsed) throw keyInvalid();
  const key = await db
    .selectFrom('point_keys')
    .select(['id', 'point_id', 'secret_hash', 'revoked_at', 'rate_per_minute', 'last_used_at'])
    .where('id', '=', parsed.keyId)
    .executeTakeFirst();
  if (!key || key.revoked_at !== null || !secretMatches(parsed.secret, key.secret_hash)) throw keyInvalid();
  if (key.point_id !== pointId) throw new ApiError('forbidden', 'This key belongs to another point.');
  const point = await db
    .selectFrom('points')
    .leftJoin('models', 'models.id', 'points.model_id')
    .select([
      'points.id',
      'points.project_id',
      'points.kind',
      'points.instance_type',
      'points.instance_state',
      'points.model_id',
      'points.version',
      'points.deleted_at',
      'models.tag',
    ])
    .where('points.id', '=', pointId)
    .executeTakeFirst();
  if (!point || point.deleted_at !== null || point.kind !== 'web') throw new ApiError('not_found', 'No such point.');
  return {
    keyId: key.id,
    ratePerMinute: key.rate_per_minute,
    lastUsedAt: key.last_used_at,
    point: {
      id: point.id,
      projectId: point.project_id,
      instanceType: point.instance_type ?? 'local-1',
      instanceState: point.instance_state,
      modelId: point.model_id,
      modelTag: point.tag,
      version: point.version,
    },
  };
}

/** The start of `at`'s UTC minute, ISO. */
function minuteStart(at: Date): string {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
}

/**
 * Counts one request of the key in this minute; throws 429 `rate_limited` (retryAfterS: seconds to
 * the next minute) past its limit. Also notes the key's last use, at most once a minute.
 */
export async function countKeyRequest(db: Db, key: CheckedKey, now: Date): Promise<void> {
  const { keyId } = key;
  const window = minuteStart(now);
  const row = await db
    .insertInto('point_key_usage')
    .values({ key_id: keyId, window_start: window, count: 1 })
    .onConflict((oc) =>
      oc.columns(['key_id', 'window_start']).doUpdateSet({ count: sql<number>`point_key_usage.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  if (count === 1) {
    await db.deleteFrom('point_key_usage').where('key_id', '=', keyId).where('window_start', '<', window).execute();
  }
  if (count > key.ratePerMinute) {
    const retryAfterS = Math.max(1, Math.ceil((Date.parse(window) + 60_000 - now.getTime()) / 1000));
    throw new ApiError('rate_limited', 'Too many requests with this key; try again in a moment.', { retryAfterS });
  }
  if (!key.lastUsedAt || Date.parse(key.lastUsedAt) <= now.getTime() - 60_000) {
    await db.updateTable('point_keys').set({ last_used_at: now.toISOString() }).where('id', '=', keyId).execute();
  }
}
