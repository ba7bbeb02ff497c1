import type { Db } from '../../db/Db';
import { ApiError } from '../../http/ApiError';

/**
 * The agent's answer to a ping it was handed: answered_at is set once (a retried answer changes
 * nothing), and only for a delivered ping of the caller's own point; anything else is 404.
 */
export async function answerPing(db: Db, pointId: string, pingId: string, now: Date): Promise<void> {
  const result = await db
    .updateTable('point_pings')
    .set({ answered_at: now.toISOString() })
    .where('id', '=', pingId)
    .where('point_id', '=', pointId)
    .where('delivered_at', 'is not', null)
    .where('answered_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const answered = await db
    .selectFrom('point_pings')
    .select('id')
    .where('id', '=', pingId)
    .where('point_id', '=', pointId)
    .where('answered_at', 'is not', null)
    .executeTakeFirst();
  if (!answered) throw new ApiError('not_found', 'No such ping for this device.');
}
