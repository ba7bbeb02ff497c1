import { Hono } from 'hono';
import { z } from 'zod';
import { agentEnrollSchema, agentHeartbeatSchema, type AgentDesired } from '../../contract/apiAgent';
import type { AppContext } from '../context';
import { answerPing } from '../deploy/agent/answerPing';
import { desiredStateOf } from '../deploy/agent/desiredState';
import { requireDevice, type AgentEnv } from '../deploy/agent/deviceAuth';
import { enrolDevice } from '../deploy/agent/enrolDevice';
import { recordHeartbeat } from '../deploy/agent/recordHeartbeat';
import { ApiError } from '../http/ApiError';
import { jsonBody, paramsOf } from '../http/validate';
import { blobResponse } from './blobResponse';

/*
 * The edge agent's protocol (contract/apiAgent.ts), mounted at /api/v1/agent. Every call comes
 * from the agent (it only calls out, so it works behind NAT) with its device credential, never a
 * user's token; the credential is checked before the body is read, so a stranger learns nothing
 * from validation errors. The agent reads only its own point's desired state and pings and only
 * the artifacts deployed to it.
 */

const pingParams = z.object({ pingId: z.string().min(1).max(64) });
const artifactParams = z.object({ deploymentId: z.string().min(1).max(64) });

export function createAgentRoutes(ctx: AppContext) {
  const r = new Hono<AgentEnv>();
  const device = requireDevice(ctx);

  r.post('/enrollments', jsonBody(agentEnrollSchema), async (c) => {
    const { token, runtime } = c.req.valid('json');
    const enrolled = await ctx.db
      .transaction()
      .execute((trx) =>
        enrolDevice(trx, { token, runtime, now: ctx.now(), heartbeatSeconds: ctx.config.EDGE_HEARTBEAT_SECONDS }),
      );
    return c.json(enrolled, 201);
  });

  r.post('/heartbeats', device, jsonBody(agentHeartbeatSchema), async (c) => {
    const caller = c.get('device');
    const reported = c.req.valid('json');
    const now = ctx.now();
    const desired: AgentDesired = await ctx.db.transaction().execute(async (trx) => {
      await recordHeartbeat(trx, caller, reported, now);
      return desiredStateOf(trx, caller, now, ctx.config.EDGE_HEARTBEAT_SECONDS);
    });
    return c.json(desired);
  });

  r.post('/pings/:pingId', device, paramsOf(pingParams), async (c) => {
    await answerPing(ctx.db, c.get('device').pointId, c.req.valid('param').pingId, ctx.now());
    return c.body(null, 204);
  });

  r.get('/artifacts/:deploymentId', device, paramsOf(artifactParams), async (c) => {
    const { deploymentId } = c.req.valid('param');
    const target = await ctx.db
      .selectFrom('deployment_targets as dt')
      .innerJoin('deployments as d', 'd.id', 'dt.deployment_id')
      .select('d.version')
      .where('dt.deployment_id', '=', deploymentId)
      .where('dt.point_id', '=', c.get('device').pointId)
      .executeTakeFirst();
    const missing = () => new ApiError('not_found', 'No such deployment for this device.');
    if (!target) throw missing();
    // The blob's key is the zip's sha256, so it is the ETag an interrupted download resumes with (If-Range).
    const res = await blobResponse(c, ctx.blobs, target.version, {
      'Content-Type': 'application/zip',
      'X-Content-Type-Options': 'nosniff',
      ETag: `"${target.version}"`,
      'Cache-Control': 'no-store',
    });
    if (!res) throw missing();
    return res;
  });

  return r;
}
