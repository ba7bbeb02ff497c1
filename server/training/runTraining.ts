import type { Kysely } from 'kysely';
import type { BlobStore } from '../blobs/BlobStore';
import type { Database } from '../db/schema';

/*
 * One training, from the wizard's settings to a stored, tested model: the trainer's job handler
 * calls runTraining with the training id of its job. The steps are written to the training row as
 * they happen (the console follows them over SSE).
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
 * Runs the training to its end. Returns its final status; rethrows only errors worth a retry of
 * the job (the database or blob store unreachable), after which a later attempt resumes from the
 * last checkpoint. An aborted signal returns 'stopped' without writing anything more.
 */
export async function runTraining(
  deps: TrainingDeps,
  trainingId: string,
  control: TrainingControl,
): Promise<TrainingOutcome> {
  void deps;
  void trainingId;
  void control;
  throw new Error('runTraining: not implemented yet');
}
