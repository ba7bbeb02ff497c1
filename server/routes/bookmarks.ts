import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ResourceList } from '../../contract/apiMarket';
import type { AppContext, AppEnv } from '../context';
import { answerJson } from '../http/answerJson';
import { requireUser } from '../http/requireUser';
import { resourceNotFound, visibleResource } from '../market/marketResource';
import { canSeeResource, resourceView, selectResources, viewerMarks } from '../market/resourceViews';

const resourceIdOf = (c: Context) => {
  const id = c.req.param('resourceId') ?? '';
  if (id.length === 0 || id.length > 64) throw resourceNotFound();
  return id;
};

/**
 * Bookmarks (contract/apiMarket.ts): a signed-in user marks resources they may see and finds them
 * again in their list. Mounted at the API root, since `resources/:resourceId/bookmark` shares its
 * prefix with the seller's routes (resources.ts) and `bookmarks` stands alone.
 */
export function createBookmarkRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const signedIn = requireUser(ctx);

  // Idempotent: bookmarking twice keeps the first time (the list's order).
  r.put('/resources/:resourceId/bookmark', signedIn, async (c) => {
    const user = c.get('user');
    const { row } = await visibleResource(ctx.db, resourceIdOf(c), user);
    await ctx.db
      .insertInto('resource_bookmarks')
      .values({ user_id: user.id, resource_id: row.id, created_at: ctx.now().toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'resource_id']).doNothing())
      .execute();
    return c.body(null, 204);
  });

  /**
   * Idempotent. A bookmark of the caller's own is removed even when its resource has since gone
   * out of their sight (made private, taken off the market): it is their data, and it names
   * nothing they did not already know. Without one, a resource they cannot see is a 404.
   */
  r.delete('/resources/:resourceId/bookmark', signedIn, async (c) => {
    const user = c.get('user');
    const resourceId = resourceIdOf(c);
    const removed = await ctx.db
      .deleteFrom('resource_bookmarks')
      .where('user_id', '=', user.id)
      .where('resource_id', '=', resourceId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) await visibleResource(ctx.db, resourceId, user);
    return c.body(null, 204);
  });

  // Newest bookmark first; bookmarks of resources the caller can no longer see are left out (and kept).
  r.get('/bookmarks', signedIn, async (c) => {
    const user = c.get('user');
    const rows = await selectResources(ctx.db)
      .innerJoin('resource_bookmarks as b', 'b.resource_id', 'resources.id')
      .where('b.user_id', '=', user.id)
      .orderBy('b.created_at', 'desc')
      .orderBy('resources.id', 'desc')
      .execute();
    const marks = await viewerMarks(
      ctx.db,
      user,
      rows.map((row) => row.id),
    );
    const list: ResourceList = {
      items: rows
        .filter((row) => canSeeResource(row, user, marks.get(row.id)!.purchased))
        .map((row) => resourceView(row, user, marks.get(row.id)!)),
    };
    return answerJson(c, ctx.config, list);
  });

  return r;
}
