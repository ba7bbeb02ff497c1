import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobHandler } from '../jobs/jobRunner';
import { autoLabelJobPayloadSchema } from './jobKinds';
import { TrainerAbortedError } from './runInTrainerThread';
import type { TrainerExecutor } from './trainerTasks';
import { trainingErrorOf } from './trainingJob';

/**
 * What a failed run's `error` holds: an error code the console translates (`errors:<code>`). The
 * detail goes to the trainer's log.
 */
export type AutoLabelError = 'not_found' | 'trainer_unavailable' | 'internal';

/** A run whose trainer died or went away: the learning server did not take the request normally. */
export function autoLabelErrorOf(jobError: string): AutoLabelError {
  return trainingErrorOf(jobError) === 'trainer_lost' ? 'trainer_unavailable' : 'internal';
}

export interface AutoLabelJobDeps {
  db: Kysely<Database>;
  now: () => Date;
  execute: TrainerExecutor;
  onBusy?: (busy: boolean) => Promise<void>;
}

/**
 * The `model.autolabel` job on a trainer: runs the model over the project's unlabeled images in a
 * trainer thread (autoLabelRun.ts), which writes the machine labels and the figures of the run's
 * auto_label_runs row (same id as the job) as it goes. When the job fails for good, the row says so
 * with a code.
 */
export function createAutoLabelJobHandler(deps: AutoLabelJobDeps): JobHandler {
  return {
    async run(job, control) {
      const payload = autoLabelJobPayloadSchema.parse(job.payload);
      if (!job.projectId) throw new Error('An auto-labeling job names no project.');
      await deps.onBusy?.(true);
      let last = 0;
      try {
        await deps.execute(
          { kind: 'autolabel', jobId: job.id, projectId: job.projectId, payload },
          {
            signal: control.signal,
            onProgress: (fraction) => {
              // The job's progress follows the run's; a lost lease shows here as well as in the heartbeat.
              if (fraction - last < 0.01 && fraction < 1) return;
              last = fraction;
              control.progress(fraction).catch(() => undefined);
            },
          },
        );
        if (control.signal.aborted) throw new TrainerAbortedError();
      } finally {
        await deps.onBusy?.(false).catch(() => undefined);
      }
    },
    async failed(job, error) {
      const at = deps.now().toISOString();
      await deps.db
        .updateTable('auto_label_runs')
        .set({ state: 'failed', error: autoLabelErrorOf(error), updated_at: at })
        .where('job_id', '=', job.id)
        .where('state', 'not in', ['done', 'failed'])
        .execute();
    },
  };
}
