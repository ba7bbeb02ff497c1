import { createMiddleware } from 'hono/factory';
import type { CompiledQuery, Kysely } from 'kysely';
import type { Scope } from '../../contract/apiAuth';
import { verifyAccessToken } from '../auth/accessToken';
import type { AppContext, AppEnv } from '../context';
import type { Database, UserRow } from '../db/schema';
import { cachedUserRow } from '../users/userRowCache';
import { scopesOf } from '../users/userViews';
import { ApiError } from './ApiError';

const unauthorized = () => new ApiError('unauthorized', 'A valid access token is required.');
const BEARER = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/;

/**
 * The signed-in user's row, read again after any write in this process so that a deleted account
 * is refused at once (userRowCache.ts; otherwise reused for up to a second). The query is compiled
 * once per database and run with the id as its only parameter: building and compiling it through
 * Kysely on each request cost as much as running it.
 */
const userByIdQueries = new WeakMap<Kysely<Database>, CompiledQuery<UserRow>>();
async function loadUser(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  let query = userByIdQueries.get(db);
  if (!query) {
    query = db.selectFrom('users').selectAll().where('id', '=', '').compile();
    userByIdQueries.set(db, query);
  }
  const compiled = query;
  return cachedUserRow(db, id, async () => (await db.executeQuery<UserRow>({ ...compiled, parameters: [id] })).rows[0]);
}

/**
 * Signed-in routes: `Authorization: Bearer <access token>` (no other scheme), verified by
 * accessToken.ts; the user is loaded and set as `c.get('user')`. Anything else is a 401. A route
 * reached through two matching `use()` patterns (`/user` and `/user/*`) checks once.
 */
export function requireUser(ctx: AppContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('user')) return next();
    const match = BEARER.exec(c.req.header('Authorization') ?? '');
    if (!match?.[1]) throw unauthorized();
    const userId = await verifyAccessToken(ctx, match[1]);
    if (!userId) throw unauthorized();
    const user = await loadUser(ctx.db, userId);
    if (!user) throw unauthorized();
    c.set('user', user);
    await next();
  });
}

/** After requireUser: the user must hold `scope` (e.g. 'admin'), else 403. */
export function requireScope(scope: Scope) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!scopesOf(c.get('user')).includes(scope)) throw new ApiError('forbidden', 'You do not have permission.');
    await next();
  });
}

/**
 * Public routes that say more to a signed-in caller (the market's bookmarks and purchases): no
 * Authorization header → anonymous; a header → the same check as requireUser (a stale token is a
 * 401, so the client refreshes it rather than seeing the anonymous answer).
 */
export function optionalUser(ctx: AppContext) {
  const required = requireUser(ctx);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('user') || !c.req.header('Authorization')) return next();
    return required(c, next);
  });
}
