import { z } from 'zod';
import type { DeploymentErrorCode } from '../../../contract/apiDeploy';
import type { BlobStore } from '../../blobs/BlobStore';
import type { Db } from '../../db/Db';
import type { JobHandler } from '../../jobs/jobRunner';
import { InferenceFailure } from './inferencePool';
import { WebPointServing } from './webPointServing';

/*
 * `point.prepare`: loads a web point's model and runs one warm-up inference, then the point is
 * 'running' and its pending deployment 'succeeded'. The model is the pending deployment's when
 * there is one (a new model for the point), else the point's own. A model that does not load or
 * whose warm-up fails ends it for good ('failed', model_unreadable / warmup_failed) — unless the
 * point was already serving another model, which then goes on serving (the deployment is
 * 'rolled_back'). A stopped or deleted point is left alone. In the API process the warm-up runs in
 * the pool that will serve the point; elsewhere (a worker process) in a pool of its own, closed after.
 */

export const pointPreparePayloadSchema = z.object({ pointId: z.string().min(1) });

export interface PointPrepareDeps {
  db: Db;
  blobs: BlobStore;
  now: () => Date;
  /** The API process's serving (its pool gets the model); absent: a one-thread pool per job. */
  serving?: WebPointServing;
}

const OPEN_STATES = ['pending', 'downloading', 'activating'];

async function openTarget(db: Db, pointId: string) {
  return db
    .selectFrom('deployment_targets')
    .innerJoin('deployments', 'deployments.id', 'deployment_targets.deployment_id')
    .select(['deployment_targets.deployment_id', 'deployments.model_id', 'deployments.version'])
    .where('deployment_targets.point_id', '=', pointId)
    .where('deployment_targets.state', 'in', OPEN_STATES)
    .orderBy('deployment_targets.created_at', 'desc')
    .executeTakeFirst();
}

export function createPointPrepareHandler(deps: PointPrepareDeps): JobHandler {
  const { db, now } = deps;

  async function finish(
    pointId: string,
    deploymentId: string | null,
    outcome:
      | { error: { code: DeploymentErrorCode; message: string }; keepServing: boolean }
      | { model: { id: string; version: string } },
  ) {
    const error = 'error' in outcome ? outcome.error : null;
    const keepServing = 'error' in outcome && outcome.keepServing;
    const at = now().toISOString();
    const targetState = error ? (keepServing ? 'rolled_back' : 'failed') : 'succeeded';
    await db.transaction().execute(async (trx) => {
      if (!error || !keepServing) {
        await trx
          .updateTable('points')
          .set(
            error
              ? { instance_state: 'failed', instance_error: error.message, updated_at: at }
              : {
                  instance_state: 'running',
                  instance_error: null,
                  prepared_at: at,
                  updated_at: at,
                  ...('model' in outcome ? { model_id: outcome.model.id, version: outcome.model.version } : {}),
                },
          )
          .where('id', '=', pointId)
          .where('deleted_at', 'is', null)
          .where('instance_state', '!=', 'stopped')
          .execute();
      }
      if (deploymentId) {
        await trx
          .updateTable('deployment_targets')
          .set({
            state: targetState,
            error: error?.code ?? null,
            detail: error?.message ?? null,
            progress: error ? null : 1,
            updated_at: at,
          })
          .where('deployment_id', '=', deploymentId)
          .where('point_id', '=', pointId)
          .where('state', 'in', OPEN_STATES)
          .execute();
      }
    });
  }

  async function prepare(pointId: string, final: boolean): Promise<void> {
    const point = await db
      .selectFrom('points')
      .select(['id', 'kind', 'model_id', 'version', 'instance_state', 'deleted_at'])
      .where('id', '=', pointId)
      .executeTakeFirst();
    if (!point || point.kind !== 'web' || point.deleted_at !== null || point.instance_state === 'stopped') return;
    const target = await openTarget(db, pointId);
    const modelId = target?.model_id ?? point.model_id;
    const model = modelId
      ? await db.selectFrom('models').select(['id', 'blob_key']).where('id', '=', modelId).executeTakeFirst()
      : undefined;
    const deploymentId = target?.deployment_id ?? null;
    const keepServing = point.instance_state === 'running' && !!point.version && point.version !== model?.blob_key;
    if (!model) {
      const error = { code: 'model_unreadable' as const, message: 'The model no longer exists.' };
      await finish(pointId, deploymentId, { error, keepServing });
      return;
    }
    if (deploymentId) {
      await db
        .updateTable('deployment_targets')
        .set({ state: 'activating', updated_at: now().toISOString() })
        .where('deployment_id', '=', deploymentId)
        .where('point_id', '=', pointId)
        .where('state', 'in', OPEN_STATES)
        .execute();
    }
    const serving = deps.serving ?? new WebPointServing({ db, blobs: deps.blobs, now, threads: 1, modelsPerThread: 1 });
    try {
      await serving.warm(model.blob_key);
    } catch (error) {
      const failure = error instanceof InferenceFailure ? error : null;
      // A thread that died is worth another attempt; a model that does not load or warm up is not.
      if (!failure || (failure.code === 'inference_failed' && !final)) throw error;
      const code: DeploymentErrorCode = failure.code === 'model_unreadable' ? 'model_unreadable' : 'warmup_failed';
      await finish(pointId, deploymentId, { error: { code, message: failure.message }, keepServing });
      return;
    } finally {
      if (!deps.serving) await serving.close();
    }
    await finish(pointId, deploymentId, { model: { id: model.id, version: model.blob_key } });
  }

  return {
    async run(job) {
      const { pointId } = pointPreparePayloadSchema.parse(job.payload);
      await prepare(pointId, job.attempts >= job.maxAttempts);
    },
    async failed(job, error) {
      const parsed = pointPreparePayloadSchema.safeParse(job.payload);
      if (!parsed.success) return;
      const { pointId } = parsed.data;
      const point = await db
        .selectFrom('points')
        .select(['instance_state', 'version'])
        .where('id', '=', pointId)
        .executeTakeFirst();
      const target = await openTarget(db, pointId);
      const keepServing = point?.instance_state === 'running' && !!point.version && point.version !== target?.version;
      await finish(pointId, target?.deployment_id ?? null, {
        error: { code: 'warmup_failed', message: error },
        keepServing,
      });
    },
  };
}
