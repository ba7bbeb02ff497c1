import type { Kysely } from 'kysely';
import { FINAL_TRAINING_STATUSES, type TrainingErrorCode } from '../../contract/apiTraining';
import type { Db } from '../db/Db';
import type { Database } from '../db/schema';
import { LEASE_EXPIRED_ERROR } from '../jobs/jobQueue';
import type { JobHandler } from '../jobs/jobRunner';
import { trainingJobPayloadSchema } from './jobKinds';
import { THREAD_LOST_ERROR, TrainerAbortedError } from './runInTrainerThread';
import type { TrainerExecutor } from './trainerTasks';

export interface TrainingJobDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** The trainer this handler runs on (written to the training, named by its own job kind). */
  trainerId: string;
  execute: TrainerExecutor;
  /** Called with true when a task starts and false when it ends (the trainers row's busy flag). */
  onBusy?: (busy: boolean) => Promise<void>;
  /** How often the training's progress is copied to its job (default 5 s). */
  progressMs?: number;
}

/** The error of a job sent to a trainer that is gone (trainerSweep.ts). */
export const TRAINER_GONE_ERROR = 'The trainer this job was sent to is gone.';

/** The training error a failed job leaves: a trainer that died or went away is 'trainer_lost', anything else 'internal'. */
export function trainingErrorOf(jobError: string): TrainingErrorCode {
  const lost =
    jobError.startsWith(THREAD_LOST_ERROR) || jobError === LEASE_EXPIRED_ERROR || jobError === TRAINER_GONE_ERROR;
  return lost ? 'trainer_lost' : 'internal';
}

/**
 * Marks a training that has not ended as failed (its job failed for good). Never touches one in a
 * final status: a training is never stuck in 'running', and a finished one keeps its outcome.
 */
export async function failTraining(db: Db, trainingId: string, error: TrainingErrorCode, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable('trainings')
    .set({ status: 'failed', error, ended_at: at, updated_at: at })
    .where('id', '=', trainingId)
    .where('status', 'not in', FINAL_TRAINING_STATUSES)
    .execute();
}

/**
 * The `training.run` job (and `training.run:<trainer id>`): runs the training in a trainer
 * thread through runTraining (server/training/runTraining.ts), which writes its steps, figures,
 * checkpoints and outcome to the trainings row. A training that ends (completed, stopped, or
 * failed for a reason of its own) completes the job; runTraining throws only for what a retry may
 * cure, and a dead thread throws too: the job is retried, resuming from the last checkpoint, until
 * its attempts run out and `failed` marks the training failed. A lost lease aborts the thread.
 */
export function createTrainingJobHandler(deps: TrainingJobDeps): JobHandler {
  const progressMs = deps.progressMs ?? 5_000;
  return {
    async run(job, control) {
      const { trainingId } = trainingJobPayloadSchema.parse(job.payload);
      const row = await deps.db
        .selectFrom('trainings')
        .select(['status', 'stop_requested'])
        .where('id', '=', trainingId)
        .executeTakeFirst();
      // Deleted with its project, or already over (stopped before a trainer took it): nothing to do.
      if (!row || (FINAL_TRAINING_STATUSES as readonly string[]).includes(row.status)) return;
      if (Number(row.stop_requested) === 1 && row.status === 'queued') {
        const at = deps.now().toISOString();
        await deps.db
          .updateTable('trainings')
          .set({ status: 'stopped', ended_at: at, updated_at: at })
          .where('id', '=', trainingId)
          .where('status', '=', 'queued')
          .execute();
        return;
      }

      await deps.onBusy?.(true);
      // The job's progress follows the training's (the queue's view of the work; a lost lease shows here too).
      const mirror = setInterval(() => {
        void deps.db
          .selectFrom('trainings')
          .select('progress')
          .where('id', '=', trainingId)
          .executeTakeFirst()
          .then((r) => (r ? control.progress(Number(r.progress)) : undefined))
          .catch(() => undefined);
      }, progressMs);
      mirror.unref();
      try {
        await deps.execute({ kind: 'training', trainingId, trainerId: deps.trainerId }, { signal: control.signal });
        // A task that returned because it was aborted has not finished: the job must not complete.
        if (control.signal.aborted) throw new TrainerAbortedError();
      } finally {
        clearInterval(mirror);
        await deps.onBusy?.(false).catch(() => undefined);
      }
    },
    async failed(job, error) {
      const parsed = trainingJobPayloadSchema.safeParse(job.payload);
      if (parsed.success) await failTraining(deps.db, parsed.data.trainingId, trainingErrorOf(error), deps.now());
    },
  };
}
