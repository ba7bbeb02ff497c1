import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { openDatasetZip } from '../../contract/datasetFormat/openDatasetZip';
import { planDatasetImport } from '../../contract/datasetFormat/planDatasetImport';
import { DatasetImportError } from '../../contract/datasetFormat/types';
import type { ImageJobDeps } from '../images/imageProcessJob';
import { releaseImageBlobs } from '../images/imageFiles';
import type { JobHandler } from '../jobs/jobRunner';
import { applyImport, checkImportLabels } from './applyImport';
import { fileSource } from './fileSource';
import { storeImportImages } from './storeImportImages';

export const DATASET_IMPORT_JOB = 'dataset.import';

export const importJobPayloadSchema = z.object({ importId: z.string().min(1) });

type Deps = ImageJobDeps;
type BlobRef = { blob_key: string; thumb_key: string | null; pyramid: null };

/** Share of the progress bar spent reading images; the rest is the transaction. */
const READ_SHARE = 0.9;

/** Marks the import failed (only while it is still open) with its code and entry. */
async function markFailed(deps: Deps, importId: string, code: string, entry: string | null): Promise<void> {
  await deps.db
    .updateTable('imports')
    .set({ state: 'failed', error: code, error_entry: entry, updated_at: deps.now().toISOString() })
    .where('id', '=', importId)
    .where('state', 'in', ['queued', 'running'])
    .execute();
}

/** Deletes the uploaded zip once no unfinished import needs it (two imports of one zip share its key). */
async function releaseZip(deps: Deps, importId: string): Promise<void> {
  const row = await deps.db.selectFrom('imports').select('blob_key').where('id', '=', importId).executeTakeFirst();
  if (!row?.blob_key) return;
  await deps.db.updateTable('imports').set({ blob_key: null }).where('id', '=', importId).execute();
  const other = await deps.db
    .selectFrom('imports')
    .select('id')
    .where('blob_key', '=', row.blob_key)
    .executeTakeFirst();
  if (!other) await deps.blobs.delete(row.blob_key);
}

/**
 * `dataset.import`: copies the uploaded zip to a temporary file, opens it with the shared reader
 * (every directory check again, whatever the browser checked), plans it, reads and checks each
 * image and stores its blobs, then applies everything in one transaction (applyImport.ts). A
 * DatasetImportError fails the import with its code and writes nothing: blobs stored before it
 * are released unless some image row uses them. Other errors are retried by the queue; the last
 * failure leaves 'import_failed'. The temporary files always go; the zip goes when the job ends.
 */
export function createDatasetImportHandler(deps: Deps): JobHandler {
  return {
    async run(job, control) {
      const { importId } = importJobPayloadSchema.parse(job.payload);
      const row = await deps.db.selectFrom('imports').selectAll().where('id', '=', importId).executeTakeFirst();
      if (!row || row.state === 'done' || row.state === 'failed' || row.state === 'uploading') return;
      let progressAt = -1;
      const progress = async (fraction: number) => {
        // Written at most once per percent: a poll shows movement without a write per image.
        if (fraction - progressAt < 0.01 && fraction < 1) return;
        progressAt = fraction;
        await control.progress(fraction);
        await deps.db
          .updateTable('imports')
          .set({ progress: fraction, updated_at: deps.now().toISOString() })
          .where('id', '=', importId)
          .execute();
      };
      await deps.db
        .updateTable('imports')
        .set({ state: 'running', updated_at: deps.now().toISOString() })
        .where('id', '=', importId)
        .execute();

      const written: BlobRef[] = [];
      let committed = false;
      await mkdir(deps.tmpRoot, { recursive: true });
      const dir = await mkdtemp(path.join(deps.tmpRoot, 'import-'));
      try {
        const blob = row.blob_key ? await deps.blobs.get(row.blob_key) : null;
        if (!blob) throw new DatasetImportError('import_failed');
        const zipFile = path.join(dir, 'dataset.zip');
        await pipeline(blob.stream, createWriteStream(zipFile, { flags: 'wx' }));
        const handle = await open(zipFile, 'r');
        try {
          const zip = await openDatasetZip(await fileSource(handle));
          const plan = await planDatasetImport(zip);
          await checkImportLabels(deps.db, row.project_id, plan.labels);
          const existing = await deps.db
            .selectFrom('images')
            .select('file_name')
            .where('project_id', '=', row.project_id)
            .execute();
          await progress(0.02);
          const stored = await storeImportImages({
            zip,
            plan,
            blobs: deps.blobs,
            workDir: dir,
            existingNames: new Set(existing.map((e) => e.file_name)),
            onBlob: (ref) => written.push(ref),
            onProgress: (done, total) => progress(0.02 + (READ_SHARE - 0.02) * (total ? done / total : 1)),
            signal: control.signal,
          });
          control.signal.throwIfAborted();
          const applied = await applyImport(deps.db, {
            importId,
            projectId: row.project_id,
            userId: row.user_id,
            images: stored.images,
            labels: plan.labels,
            labelColors: plan.labelColors,
            report: { format: plan.format, skipped: [...plan.skipped, ...stored.skipped] },
            now: deps.now,
          });
          committed = true;
          // Images another upload named first, while this import was reading: their blobs go.
          if (applied)
            await releaseImageBlobs(
              deps.db,
              deps.blobs,
              applied.dropped.map((d) => ({ blob_key: d.blobKey, thumb_key: d.thumbKey, pyramid: null })),
            );
        } finally {
          await handle.close();
        }
        await releaseZip(deps, importId);
      } catch (error) {
        if (!committed && written.length) await releaseImageBlobs(deps.db, deps.blobs, written);
        if (error instanceof DatasetImportError && !control.signal.aborted) {
          await markFailed(deps, importId, error.code, error.entry);
          await releaseZip(deps, importId);
          return;
        }
        if (!control.signal.aborted) console.error(`dataset.import ${importId}:`, error);
        throw error;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async failed(job) {
      const parsed = importJobPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return;
      await markFailed(deps, parsed.data.importId, 'import_failed', null);
      await releaseZip(deps, parsed.data.importId);
    },
  };
}
