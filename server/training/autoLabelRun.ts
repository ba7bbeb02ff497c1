import { sql } from 'kysely';
import { TASKS, type Task } from '../../contract/apiTraining';
import { ModelZipError, readModelZip } from '../../ml/modelZip';
import { initTf } from '../../ml/runtime';
import type { RgbImage } from '../../ml/types';
import { readBlobBytes, readTrainingImage, UnreadableImageError } from './readTrainingImage';
import { machineLabelsOf, writeMachineLabels } from './machineLabels';
import type { AutoLabelError } from './autoLabelJob';
import type { TrainerTask, TrainerTaskContext, TrainerTaskOptions } from './trainerTasks';

/** Images predicted between two writes of the run's figures (one transaction each). */
export const AUTO_LABEL_BATCH = 16;

export interface AutoLabelSummary {
  images: number;
  labeledImages: number;
  annotations: number;
}

type AutoLabelTask = Extract<TrainerTask, { kind: 'autolabel' }>;
type Cursor = { created_at: string; id: string };
interface CandidateRow extends Cursor {
  blob_key: string;
  pyramid: string | null;
  width: number;
  height: number;
}

/**
 * The run ends in failure, not retried: the model is gone or cannot be read. The error is a code
 * the console translates (`errors:<code>`).
 */
async function failRun(context: TrainerTaskContext, jobId: string, error: AutoLabelError): Promise<AutoLabelSummary> {
  const at = context.now().toISOString();
  await context.db
    .updateTable('auto_label_runs')
    .set({ state: 'failed', error, updated_at: at })
    .where('job_id', '=', jobId)
    .execute();
  return { images: 0, labeledImages: 0, annotations: 0 };
}

/**
 * An auto-labeling run (runs in a trainer thread): the model over the project's ready images that
 * have no annotation, oldest first, up to the run's limit; what reaches the threshold is written
 * as machine labels. Each image is checked again inside its write transaction, so an image a
 * person labeled meanwhile is never touched. A retried run goes on where the last one stopped:
 * labeled images are no longer candidates, and the figures add up across attempts.
 */
