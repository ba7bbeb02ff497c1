import { Hono } from 'hono';
import { z } from 'zod';
import { PERSONAL_SCOPE } from '../../contract/apiProjects';
import {
  pointCreateSchema,
  pointListQuerySchema,
  pointMetricsQuerySchema,
  pointUpdateSchema,
} from '../../contract/apiDeploy';
import { V } from '../../contract/validationMessages';
import { billingAccountOfProject } from '../billing/billingAccount';
import { requireRoom } from '../billing/requireRoom';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf, queryOf } from '../http/validate';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { createPoint } from '../deploy/createPoint';
import { cancelEnrollments, createEnrollment } from '../deploy/enrollments';
import { pointNotFound, requireLivePoint } from '../deploy/livePoint';
import { createPing, pingExpiryMs, pingView } from '../deploy/pings';
import { readPointMetrics } from '../deploy/pointMetricsStore';
import { pointViewOf, pointViews, selectPoints, type PointViewContext } from '../deploy/pointViews';
import { enqueuePrepare } from '../deploy/createDeployment';
import { orgNotFound, orgRoleOf } from './organizationsAccess';
import { organizationsOf } from './organizationsViews';
import { projectParams } from './projects';

export const pointParams = projectParams.extend({ pointId: z.string().min(1).max(64) });
const pingParams = pointParams.extend({ pingId: z.string().min(1).max(64) });

/** How many points one list shows (newest first). */
export const POINT_LIST_LIMIT = 500;

/** What every point view needs from the server's settings, at this moment. */
export function viewContextOf(ctx: AppContext): PointViewContext {
  return { now: ctx.now(), heartbeatSeconds: ctx.config.EDGE_HEARTBEAT_SECONDS, publicUrl: ctx.config.PUBLIC_URL };
}

/**
 * Points across the caller's projects (GET /points): the console's edge and web point lists.
 * Projects where the caller is admin or member; the organization filter is GET /projects' own.
 */
export function createPointListRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get('/', requireUser(ctx), queryOf(pointListQuerySchema), async (c) => {
    const { organization, kind } = c.req.valid('query');
    const userId = c.get('user').id;
    let query = selectPoints(ctx.db)
      .leftJoin('project_members as pm', (j) =>
        j.onRef('pm.project_id', '=', 'points.project_id').on('pm.user_id', '=', userId),
      )
      .leftJoin('organization_members as om', (j) =>
        j.onRef('om.organization_id', '=', 'projects.organization_id').on('om.user_id', '=', userId),
      )
      .where('projects.deleted_at', 'is', null)
      .where((eb) => eb.or([eb('pm.role', 'in', ['admin', 'member']), eb('om.role', 'in', ['owner', 'admin'])]));
    if (kind) query = query.where('points.kind', '=', kind);
    if (organization === PERSONAL_SCOPE) {
      // Personal: projects outside organizations, and those shared from organizations the caller is not in.
      const mine = (await organizationsOf(ctx.db, userId)).map((o) => o.id);
      if (mine.length > 0)
        query = query.where((eb) =>
          eb.or([eb('projects.organization_id', 'is', null), eb('projects.organization_id', 'not in', mine)]),
        );
    } else if (organization !== undefined) {
      if (!(await orgRoleOf(ctx.db, organization, userId))) throw orgNotFound();
      query = query.where('projects.organization_id', '=', organization);
    }
    const rows = await query
      .orderBy('points.created_at', 'desc')
      .orderBy('points.id', 'desc')
      .limit(POINT_LIST_LIMIT)
      .execute();
    return c.json({ items: await pointViews(ctx.db, rows, viewContextOf(ctx)) });
  });
  return r;
}

/**
 * A project's points (contract/apiDeploy.ts): create, list, one, rename or stop/start, delete,
 * enrolment tokens, device revocation, connectivity pings and serving metrics. Admins and
 * members; deleting and revoking are an admin's; workers 403.
 */
