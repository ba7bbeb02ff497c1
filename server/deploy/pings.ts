import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Ping } from '../../contract/apiDeploy';
import type { Db } from '../db/Db';
import type { PointPingsTable } from '../db/deploymentSchema';

export type PingRow = Selectable<PointPingsTable>;

/** A ping unanswered this long has expired: at least a minute, and four heartbeats on slow settings. */
export function pingExpiryMs(heartbeatSeconds: number): number {
  return Math.max(60_000, 4 * heartbeatSeconds * 1000);
}

/** contract pingSchema; the state is computed, so an unanswered ping expires without a sweeper. */
export function pingView(row: PingRow, now: Date, heartbeatSeconds: number): Ping {
  const answered = row.answered_at !== null;
  const expired = !answered && now.getTime() - Date.parse(row.created_at) > pingExpiryMs(heartbeatSeconds);
  const rttMs =
    row.answered_at && row.delivered_at
      ? Math.max(0, Date.parse(row.answered_at) - Date.parse(row.delivered_at))
      : null;
  return {
    id: row.id,
    state: answered ? 'answered' : expired ? 'expired' : 'waiting',
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
    answeredAt: row.answered_at,
    rttMs,
  };
}

/** Queues a connectivity test; the agent gets it with its next desired state. */
export async function createPing(db: Db, pointId: string, now: Date): Promise<PingRow> {
  const row: PingRow = {
    id: randomUUID(),
    point_id: pointId,
    created_at: now.toISOString(),
    delivered_at: null,
    answered_at: null,
  };
  await db.insertInto('point_pings').values(row).execute();
  return row;
}

/** The newest ping of each point (one query for a list). */
export async function lastPingsOf(db: Db, pointIds: readonly string[]): Promise<Map<string, PingRow>> {
  const out = new Map<string, PingRow>();
  if (pointIds.length === 0) return out;
  const rows = await db
    .selectFrom('point_pings as pp')
    .selectAll('pp')
    .where('pp.point_id', 'in', pointIds)
    .where((eb) =>
      eb(
        'pp.created_at',
        '=',
        eb
          .selectFrom('point_pings as latest')
          .whereRef('latest.point_id', '=', 'pp.point_id')
          .select((e) => e.fn.max('latest.created_at').as('m')),
      ),
    )
    .execute();
  for (const row of rows) {
    const seen = out.get(row.point_id);
    if (!seen || row.id > seen.id) out.set(row.point_id, row);
  }
  return out;
}
