import {
  DEPLOYMENT_ERROR_CODES,
  DEPLOYMENT_STATES,
  type Deployment,
  type DeploymentTarget,
} from '../../contract/apiDeploy';
import type { Db } from '../db/Db';

/** How many deployments a history lists (newest first). */
export const DEPLOYMENT_LIST_LIMIT = 200;

const isState = (v: string): v is DeploymentTarget['state'] => (DEPLOYMENT_STATES as readonly string[]).includes(v);
const isError = (v: string | null): v is NonNullable<DeploymentTarget['error']> =>
  v !== null && (DEPLOYMENT_ERROR_CODES as readonly string[]).includes(v);

/** Deployments of a project with their model's facts and creator's name; narrow with `.where(...)`. */
export function selectDeployments(db: Db, projectId: string) {
  return db
    .selectFrom('deployments')
    .leftJoin('models', 'models.id', 'deployments.model_id')
    .leftJoin('users', 'users.id', 'deployments.created_by')
    .selectAll('deployments')
    .select([
      'models.tag as model_tag',
      'models.task as model_task',
      'models.training_id as model_training_id',
      'users.name as creator_name',
    ])
    .where('deployments.project_id', '=', projectId);
}

type DeploymentRow = Awaited<ReturnType<ReturnType<typeof selectDeployments>['execute']>>[number];

/**
 * The views of `rows` with their targets (one query). Targets of deleted points stay: the
 * history keeps what was deployed where, even after the point is gone.
 */
export async function deploymentViews(db: Db, rows: readonly DeploymentRow[]): Promise<Deployment[]> {
  if (rows.length === 0) return [];
  const targets = await db
    .selectFrom('deployment_targets')
    .innerJoin('points', 'points.id', 'deployment_targets.point_id')
    .selectAll('deployment_targets')
    .select(['points.name as point_name', 'points.kind as point_kind'])
    .where(
      'deployment_targets.deployment_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('points.name')
    .orderBy('deployment_targets.point_id')
    .execute();
  const byDeployment = new Map<string, DeploymentTarget[]>();
  for (const t of targets) {
    const list = byDeployment.get(t.deployment_id) ?? [];
    list.push({
      pointId: t.point_id,
      pointName: t.point_name,
      pointKind: t.point_kind === 'edge' ? 'edge' : 'web',
      state: isState(t.state) ? t.state : 'pending',
      error: isError(t.error) ? t.error : null,
      detail: t.detail,
      progress: t.progress == null ? null : Number(t.progress),
      updatedAt: t.updated_at,
    });
    byDeployment.set(t.deployment_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    projectId: row.project_id,
    model: {
      id: row.model_id,
      tag: row.model_tag,
      task: row.model_task ?? '',
      trainingId: row.model_training_id,
    },
    version: row.version,
    targets: byDeployment.get(row.id) ?? [],
    createdAt: row.created_at,
    createdBy: row.created_by ? { id: row.created_by, name: row.creator_name ?? '' } : null,
  }));
}

/**
 * The training list's deploy history: for each training, where its model went (target = the
 * point's name), newest first. One query for the whole list.
 */
export async function deploymentsOfTrainings(
  db: Db,
  trainingIds: readonly string[],
): Promise<Map<string, { id: string; target: string; at: string }[]>> {
  const out = new Map<string, { id: string; target: string; at: string }[]>();
  if (trainingIds.length === 0) return out;
  const rows = await db
    .selectFrom('deployment_targets')
    .innerJoin('deployments', 'deployments.id', 'deployment_targets.deployment_id')
    // Through the training's model id, not the models table: the history outlives a deleted model.
    .innerJoin('trainings', 'trainings.model_id', 'deployments.model_id')
    .innerJoin('points', 'points.id', 'deployment_targets.point_id')
    .select([
      'trainings.id as training_id',
      'deployments.id',
      'points.name',
      'deployment_targets.created_at',
      'deployment_targets.point_id',
    ])
    .where('trainings.id', 'in', trainingIds)
    .orderBy('deployment_targets.created_at', 'desc')
    .orderBy('deployment_targets.point_id')
    .execute();
  for (const row of rows) {
    const list = out.get(row.training_id) ?? [];
    list.push({ id: row.id, target: row.name, at: row.created_at });
    out.set(row.training_id, list);
  }
  return out;
}
