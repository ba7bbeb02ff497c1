import { POINT_PREPARE_JOB } from '../deploy/deployJobKinds';
import { createPointPrepareHandler } from '../deploy/serving/pointPrepareJob';
import type { WebPointServing } from '../deploy/serving/webPointServing';
import { createImageProcessHandler, IMAGE_PROCESS_JOB, type ImageJobDeps } from '../images/imageProcessJob';
import { createDatasetImportHandler, DATASET_IMPORT_JOB } from '../imports/importJob';
import { createResourceCheckHandler, RESOURCE_CHECK_JOB } from '../market/resourceCheckJob';
import { AUTO_LABEL_JOB, TRAINING_RUN_JOB } from '../training/jobKinds';
import { BLOB_GC_JOB, createBlobGcHandler } from './blobGcJob';
import type { JobHandlers } from './jobRunner';

/**
 * Every job kind this server knows, by role (`npm run worker -- --role images`). The trainer's
 * kinds run on a trainer of their own (server/training/startTrainer.ts: one job at a time, in a
 * worker thread, with its own kind for trainings sent to it), never in these handlers.
 */
export const JOB_ROLES = {
  images: [IMAGE_PROCESS_JOB],
  imports: [DATASET_IMPORT_JOB],
  maintenance: [BLOB_GC_JOB],
  market: [RESOURCE_CHECK_JOB],
  serving: [POINT_PREPARE_JOB],
  trainer: [TRAINING_RUN_JOB, AUTO_LABEL_JOB],
} as const satisfies Record<string, readonly string[]>;

export type JobRole = keyof typeof JOB_ROLES;

/** The handlers of the given roles (default: all), over the server's storage. */
export function createJobHandlers(
  deps: ImageJobDeps & { serving?: WebPointServing },
  roles: readonly JobRole[] = Object.keys(JOB_ROLES) as JobRole[],
): JobHandlers {
  const all: JobHandlers = {
    [IMAGE_PROCESS_JOB]: createImageProcessHandler(deps),
    [DATASET_IMPORT_JOB]: createDatasetImportHandler(deps),
    [BLOB_GC_JOB]: createBlobGcHandler(deps),
    // The API process passes its own serving, so the warm-up loads the model where it will serve.
    [POINT_PREPARE_JOB]: createPointPrepareHandler(deps),
    [RESOURCE_CHECK_JOB]: createResourceCheckHandler(deps),
  };
  const kinds = new Set<string>(roles.flatMap((r) => JOB_ROLES[r]));
  return Object.fromEntries(Object.entries(all).filter(([kind]) => kinds.has(kind)));
}