export async function runAutoLabel(
  context: TrainerTaskContext,
  task: AutoLabelTask,
  options: TrainerTaskOptions,
): Promise<AutoLabelSummary> {
  const { db, now } = context;
  const run = await db.selectFrom('auto_label_runs').selectAll().where('job_id', '=', task.jobId).executeTakeFirst();
  if (!run || run.state === 'done' || run.state === 'failed') return { images: 0, labeledImages: 0, annotations: 0 };
  const model = await db
    .selectFrom('models')
    .select(['blob_key', 'labels', 'task'])
    .where('id', '=', task.payload.modelId)
    .where('project_id', '=', task.projectId)
    .executeTakeFirst();
  if (!model) return failRun(context, task.jobId, 'not_found');
  const bytes = await readBlobBytes(context.blobs, model.blob_key);
  if (!bytes) return failRun(context, task.jobId, 'not_found');

  await initTf();
  let loaded;
  try {
    loaded = await readModelZip(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    // A stored zip that does not load will not load on a retry either.
    if (error instanceof ModelZipError) return failRun(context, task.jobId, 'internal');
    throw error;
  }
  try {
    const taskOf: Task = (TASKS as readonly string[]).includes(model.task)
      ? (model.task as Task)
      : loaded.manifest.task;
    // Output i is the model's label i; labels deleted from the project since are not written.
    const outputs = JSON.parse(model.labels) as { id: string }[];
    const existing = new Set(
      (await db.selectFrom('labels').select('id').where('project_id', '=', task.projectId).execute()).map((l) => l.id),
    );
    const labelIds = outputs.map((l) => (existing.has(l.id) ? l.id : null));
    const inputSize = loaded.manifest.inputSize;
    const detection = loaded.manifest.detection;

    // A retried run goes on after what earlier attempts examined: its figures add up.
    const examinedBefore = Math.round(Number(run.progress) * Number(run.images));
    const candidates = db
      .selectFrom('images')
      .where('project_id', '=', task.projectId)
      .where('state', '=', 'ready')
      .where('annotation_count', '=', 0);
    const countRow = await candidates.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const limit = task.payload.limit === null ? Infinity : Math.max(0, task.payload.limit - examinedBefore);
    const total = Math.min(Number(countRow?.n ?? 0), limit);
    const images = examinedBefore + total;
    const progressOf = (done: number) => (images === 0 ? 1 : (examinedBefore + done) / images);
    await db
      .updateTable('auto_label_runs')
      .set({ state: 'running', images, progress: progressOf(0), error: null, updated_at: now().toISOString() })
      .where('job_id', '=', task.jobId)
      .execute();

    let done = 0;
    let cursor: Cursor | null = null;
    const summary: AutoLabelSummary = {
      images,
      labeledImages: Number(run.labeled_images),
      annotations: Number(run.annotations),
    };
    while (done < total) {
      if (options.signal.aborted) return summary;
      const after: Cursor | null = cursor;
      const page: CandidateRow[] = await candidates
        .select(['id', 'blob_key', 'pyramid', 'width', 'height', 'created_at'])
        .$if(after !== null, (q) =>
          q.where((eb) =>
            eb.or([
              eb('created_at', '>', after!.created_at),
              eb.and([eb('created_at', '=', after!.created_at), eb('id', '>', after!.id)]),
            ]),
          ),
        )
        .orderBy('created_at')
        .orderBy('id')
        .limit(Math.min(AUTO_LABEL_BATCH, total - done))
        .execute();
      const last = page.at(-1);
      if (!last) break;
      cursor = { created_at: last.created_at, id: last.id };

      const readable: { image: CandidateRow; pixels: RgbImage }[] = [];
      for (const image of page) {
        if (options.signal.aborted) return summary;
        try {
          const source = { blobKey: image.blob_key, pyramid: image.pyramid };
          readable.push({ image, pixels: await readTrainingImage(context.blobs, context.tmpRoot, source, inputSize) });
        } catch (error) {
          // An image that does not decode is left unlabeled; the others go on.
          if (!(error instanceof UnreadableImageError)) throw error;
        }
      }
      const predictions = await loaded.predictMany(
        readable.map((r) => r.pixels),
        { scoreThreshold: task.payload.threshold, nmsIou: detection?.nmsIou, maxDetections: detection?.maxDetections },
      );
      const proposals = readable.flatMap(({ image }, i) => {
        const width = Number(image.width);
        const height = Number(image.height);
        const labels = machineLabelsOf(predictions[i] ?? [], taskOf, labelIds, task.payload.threshold, width, height);
        return labels.length > 0 ? [{ imageId: image.id, labels }] : [];
      });
      if (options.signal.aborted) return summary;

      await db.transaction().execute(async (trx) => {
        let labeled = 0;
        let annotations = 0;
        for (const p of proposals) {
          if (await writeMachineLabels(trx, context.dialect, p.imageId, p.labels, now())) {
            labeled++;
            annotations += p.labels.length;
          }
        }
        done += page.length;
        summary.labeledImages += labeled;
        summary.annotations += annotations;
        await trx
          .updateTable('auto_label_runs')
          .set({
            progress: progressOf(done),
            labeled_images: sql<number>`labeled_images + ${labeled}`,
            annotations: sql<number>`annotations + ${annotations}`,
            updated_at: now().toISOString(),
          })
          .where('job_id', '=', task.jobId)
          .execute();
      });
      options.onProgress?.(progressOf(done));
    }

    await db
      .updateTable('auto_label_runs')
      .set({ state: 'done', progress: 1, updated_at: now().toISOString() })
      .where('job_id', '=', task.jobId)
      .execute();
    return summary;
  } finally {
    loaded.dispose();
  }
}
