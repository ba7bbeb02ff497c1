import { Hono } from 'hono';
import { z } from 'zod';
import { deploymentCreateSchema, deploymentListQuerySchema } from '../../contract/apiDeploy';
import type { AppContext } from '../context';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf, queryOf } from '../http/validate';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { checkRuntimes, insertDeployment } from '../deploy/createDeployment';
import { DEPLOYMENT_LIST_LIMIT, deploymentViews, selectDeployments } from '../deploy/deploymentViews';
import { pointNotFound } from '../deploy/livePoint';
import { projectParams } from './projects';

const deploymentParams = projectParams.extend({ deploymentId: z.string().min(1).max(64) });
const deploymentNotFound = () => new ApiError('not_found', 'No such deployment.');

/**
 * Deployments (contract/apiDeploy.ts): send a model to points (edge points whose runtime cannot
 * run it are refused, each named), the history per model, per point or of the project, and one
 * deployment with its targets' states. Admins and members; workers 403.
 */
export function createDeploymentRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const signedIn = requireUser(ctx);
  const member = requireProjectRole(ctx.db, 'member');

  const viewOf = async (projectId: string, deploymentId: string) => {
    const row = await selectDeployments(ctx.db, projectId)
      .where('deployments.id', '=', deploymentId)
      .executeTakeFirst();
    if (!row) throw deploymentNotFound();
    const [view] = await deploymentViews(ctx.db, [row]);
    return view!;
  };

  r.post(
    '/:projectId/deployments',
    signedIn,
    paramsOf(projectParams),
    member,
    jsonBody(deploymentCreateSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { modelId } = c.req.valid('json');
      const pointIds = [...new Set(c.req.valid('json').pointIds)];
      const id = await ctx.db.transaction().execute(async (trx) => {
        const model = await trx
          .selectFrom('models')
          .select(['id', 'blob_key', 'manifest'])
          .where('project_id', '=', projectId)
          .where('id', '=', modelId)
          .executeTakeFirst();
        if (!model) throw new ApiError('not_found', 'No such model.');
        const points = await trx
          .selectFrom('points')
          .select(['id', 'kind', 'name', 'device_runtime'])
          .where('project_id', '=', projectId)
          .where('id', 'in', pointIds)
          .where('deleted_at', 'is', null)
          // Two deployments to one point at once: the second waits, then supersedes the first's target.
          // (SQLite runs one write transaction at a time anyway.)
          .$if(ctx.dialect === 'postgres', (q) => q.orderBy('id').forUpdate())
          .execute();
        if (points.length !== pointIds.length) throw pointNotFound();
        checkRuntimes(points, model);
        return insertDeployment(trx, ctx.jobs, {
          projectId,
          model,
          points,
          createdBy: c.get('user').id,
          now: ctx.now(),
        });
      });
      ctx.notifyJobs();
      return c.json(await viewOf(projectId, id), 201);
    },
  );

  r.get(
    '/:projectId/deployments',
    signedIn,
    paramsOf(projectParams),
    member,
    queryOf(deploymentListQuerySchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { modelId, pointId } = c.req.valid('query');
      let query = selectDeployments(ctx.db, projectId);
      if (modelId) query = query.where('deployments.model_id', '=', modelId);
      if (pointId)
        query = query.where('deployments.id', 'in', (eb) =>
          eb.selectFrom('deployment_targets').select('deployment_id').where('point_id', '=', pointId),
        );
      const rows = await query
        .orderBy('deployments.created_at', 'desc')
        .orderBy('deployments.id', 'desc')
        .limit(DEPLOYMENT_LIST_LIMIT)
        .execute();
      return c.json({ items: await deploymentViews(ctx.db, rows) });
    },
  );

  r.get('/:projectId/deployments/:deploymentId', signedIn, paramsOf(deploymentParams), member, async (c) =>
    c.json(await viewOf(c.get('project').projectId, c.req.valid('param').deploymentId)),
  );

  return r;
}
