import type { Selectable } from 'kysely';
import type { PointKey } from '../../contract/apiDeploy';
import type { Db } from '../db/Db';
import type { PointKeysTable } from '../db/deploymentSchema';
import { newPointKey } from './secrets';

type PointKeyRow = Selectable<PointKeysTable>;

export function pointKeyView(row: PointKeyRow): PointKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    ratePerMinute: Number(row.rate_per_minute),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** A point's keys, newest first, revoked ones included (they say when they stopped working). */
export async function pointKeysOf(db: Db, pointId: string): Promise<PointKey[]> {
  const rows = await db
    .selectFrom('point_keys')
    .selectAll()
    .where('point_id', '=', pointId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(pointKeyView);
}

/** A new key for a web point: the secret is returned once; only its hash and first characters are kept. */
export async function createPointKey(
  db: Db,
  opts: { pointId: string; name: string; ratePerMinute: number; createdBy: string; now: Date },
): Promise<{ key: PointKey; secret: string }> {
  const made = newPointKey();
  const row: PointKeyRow = {
    id: made.keyId,
    point_id: opts.pointId,
    name: opts.name,
    prefix: made.prefix,
    secret_hash: made.secretHash,
    rate_per_minute: opts.ratePerMinute,
    created_by: opts.createdBy,
    created_at: opts.now.toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  await db.insertInto('point_keys').values(row).execute();
  return { key: pointKeyView(row), secret: made.key };
}

/** Revokes a key of the point (idempotent: a revoked key keeps its first revocation time); false when there is none. */
export async function revokePointKey(db: Db, pointId: string, keyId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('point_keys')
    .select(['id', 'revoked_at'])
    .where('point_id', '=', pointId)
    .where('id', '=', keyId)
    .executeTakeFirst();
  if (!row) return false;
  if (!row.revoked_at)
    await db.updateTable('point_keys').set({ revoked_at: now.toISOString() }).where('id', '=', keyId).execute();
  return true;
}
