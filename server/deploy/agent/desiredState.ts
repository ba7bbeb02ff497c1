import type { AgentDesired } from '../../../contract/apiAgent';
import { modelManifestSchema } from '../../../contract/apiModels';
import type { Db } from '../../db/Db';
import { pingExpiryMs } from '../pings';
import type { AgentDevice } from './deviceAuth';
import { isFinalState } from './targetTransitions';

/** Where the agent downloads a deployment's model zip (below the server's origin). */
export function artifactPathOf(deploymentId: string): string {
  return `/api/v1/agent/artifacts/${encodeURIComponent(deploymentId)}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The latest deployment to the point that was not superseded, with what the agent needs to fetch
 * and check it. A finished one is still named (the agent compares it with what it last did), so a
 * rolled-back model is not tried again until a new deployment comes. A model whose manifest no
 * longer reads cannot be run by any agent: its target fails here instead of waiting forever.
 */
async function desiredDeployment(db: Db, pointId: string, at: string): Promise<AgentDesired['deployment']> {
  const row = await db
    .selectFrom('deployment_targets as dt')
    .innerJoin('deployments as d', 'd.id', 'dt.deployment_id')
    .leftJoin('models as m', 'm.id', 'd.model_id')
    .select(['d.id', 'd.model_id', 'd.version', 'dt.state', 'm.manifest', 'm.bytes', 'm.blob_key'])
    .where('dt.point_id', '=', pointId)
    .where('dt.state', '!=', 'superseded')
    .orderBy('dt.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const manifest = row.manifest === null ? null : modelManifestSchema.safeParse(parseJson(row.manifest));
  if (!manifest?.success || row.blob_key !== row.version || row.bytes === null) {
    if (!isFinalState(row.state))
      await db
        .updateTable('deployment_targets')
        .set({
          state: 'failed',
          error: 'model_unreadable',
          detail: 'The model is no longer on the server, or its manifest does not read.',
          progress: null,
          updated_at: at,
        })
        .where('deployment_id', '=', row.id)
        .where('point_id', '=', pointId)
        .where('state', '=', row.state)
        .execute();
    return null;
  }
  return {
    id: row.id,
    modelId: row.model_id,
    version: row.version,
    bytes: Number(row.bytes),
    url: artifactPathOf(row.id),
    manifest: manifest.data,
  };
}

/**
 * Hands over the point's waiting connectivity tests: each is marked delivered with a
 * compare-and-set, so a ping goes out once even if two calls overlap. Expired ones stay behind
 * (the console already shows them expired).
 */
async function deliverPings(db: Db, pointId: string, now: Date, heartbeatSeconds: number) {
  const since = new Date(now.getTime() - pingExpiryMs(heartbeatSeconds)).toISOString();
  const waiting = await db
    .selectFrom('point_pings')
    .select('id')
    .where('point_id', '=', pointId)
    .where('delivered_at', 'is', null)
    .where('answered_at', 'is', null)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .execute();
  const delivered: { id: string }[] = [];
  for (const { id } of waiting) {
    const result = await db
      .updateTable('point_pings')
      .set({ delivered_at: now.toISOString() })
      .where('id', '=', id)
      .where('delivered_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) delivered.push({ id });
  }
  return delivered;
}

/** What the agent should run now (contract agentDesiredSchema). */
export async function desiredStateOf(
  db: Db,
  device: AgentDevice,
  now: Date,
  heartbeatSeconds: number,
): Promise<AgentDesired> {
  const at = now.toISOString();
  return {
    serverTime: at,
    heartbeatSeconds,
    pointName: device.pointName,
    deployment: await desiredDeployment(db, device.pointId, at),
    pings: await deliverPings(db, device.pointId, now, heartbeatSeconds),
  };
}
