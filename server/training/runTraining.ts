import type { Kysely } from 'kysely';
import { TRAINING_MIN_IMAGES, trainingCreateSchema, type TrainingErrorCode } from '../../contract/apiTraining';
import type { BlobStore } from '../blobs/BlobStore';
import type { Database } from '../db/schema';
import { isTransientError } from './isTransientError';
import { TrainingFailure } from './TrainingFailure';
import { trainingSteps } from './trainingSteps';

/*
 * One training, from the wizard's settings to a stored, tested model: the trainer's job handler
 * calls runTraining with the training id of its job. The steps are written to the training row as
 * they happen (the console follows them over SSE): downloading (the data is selected and split),
 * learning (features, then the head, epoch by epoch with a checkpoint each), uploading (the model
 * zip and its models row), testing (the stored zip predicts the test split), completed.
 */

export interface TrainingDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  now: () => Date;
  /** Where temporary files go (a folder the trainer may write). */
  tmpRoot: string;
  log?: (msg: string) => void;
}

export interface TrainingControl {
  trainerId: string;
  /** Aborted when the job's lease is lost or the process stops: stop at once, write nothing more. */
  signal: AbortSignal;
}

export type TrainingOutcome = 'completed' | 'stopped' | 'failed';

/**
 * Runs the training to its end and returns its final status.
 *
 * Errors: a failure that another attempt would meet again (too few images, unreadable data, an
 * unfit previous model, a bug) ends the training as 'failed' with its code, and the detail goes
 * to the log. A failure of the database or blob store (unreachable, busy, a dropped connection)
 * is rethrown, so the job queue tries again later — the next attempt resumes from the last
 * epoch checkpoint. An aborted signal (lease lost, process stopping) returns 'stopped' at once
 * and writes nothing more: the row belongs to whoever takes the job next.
 */
export async function runTraining(
  deps: TrainingDeps,
  trainingId: string,
  control: TrainingControl,
): Promise<TrainingOutcome> {
  const log = deps.log ?? (() => {});
  const row = await deps.db.selectFrom('trainings').selectAll().where('id', '=', trainingId).executeTakeFirst();
  if (!row) {
    log(`training ${trainingId}: no such training`);
    return 'failed';
  }
  if (row.status === 'completed' || row.status === 'failed' || row.status === 'stopped') return row.status;
  const now = deps.now().toISOString();
  if (row.stop_requested) {
    await deps.db
      .updateTable('trainings')
      .set({ status: 'stopped', ended_at: now, updated_at: now })
      .where('id', '=', trainingId)
      .where('status', 'in', ['queued', 'running'])
      .execute();
    return 'stopped';
  }
  const settings = trainingCreateSchema.safeParse(JSON.parse(row.settings));
  const claimed = await deps.db
    .updateTable('trainings')
    .set({
      status: 'running',
      step: 'downloading',
      trainer_id: control.trainerId,
      started_at: row.started_at ?? now,
      error: null,
      updated_at: now,
    })
    .where('id', '=', trainingId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return 'stopped';

  const fail = async (code: TrainingErrorCode): Promise<TrainingOutcome> => {
    if (control.signal.aborted) return 'stopped';
    const at = deps.now().toISOString();
    // A failed training is never resumed: its checkpoint goes with it.
    const { checkpoint_key: checkpoint } = await deps.db
      .selectFrom('trainings')
      .select('checkpoint_key')
      .where('id', '=', trainingId)
      .executeTakeFirstOrThrow();
    const result = await deps.db
      .updateTable('trainings')
      .set({ status: 'failed', error: code, ended_at: at, updated_at: at, eta_seconds: null, checkpoint_key: null })
      .where('id', '=', trainingId)
      .where('trainer_id', '=', control.trainerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (checkpoint && Number(result.numUpdatedRows) > 0) await deps.blobs.delete(checkpoint);
    return 'failed';
  };

  if (!settings.success) {
    log(`training ${trainingId}: settings do not match the contract: ${settings.error.message}`);
    return fail('internal');
  }
  try {
    return await trainingSteps(deps, { row, settings: settings.data, control, log, minImages: TRAINING_MIN_IMAGES });
  } catch (error) {
    if (control.signal.aborted) return 'stopped';
    if (error instanceof TrainingFailure) {
      log(`training ${trainingId} failed (${error.code}): ${error.message}`);
      return fail(error.code);
    }
    if (isTransientError(error)) throw error;
    log(`training ${trainingId} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return fail('internal');
  }
}
