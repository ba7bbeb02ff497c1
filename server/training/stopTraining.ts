import type { Kysely } from 'kysely';
import { FINAL_TRAINING_STATUSES, type Prediction, type TrainingStatus } from '../../contract/apiTraining';
import type { BlobStore } from '../blobs/BlobStore';
import type { Database } from '../db/schema';
import { ApiError } from '../http/ApiError';

/**
 * Asks a training to stop. A running one has `stop_requested` set and its trainer stops within
 * a batch (it polls the flag); one still waiting in the queue is stopped here at once and its
 * job removed — unless a trainer leased the job meanwhile, which then sees the flag. 404 when
 * the training is not the project's, 409 `training_finished` when it already ended.
 */
export async function stopTraining(
  db: Kysely<Database>,
  now: () => Date,
  projectId: string,
  trainingId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('trainings')
      .select(['status', 'job_id'])
      .where('project_id', '=', projectId)
      .where('id', '=', trainingId)
      .executeTakeFirst();
    if (!row) throw new ApiError('not_found', 'No such training.');
    if (FINAL_TRAINING_STATUSES.includes(row.status as TrainingStatus))
      throw new ApiError('training_finished', 'This training has already ended.');
    const at = now().toISOString();
    let stopped = false;
    if (row.status === 'queued') {
      const removed = row.job_id
        ? await trx.deleteFrom('jobs').where('id', '=', row.job_id).where('state', '=', 'queued').executeTakeFirst()
        : null;
      stopped = removed === null || Number(removed.numDeletedRows) === 1;
    }
    await trx
      .updateTable('trainings')
      .set(
        stopped
          ? { stop_requested: 1, status: 'stopped', ended_at: at, eta_seconds: null, updated_at: at }
          : { stop_requested: 1, updated_at: at },
      )
      .where('id', '=', trainingId)
      .where('status', 'not in', [...FINAL_TRAINING_STATUSES])
      .execute();
  });
}

type PredictionMap = Record<string, Prediction[]>;
/** Parsed predictions blobs by key: content-addressed, so an entry never goes stale. */
const predictionCache = new Map<string, PredictionMap>();
const PREDICTION_CACHE_SIZE = 2;

/**
 * The test split's predictions of a training ({ imageId: Prediction[] }), kept parsed for the
 * few trainings whose mistakes are being looked at (the studio asks once per image it opens).
 */
export async function readPredictions(blobs: BlobStore, key: string): Promise<PredictionMap | null> {
  const cached = predictionCache.get(key);
  if (cached) return cached;
  const blob = await blobs.get(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as PredictionMap;
  predictionCache.set(key, parsed);
  if (predictionCache.size > PREDICTION_CACHE_SIZE) {
    const oldest = predictionCache.keys().next().value;
    if (oldest !== undefined) predictionCache.delete(oldest);
  }
  return parsed;
}
