import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { BlobStore } from '../blobs/BlobStore';
import type { Database } from '../db/schema';
import { ApiError } from '../http/ApiError';
import type { JobHandler } from '../jobs/jobRunner';
import { makeThumbnail, probeDatasetImage } from './datasetImageProbe';
import { withBlobFile } from './imageFiles';
import { buildPyramid, needsPyramid } from './imagePyramid';

export const IMAGE_PROCESS_JOB = 'image.process';

export const imageJobPayloadSchema = z.object({ imageId: z.string().min(1) });

export interface ImageJobDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  /** Where temporary files go (DATA_DIR/tmp). */
  tmpRoot: string;
  now: () => Date;
}

/** What a user sees for a processing failure that is not the image's fault. */
export const PROCESSING_FAILED_MESSAGE = 'The image could not be processed.';

/**
 * `image.process`: reads the stored original, confirms its type and size, makes the thumbnail
 * (if the upload did not already) and, for images larger than 2048 px on a side, the 512 px
 * DeepZoom pyramid, then marks the image `ready`. Repeating it is harmless (content-addressed
 * blobs, same keys). An image deleted meanwhile (a cancelled upload) ends the job quietly. When
 * the last attempt fails the image is `failed` with the error.
 */
export function createImageProcessHandler(deps: ImageJobDeps): JobHandler {
  return {
    async run(job, control) {
      const { imageId } = imageJobPayloadSchema.parse(job.payload);
      const row = await deps.db.selectFrom('images').selectAll().where('id', '=', imageId).executeTakeFirst();
      if (!row || row.state === 'ready') return;
      try {
        await control.progress(0.02);
        await withBlobFile(deps.blobs, row.blob_key, deps.tmpRoot, async (file) => {
          const probed = await probeDatasetImage(file);
          const thumbKey = row.thumb_key ?? (await deps.blobs.put(await makeThumbnail(probed.decodable)));
          await control.progress(0.1);
          const pyramid = needsPyramid(probed.width, probed.height)
            ? await buildPyramid(
                probed.decodable,
                deps.blobs,
                probed,
                deps.tmpRoot,
                (p) => control.progress(0.1 + 0.88 * p),
                control.signal,
              )
            : null;
          control.signal.throwIfAborted();
          await deps.db
            .updateTable('images')
            .set({
              type: probed.type,
              width: probed.width,
              height: probed.height,
              thumb_key: thumbKey,
              pyramid: pyramid ? JSON.stringify(pyramid) : null,
              state: 'ready',
              error: null,
              updated_at: deps.now().toISOString(),
            })
            .where('id', '=', imageId)
            .execute();
        });
      } catch (error) {
        if (control.signal.aborted) throw error;
        if (error instanceof ApiError) throw new Error(error.message, { cause: error });
        console.error(`image.process ${imageId}:`, error);
        throw new Error(PROCESSING_FAILED_MESSAGE, { cause: error });
      }
    },
    async failed(job, error) {
      const parsed = imageJobPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return;
      await deps.db
        .updateTable('images')
        .set({ state: 'failed', error, updated_at: deps.now().toISOString() })
        .where('id', '=', parsed.data.imageId)
        .where('state', '=', 'processing')
        .execute();
    },
  };
}