export function createPointRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const signedIn = requireUser(ctx);
  const member = requireProjectRole(ctx.db, 'member');
  const admin = requireProjectRole(ctx.db, 'admin');

  const viewOf = async (projectId: string, pointId: string) => {
    const view = await pointViewOf(ctx.db, projectId, pointId, viewContextOf(ctx));
    if (!view) throw pointNotFound();
    return view;
  };

  r.post('/:projectId/points', signedIn, paramsOf(projectParams), member, jsonBody(pointCreateSchema), async (c) => {
    const { projectId } = c.get('project');
    const body = c.req.valid('json');
    const created = await ctx.db.transaction().execute(async (trx) => {
      // The plan's edge or web point limit, counted inside the transaction that adds the point.
      const account = (await billingAccountOfProject(trx, projectId)) ?? '';
      await requireRoom({ ...ctx, db: trx }, account, body.kind === 'edge' ? 'edgePoints' : 'webPoints', 1);
      return createPoint(trx, ctx.jobs, {
        projectId,
        body,
        createdBy: c.get('user').id,
        now: ctx.now(),
        publicUrl: ctx.config.PUBLIC_URL,
      });
    });
    if (body.kind === 'web') ctx.notifyJobs();
    return c.json({ point: await viewOf(projectId, created.pointId), enrollment: created.enrollment }, 201);
  });

  r.get('/:projectId/points', signedIn, paramsOf(projectParams), member, async (c) => {
    const rows = await selectPoints(ctx.db)
      .where('points.project_id', '=', c.get('project').projectId)
      .orderBy('points.created_at', 'desc')
      .orderBy('points.id', 'desc')
      .limit(POINT_LIST_LIMIT)
      .execute();
    return c.json({ items: await pointViews(ctx.db, rows, viewContextOf(ctx)) });
  });

  r.get('/:projectId/points/:pointId', signedIn, paramsOf(pointParams), member, async (c) =>
    c.json(await viewOf(c.get('project').projectId, c.req.valid('param').pointId)),
  );

  r.patch(
    '/:projectId/points/:pointId',
    signedIn,
    paramsOf(pointParams),
    member,
    jsonBody(pointUpdateSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { pointId } = c.req.valid('param');
      const body = c.req.valid('json');
      let queued = false;
      await ctx.db.transaction().execute(async (trx) => {
        const point = await requireLivePoint(trx, projectId, pointId);
        if (body.state !== undefined && point.kind !== 'web')
          throw new ApiError('validation', 'Only a web point is started and stopped.', {
            fields: { state: V.invalid },
          });
        const set: { name?: string; description?: string; instance_state?: string; instance_error?: null } = {};
        if (body.name !== undefined) set.name = body.name;
        if (body.description !== undefined) set.description = body.description;
        if (body.state === 'stopped') set.instance_state = 'stopped';
        // Starting a stopped or failed point prepares it again; one preparing or running is left alone.
        if (body.state === 'running' && (point.instance_state === 'stopped' || point.instance_state === 'failed')) {
          set.instance_state = 'preparing';
          set.instance_error = null;
          await enqueuePrepare(trx, ctx.jobs, projectId, pointId);
          queued = true;
        }
        if (Object.keys(set).length === 0) return;
        await trx
          .updateTable('points')
          .set({ ...set, updated_at: ctx.now().toISOString() })
          .where('id', '=', pointId)
          .execute();
      });
      if (queued) ctx.notifyJobs();
      return c.json(await viewOf(projectId, pointId));
    },
  );

  // The row stays for the deployment history; the device, its tokens and the URL stop working.
  r.delete('/:projectId/points/:pointId', signedIn, paramsOf(pointParams), admin, async (c) => {
    const { projectId } = c.get('project');
    const { pointId } = c.req.valid('param');
    const now = ctx.now();
    const at = now.toISOString();
    await ctx.db.transaction().execute(async (trx) => {
      const point = await requireLivePoint(trx, projectId, pointId);
      await trx
        .updateTable('points')
        .set({
          deleted_at: at,
          updated_at: at,
          device_secret_hash: null,
          ...(point.kind === 'web' ? { instance_state: 'stopped' } : {}),
        })
        .where('id', '=', pointId)
        .execute();
      await cancelEnrollments(trx, pointId, now);
      await trx
        .updateTable('deployment_targets')
        .set({ state: 'failed', detail: 'The point was deleted before this deployment finished.', updated_at: at })
        .where('point_id', '=', pointId)
        .where('state', 'in', ['pending', 'downloading', 'activating'])
        .execute();
    });
    return c.body(null, 204);
  });

  r.post('/:projectId/points/:pointId/enrollments', signedIn, paramsOf(pointParams), member, async (c) => {
    const { projectId } = c.get('project');
    const { pointId } = c.req.valid('param');
    await requireLivePoint(ctx.db, projectId, pointId, 'edge');
    const enrollment = await createEnrollment(ctx.db, {
      pointId,
      createdBy: c.get('user').id,
      now: ctx.now(),
      publicUrl: ctx.config.PUBLIC_URL,
    });
    return c.json(enrollment, 201);
  });

  // The credential's hash goes, so the device is refused at its next call whatever it presents.
  r.post('/:projectId/points/:pointId/revocations', signedIn, paramsOf(pointParams), admin, async (c) => {
    const { projectId } = c.get('project');
    const { pointId } = c.req.valid('param');
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      const point = await requireLivePoint(trx, projectId, pointId, 'edge');
      if (!point.device_id) throw new ApiError('conflict', 'No device has enrolled on this point yet.');
      if (point.revoked_at) return;
      await trx
        .updateTable('points')
        .set({ revoked_at: now.toISOString(), device_secret_hash: null, updated_at: now.toISOString() })
        .where('id', '=', pointId)
        .execute();
      await cancelEnrollments(trx, pointId, now);
    });
    return c.json(await viewOf(projectId, pointId));
  });

  r.post('/:projectId/points/:pointId/pings', signedIn, paramsOf(pointParams), member, async (c) => {
    const { projectId } = c.get('project');
    const { pointId } = c.req.valid('param');
    const now = ctx.now();
    const heartbeat = ctx.config.EDGE_HEARTBEAT_SECONDS;
    const point = await requireLivePoint(ctx.db, projectId, pointId, 'edge');
    if (!point.device_id || point.revoked_at)
      throw new ApiError('conflict', 'No device is enrolled on this point: enrol the agent first.');
    // One test at a time: a second click while one waits for the agent follows the same ping.
    const waiting = await ctx.db
      .selectFrom('point_pings')
      .selectAll()
      .where('point_id', '=', pointId)
      .where('answered_at', 'is', null)
      .where('created_at', '>=', new Date(now.getTime() - pingExpiryMs(heartbeat)).toISOString())
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const row = waiting ?? (await createPing(ctx.db, pointId, now));
    return c.json(pingView(row, now, heartbeat), 202);
  });

  r.get('/:projectId/points/:pointId/pings/:pingId', signedIn, paramsOf(pingParams), member, async (c) => {
    const { projectId } = c.get('project');
    const { pointId, pingId } = c.req.valid('param');
    await requireLivePoint(ctx.db, projectId, pointId, 'edge');
    const row = await ctx.db
      .selectFrom('point_pings')
      .selectAll()
      .where('point_id', '=', pointId)
      .where('id', '=', pingId)
      .executeTakeFirst();
    if (!row) throw new ApiError('not_found', 'No such connectivity test.');
    return c.json(pingView(row, ctx.now(), ctx.config.EDGE_HEARTBEAT_SECONDS));
  });

  r.get(
    '/:projectId/points/:pointId/metrics',
    signedIn,
    paramsOf(pointParams),
    member,
    queryOf(pointMetricsQuerySchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { pointId } = c.req.valid('param');
      await requireLivePoint(ctx.db, projectId, pointId);
      return c.json(await readPointMetrics(ctx.db, pointId, c.req.valid('query').minutes, ctx.now()));
    },
  );

  return r;
}
