import { Hono } from 'hono';
import { z } from 'zod';
import { APPROVAL_STATES, resourceReviewSchema } from '../../contract/apiMarket';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../http/ApiError';
import { requireScope, requireUser } from '../http/requireUser';
import { jsonBody, paramsOf, queryOf } from '../http/validate';
import { notifyReviewDecision } from '../market/reviewMail';
import { resourceViews, selectResources } from '../market/resourceViews';

const queueQuery = z.object({ state: z.enum(APPROVAL_STATES).default('pending') });
const resourceParams = z.object({ resourceId: z.string().min(1).max(64) });
const resourceNotFound = () => new ApiError('not_found', 'No such resource.');

/**
 * The platform admins' review queue (contract/apiMarket.ts): resources in one approval state,
 * oldest first (default: those waiting for review), and the decision on one. Only a resource
 * that passed the server's check ('pending') can be decided, once.
 */
export function createResourceReviewRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('*', requireUser(ctx), requireScope('admin'));

  r.get('/', queryOf(queueQuery), async (c) => {
    const rows = await selectResources(ctx.db)
      .where('resources.approval', '=', c.req.valid('query').state)
      .where('resources.deleted_at', 'is', null)
      .orderBy('resources.created_at', 'asc')
      .orderBy('resources.id', 'asc')
      .execute();
    return c.json({ items: await resourceViews(ctx.db, rows, c.get('user')) });
  });

  r.post('/:resourceId/review', paramsOf(resourceParams), jsonBody(resourceReviewSchema), async (c) => {
    const user = c.get('user');
    const { resourceId } = c.req.valid('param');
    const review = c.req.valid('json');
    const at = ctx.now().toISOString();
    const result = await ctx.db
      .updateTable('resources')
      .set(
        review.decision === 'approve'
          ? { approval: 'approved', approved_at: at, reject_reason: null, reviewed_by: user.id, updated_at: at }
          : { approval: 'rejected', reject_reason: review.reason, reviewed_by: user.id, updated_at: at },
      )
      .where('id', '=', resourceId)
      .where('deleted_at', 'is', null)
      .where('approval', '=', 'pending')
      .executeTakeFirst();
    const row = await selectResources(ctx.db)
      .where('resources.id', '=', resourceId)
      .where('resources.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw resourceNotFound();
    if (Number(result.numUpdatedRows) !== 1)
      throw new ApiError('conflict', `The resource is ${row.approval}, not waiting for review.`);
    await notifyReviewDecision(ctx, row);
    return c.json((await resourceViews(ctx.db, [row], user))[0]!);
  });

  return r;
}
