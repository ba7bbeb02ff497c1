import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { BlobStore } from '../blobs/BlobStore';
import { collectBlobGarbage } from '../blobs/collectBlobGarbage';
import type { Database } from '../db/schema';
import type { JobQueue } from './jobQueue';
import type { JobHandler } from './jobRunner';

export const BLOB_GC_JOB = 'blobs.gc';

/** The grace period travels in the payload, so a worker process needs no setting of its own. */
export const blobGcPayloadSchema = z.object({ graceMs: z.number().int().min(0).optional() }).strict();

export interface BlobGcJobDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  now: () => Date;
}

/** `blobs.gc`: one mark-and-sweep pass (`collectBlobGarbage`); progress is blobs looked at. */
export function createBlobGcHandler(deps: BlobGcJobDeps): JobHandler {
  return {
    async run(job, control) {
      const { graceMs } = blobGcPayloadSchema.parse(job.payload ?? {});
      // The total is unknown until the listing ends; progress moves towards 1 without reaching it.
      await collectBlobGarbage({
        ...deps,
        graceMs,
        signal: control.signal,
        onProgress: (seen) => control.progress(seen / (seen + 5000)),
      });
    },
  };
}

/** Finished collection jobs are kept this long for inspection, then removed by the scheduler. */
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Enqueues a `blobs.gc` job unless one is already waiting or running, and drops finished ones
 * older than a week (one an hour would otherwise pile up). Two servers doing this at once may
 * queue two passes; a pass is safe to run twice.
 */
export async function enqueueBlobGc(
  db: Kysely<Database>,
  queue: JobQueue,
  now: Date,
  graceMs: number,
): Promise<string | null> {
  await db
    .deleteFrom('jobs')
    .where('kind', '=', BLOB_GC_JOB)
    .where('state', 'in', ['done', 'failed'])
    .where('updated_at', '<', new Date(now.getTime() - KEEP_FINISHED_MS).toISOString())
    .execute();
  const pending = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', BLOB_GC_JOB)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (pending) return null;
  return queue.enqueue({ kind: BLOB_GC_JOB, payload: { graceMs }, maxAttempts: 2 });
}

/**
 * Runs `enqueueBlobGc` every `intervalMs` (the first a minute after start-up, off the start-up
 * path); the timer does not hold the process open. Returns the function that stops it.
 */
export function scheduleBlobGc(
  db: Kysely<Database>,
  queue: JobQueue,
  options: {
    intervalMs: number;
    graceMs: number;
    now: () => Date;
    onQueued?: () => void;
    log?: (message: string, error: unknown) => void;
  },
): () => void {
  const log = options.log ?? ((message, error) => console.error(message, error));
  const tick = () => {
    enqueueBlobGc(db, queue, options.now(), options.graceMs).then(
      (id) => {
        if (id) options.onQueued?.();
      },
      (error: unknown) => log('Blob collection: scheduling failed', error),
    );
  };
  const first = setTimeout(tick, Math.min(60_000, options.intervalMs));
  const every = setInterval(tick, options.intervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
