import type { AgentReported } from '../../../contract/apiAgent';
import type { Db } from '../../db/Db';
import { addPointMetrics } from '../pointMetricsStore';
import type { AgentDevice } from './deviceAuth';
import { canMoveTarget } from './targetTransitions';

/** The agent's clock minus the server's when the call arrived (positive: the agent is ahead); null when sentAt is no date. */
export function clockSkewMs(sentAt: string, now: Date): number | null {
  const sent = Date.parse(sentAt);
  return Number.isFinite(sent) ? sent - now.getTime() : null;
}

/**
 * Stores what the agent reports: when it called, its runtime, its state (metrics apart, with the
 * server's own clock skew figure), the model it serves, its serving counts (the agent's heartbeats
 * come one after another, so it is the one writer of source 'agent'), and its deployment's progress,
 * applied only to this point's target and only forward (targetTransitions.ts).
 */
export async function recordHeartbeat(db: Db, device: AgentDevice, reported: AgentReported, now: Date): Promise<void> {
  const at = now.toISOString();
  const stored = {
    sentAt: reported.sentAt,
    localUrl: reported.localUrl,
    status: reported.status,
    serving: reported.serving,
    deployment: reported.deployment,
    checks: { ...reported.checks, clockSkewMs: clockSkewMs(reported.sentAt, now) },
  };
  await db
    .updateTable('points')
    .set({
      last_seen_at: at,
      device_runtime: JSON.stringify(reported.runtime),
      device_reported: JSON.stringify(stored),
      updated_at: at,
    })
    .where('id', '=', device.pointId)
    .execute();
  if (reported.serving) await recordServing(db, device, reported.serving, at);
  if (reported.metrics) await addPointMetrics(db, device.pointId, 'agent', now, reported.metrics);
  if (reported.deployment) await applyTargetReport(db, device.pointId, reported.deployment, at);
}

/**
 * The point's model becomes the one the agent serves, when that is a model of the point's own
 * project at the version its zip has: an agent cannot make its point show another project's model.
 */
async function recordServing(db: Db, device: AgentDevice, serving: { modelId: string; version: string }, at: string) {
  const model = await db
    .selectFrom('models')
    .select('id')
    .where('id', '=', serving.modelId)
    .where('project_id', '=', device.projectId)
    .where('blob_key', '=', serving.version)
    .executeTakeFirst();
  if (!model) return;
  await db
    .updateTable('points')
    .set({ model_id: model.id, version: serving.version, updated_at: at })
    .where('id', '=', device.pointId)
    .where((eb) =>
      eb.or([eb('model_id', 'is', null), eb('model_id', '!=', model.id), eb('version', '!=', serving.version)]),
    )
    .execute();
}

/** Moves this point's target of the reported deployment forward; a report for another point's is ignored. */
async function applyTargetReport(
  db: Db,
  pointId: string,
  report: NonNullable<AgentReported['deployment']>,
  at: string,
): Promise<void> {
  const target = await db
    .selectFrom('deployment_targets')
    .select(['state'])
    .where('deployment_id', '=', report.id)
    .where('point_id', '=', pointId)
    .executeTakeFirst();
  if (!target || !canMoveTarget(target.state, report.state)) return;
  // Compare-and-set on the state read: a console that supersedes the target meanwhile wins.
  await db
    .updateTable('deployment_targets')
    .set({
      state: report.state,
      error: report.error,
      detail: report.detail,
      progress: report.progress,
      updated_at: at,
    })
    .where('deployment_id', '=', report.id)
    .where('point_id', '=', pointId)
    .where('state', '=', target.state)
    .execute();
}
