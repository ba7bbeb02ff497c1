import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AGENT_MIN_NODE_MAJOR, agentRuntimeSchema } from '../../contract/apiAgent';
import { FINAL_DEPLOYMENT_STATES } from '../../contract/apiDeploy';
import { V } from '../../contract/validationMessages';
import type { Db } from '../db/Db';
import { ApiError } from '../http/ApiError';
import type { JobQueue } from '../jobs/jobQueue';
import { POINT_PREPARE_JOB } from './deployJobKinds';

/** The model facts a deployment needs. */
export interface DeployedModel {
  id: string;
  blob_key: string;
  manifest: string;
}

/** The point facts a deployment needs. */
export interface DeployedPoint {
  id: string;
  kind: string;
  name: string;
  device_runtime: string | null;
}

const manifestVersionSchema = z.object({ version: z.number().int() });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Why `point`'s device cannot run `model` (a validation message key), or null when it can or is not enrolled yet. */
export function runtimeProblem(point: DeployedPoint, model: DeployedModel): string | null {
  if (point.kind !== 'edge' || !point.device_runtime) return null;
  // An unreadable runtime is as good as none: the agent reports it again when it enrols.
  const runtime = agentRuntimeSchema.safeParse(parseJson(point.device_runtime));
  if (!runtime.success) return null;
  // Only the format version is read, so a manifest newer than this server's schema still answers.
  const manifest = manifestVersionSchema.safeParse(parseJson(model.manifest));
  if (!manifest.success || !runtime.data.modelFormats.includes(manifest.data.version)) return V.deploymentModelFormat;
  const nodeMajor = Number(/^v?(\d+)/.exec(runtime.data.node)?.[1] ?? NaN);
  if (!(nodeMajor >= AGENT_MIN_NODE_MAJOR)) return V.deploymentNodeVersion;
  return null;
}

/** Refuses the whole deployment when any edge point's runtime cannot run the model, naming each. */
export function checkRuntimes(points: readonly DeployedPoint[], model: DeployedModel): void {
  const fields: Record<string, string> = {};
  for (const point of points) {
    const problem = runtimeProblem(point, model);
    if (problem) fields[`pointIds.${point.id}`] = problem;
  }
  const names = points.filter((p) => fields[`pointIds.${p.id}`]).map((p) => p.name);
  if (names.length > 0)
    throw new ApiError(
      'deployment_unsupported',
      `The runtime of ${names.join(', ')} cannot run this model (its model format or Node version is too old: update the agent).`,
      { fields },
    );
}

/**
 * Writes a deployment of `model` to `points` (one 'pending' target each) and marks the points'
 * earlier unfinished targets 'superseded': the targets are the rollout's state, which the agent
 * (edge) or the prepare job (web) moves on; the point's own model changes only when the new one
 * serves. Run inside a transaction; the caller notifies the job runner after commit.
 */
export async function insertDeployment(
  db: Db,
  jobs: JobQueue,
  opts: {
    projectId: string;
    model: DeployedModel;
    points: readonly DeployedPoint[];
    createdBy: string | null;
    now: Date;
  },
): Promise<string> {
  const id = randomUUID();
  const at = opts.now.toISOString();
  const pointIds = opts.points.map((p) => p.id);
  await db
    .updateTable('deployment_targets')
    .set({ state: 'superseded', progress: null, updated_at: at })
    .where('point_id', 'in', pointIds)
    .where('state', 'not in', FINAL_DEPLOYMENT_STATES)
    .execute();
  await db
    .insertInto('deployments')
    .values({
      id,
      project_id: opts.projectId,
      model_id: opts.model.id,
      version: opts.model.blob_key,
      created_by: opts.createdBy,
      created_at: at,
    })
    .execute();
  await db
    .insertInto('deployment_targets')
    .values(
      pointIds.map((pointId) => ({
        deployment_id: id,
        point_id: pointId,
        state: 'pending',
        error: null,
        detail: null,
        progress: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  // A web point keeps serving its current model while the prepare job warms the new one up, and
  // switches (or rolls back) when it is done; a failed point is prepared again, a stopped one
  // takes the deployment when it is started.
  const web = opts.points.filter((p) => p.kind === 'web');
  if (web.length > 0) {
    const webIds = web.map((p) => p.id);
    await db
      .updateTable('points')
      .set({ instance_state: 'preparing', instance_error: null, updated_at: at })
      .where('id', 'in', webIds)
      .where('instance_state', '=', 'failed')
      .execute();
    const live = await db
      .selectFrom('points')
      .select('id')
      .where('id', 'in', webIds)
      .where('instance_state', '!=', 'stopped')
      .execute();
    for (const point of live) await enqueuePrepare(db, jobs, opts.projectId, point.id);
  }
  return id;
}

/** Queues the job that loads a web point's model and marks it running (server/deploy/serving). */
export function enqueuePrepare(db: Db, jobs: JobQueue, projectId: string, pointId: string): Promise<string> {
  return jobs.enqueue({ kind: POINT_PREPARE_JOB, projectId, payload: { pointId } }, db);
}
