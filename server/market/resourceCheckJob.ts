import { z } from 'zod';
import type { ResourceCheckError } from '../../contract/apiMarket';
import type { BlobStore } from '../blobs/BlobStore';
import type { Db } from '../db/Db';
import { InferenceFailure, InferencePool } from '../deploy/serving/inferencePool';
import type { JobHandler } from '../jobs/jobRunner';
import { readBlobBytes } from '../training/readTrainingImage';
import { coverReadable } from './coverImages';
import { checkSnapshot } from './snapshotCheck';
import { coversOf } from './resourceViews';

/*
 * `resource.check`: the server's look at a resource before a person reviews it (spec: the
 * dataset snapshot opens and its counts match; the model loads and runs on a sample; the covers
 * decode). 'checking' → 'pending', or 'check_failed' with the first fault (RESOURCE_CHECK_ERRORS).
 * The model runs in an inference thread of its own, closed after, so neither the API's event
 * loop nor the points' serving threads carry it. A resource that left 'checking' meanwhile (or was
 * deleted) is left alone, so a retry never undoes a decision.
 */

export const RESOURCE_CHECK_JOB = 'resource.check';

export const resourceCheckPayloadSchema = z.object({ resourceId: z.string().min(1) });

export interface ResourceCheckDeps {
  db: Db;
  blobs: BlobStore;
  now: () => Date;
}

/** Runs the model zip of `blobKey` once on a grey input of its size; the fault, or null when it ran. */
async function checkModel(
  blobs: BlobStore,
  blobKey: string | null,
  final: boolean,
): Promise<ResourceCheckError | null> {
  if (!blobKey) return 'model_unreadable';
  const pool = new InferencePool({
    threads: 1,
    modelsPerThread: 1,
    readModel: async (key) => {
      const bytes = await readBlobBytes(blobs, key);
      return bytes ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
    },
  });
  try {
    await pool.warm(blobKey);
    return null;
  } catch (error) {
    if (!(error instanceof InferenceFailure)) throw error;
    if (error.code === 'model_unreadable') return 'model_unreadable';
    // A thread that died may have died of something else: worth another attempt before judging.
    if (error.code === 'inference_failed' && !final) throw error;
    return 'model_run_failed';
  } finally {
    await pool.close();
  }
}

export function createResourceCheckHandler(deps: ResourceCheckDeps): JobHandler {
  const { db, blobs, now } = deps;

  async function settle(resourceId: string, fault: ResourceCheckError | null) {
    await db
      .updateTable('resources')
      .set({ approval: fault ? 'check_failed' : 'pending', check_error: fault, updated_at: now().toISOString() })
      .where('id', '=', resourceId)
      .where('approval', '=', 'checking')
      .execute();
  }

  return {
    async run(job) {
      const { resourceId } = resourceCheckPayloadSchema.parse(job.payload);
      const row = await db
        .selectFrom('resources')
        .select(['id', 'kind', 'approval', 'deleted_at', 'labels', 'covers', 'samples'])
        .select(['image_count', 'annotation_count', 'model_blob_key'])
        .where('id', '=', resourceId)
        .executeTakeFirst();
      if (!row || row.approval !== 'checking' || row.deleted_at !== null) return;
      let fault: ResourceCheckError | null = null;
      for (const cover of coversOf(row)) {
        if (!(await coverReadable(blobs, cover))) {
          fault = 'cover_unreadable';
          break;
        }
      }
      if (!fault)
        fault =
          row.kind === 'model'
            ? await checkModel(blobs, row.model_blob_key, job.attempts >= job.maxAttempts)
            : await checkSnapshot(db, blobs, row);
      await settle(resourceId, fault);
    },
    async failed(job) {
      const parsed = resourceCheckPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return;
      const row = await db
        .selectFrom('resources')
        .select('kind')
        .where('id', '=', parsed.data.resourceId)
        .executeTakeFirst();
      if (row) await settle(parsed.data.resourceId, row.kind === 'model' ? 'model_run_failed' : 'snapshot_unreadable');
    },
  };
}
