import type { PlanLimitKind } from '../../contract/apiPayments';
import { PLAN_LIMITS } from '../../contract/plans';
import type { Db } from '../db/Db';
import type { ServerConfig } from '../env';
import { ApiError } from '../http/ApiError';
import { planOf } from './planOf';
import { accountProjectIds, usageOf } from './usage';

/** What requireRoom reads: the database (or a transaction), the PLAN_LIMITS setting and the clock. */
export interface RoomContext {
  db: Db;
  config: Pick<ServerConfig, 'PLAN_LIMITS'>;
  now: () => Date;
}

/**
 * Bytes declared by the account's uploads that have not arrived yet (and have not expired): they
 * count against storage at once, so many uploads declared together cannot pass the limit.
 */
async function reservedUploadBytes(db: Db, account: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('n'))
    .where('image_id', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('project_id', 'in', accountProjectIds(db, account, { live: true }))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Refuses with 403 `plan_limit` (`limit` and `plan` in the body) when adding `adding` of `kind`
 * would pass the account's plan: a count or storage above the limit after adding, or training
 * hours this month already at the limit (a training is refused once the month's hours are
 * used up; one under way is not stopped). Does nothing when PLAN_LIMITS is 'off' or the plan has
 * no limit for `kind`.
 */
export async function requireRoom(
  ctx: RoomContext,
  account: string,
  kind: PlanLimitKind,
  adding: number,
): Promise<void> {
  if (ctx.config.PLAN_LIMITS === 'off') return;
  const now = ctx.now();
  const { plan } = await planOf(ctx.db, account, now);
  const limit = PLAN_LIMITS[plan][kind];
  if (limit === null) return;
  let used = await usageOf(ctx.db, account, kind, now);
  if (kind === 'storage') used += await reservedUploadBytes(ctx.db, account, now);
  const over = kind === 'trainingHours' ? used + adding >= limit : used + adding > limit;
  if (over)
    throw new ApiError('plan_limit', `The ${plan} plan allows ${limit} ${kind}; this would pass it.`, {
      limit: kind,
      plan,
    });
}
