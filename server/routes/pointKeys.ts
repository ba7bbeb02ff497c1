import { Hono } from 'hono';
import { z } from 'zod';
import { pointKeyCreateSchema } from '../../contract/apiDeploy';
import type { AppContext } from '../context';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf } from '../http/validate';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { requireLivePoint } from '../deploy/livePoint';
import { createPointKey, pointKeysOf, revokePointKey } from '../deploy/pointKeys';
import { pointParams } from './points';

const keyParams = pointParams.extend({ keyId: z.string().min(1).max(64) });

/**
 * A web point's API keys (contract/apiDeploy.ts): list, create (the secret answered once, stored
 * hashed), revoke. Admins and members; workers 403; an edge point has no keys (404).
 */
export function createPointKeyRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const signedIn = requireUser(ctx);
  const member = requireProjectRole(ctx.db, 'member');

  r.get('/:projectId/points/:pointId/keys', signedIn, paramsOf(pointParams), member, async (c) => {
    const { projectId } = c.get('project');
    const { pointId } = c.req.valid('param');
    await requireLivePoint(ctx.db, projectId, pointId, 'web');
    return c.json({ items: await pointKeysOf(ctx.db, pointId) });
  });

  r.post(
    '/:projectId/points/:pointId/keys',
    signedIn,
    paramsOf(pointParams),
    member,
    jsonBody(pointKeyCreateSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { pointId } = c.req.valid('param');
      await requireLivePoint(ctx.db, projectId, pointId, 'web');
      const { name, ratePerMinute } = c.req.valid('json');
      const created = await createPointKey(ctx.db, {
        pointId,
        name,
        ratePerMinute,
        createdBy: c.get('user').id,
        now: ctx.now(),
      });
      return c.json(created, 201);
    },
  );

  r.delete('/:projectId/points/:pointId/keys/:keyId', signedIn, paramsOf(keyParams), member, async (c) => {
    const { projectId } = c.get('project');
    const { pointId, keyId } = c.req.valid('param');
    await requireLivePoint(ctx.db, projectId, pointId, 'web');
    if (!(await revokePointKey(ctx.db, pointId, keyId, ctx.now()))) throw new ApiError('not_found', 'No such key.');
    return c.body(null, 204);
  });

  return r;
}
