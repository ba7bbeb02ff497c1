import type { AutoLabelJobPayload } from './jobKinds';
import type { runTraining } from './runTraining';
import type { BlobStore } from '../blobs/BlobStore';
import type { Dialect } from '../db/createDatabase';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ServerEnv } from '../env';

/*
 * The work a trainer does off the API's event loop: a training, an auto-labeling run, or the
 * speed measurement at start. The job handlers describe it as a TrainerTask; an executor runs it
 * (in a worker thread: runInTrainerThread.ts) and resolves with its result.
 */

export type TrainerTask =
  | { kind: 'training'; trainingId: string; trainerId: string }
  | { kind: 'autolabel'; jobId: string; projectId: string; payload: AutoLabelJobPayload }
  | { kind: 'measure' };

export interface TrainerTaskOptions {
  /** Aborted when the job's lease is lost or the trainer stops: the task stops and writes nothing more. */
  signal: AbortSignal;
  /** Progress of the task in [0, 1] (reported to the job). */
  onProgress?: (fraction: number) => void;
}

/** Runs a task to its end; rejects when it failed or was aborted. */
export type TrainerExecutor = (task: TrainerTask, options: TrainerTaskOptions) => Promise<unknown>;

/** What a task reads and writes with, opened by the thread that runs it. */
export interface TrainerTaskContext {
  db: Kysely<Database>;
  dialect: Dialect;
  blobs: BlobStore;
  now: () => Date;
  tmpRoot: string;
  /** Where a task's failures are explained (the trainer process's stderr). */
  log?: (message: string) => void;
}

/** The settings a trainer thread opens the database and blob store from (the server's own). */
export type TrainerStorage = Pick<
  ServerEnv,
  | 'DATA_DIR'
  | 'DATABASE_URL'
  | 'BLOB_STORE'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
>;

export function trainerStorageOf(env: ServerEnv): TrainerStorage {
  return {
    DATA_DIR: env.DATA_DIR,
    DATABASE_URL: env.DATABASE_URL,
    BLOB_STORE: env.BLOB_STORE,
    S3_ENDPOINT: env.S3_ENDPOINT,
    S3_BUCKET: env.S3_BUCKET,
    S3_REGION: env.S3_REGION,
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
  };
}

/** The module that trains: runTraining.ts, or (tests) a module with the same export. */
export interface TrainingModule {
  runTraining: typeof runTraining;
}

/** Runs one task with `context` in the calling thread (the trainer thread calls this). */
export async function runTrainerTask(
  task: TrainerTask,
  context: TrainerTaskContext,
  options: TrainerTaskOptions,
  trainingModule?: TrainingModule,
): Promise<unknown> {
  switch (task.kind) {
    case 'training': {
      const training = trainingModule ?? (await import('./runTraining'));
      return training.runTraining(
        { db: context.db, blobs: context.blobs, now: context.now, tmpRoot: context.tmpRoot, log: context.log },
        task.trainingId,
        { trainerId: task.trainerId, signal: options.signal },
      );
    }
    case 'autolabel': {
      const { runAutoLabel } = await import('./autoLabelRun');
      return runAutoLabel(context, task, options);
    }
    case 'measure': {
      const { measureTrainerSpeed } = await import('./trainerSpeed');
      return measureTrainerSpeed();
    }
  }
}
