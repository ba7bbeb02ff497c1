import { createMiddleware } from 'hono/factory';
import type { Scope } from '../../contract/apiAuth';
import { verifyAccessToken } from '../auth/accessToken';
import type { AppContext, AppEnv } from '../context';
import { scopesOf } from '../users/userViews';
import { ApiError } from './ApiError';

const unauthorized = () => new ApiError('unauthorized', 'A valid access token is required.');

/**
 * Signed-in routes: `Authorization: Bearer <access token>` (no other scheme), verified by
 * accessToken.ts; the user is loaded and set as `c.get('user')`. Anything else is a 401.
 */
export function requireUser(ctx: AppContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(header);
    if (!match?.[1]) throw unauthorized();
    const userId = await verifyAccessToken(ctx, match[1]);
    if (!userId) throw unauthorized();
    const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
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
