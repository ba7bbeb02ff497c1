import type { Selectable } from 'kysely';
import { TASK_OF_NETWORK, type TrainingSettings } from '../../contract/apiTraining';
import { initTf } from '../../ml/runtime';
import { trainModel } from '../../ml/trainModel';
import type { Checkpoint, TrainingExample } from '../../ml/types';
import type { TrainingsTable } from '../db/schema';
import { BlobFeatureCache } from './blobFeatureCache';
import { loadBackbone } from './loadBackbone';
import { progressPlan, etaSeconds } from './progressPlan';
import { readTrainingImage, UnreadableImageError } from './readTrainingImage';
import type { TrainingControl, TrainingDeps, TrainingOutcome } from './runTraining';
import { loadCheckpoint, saveCheckpoint } from './trainingCheckpoint';
import { finishModel } from './finishModel';
import { keepReadableImages } from './keepReadableImages';
import { selectTrainingData, type TrainingImage } from './trainingData';
import { TrainingFailure } from './TrainingFailure';
import { TrainingProgress } from './trainingProgress';

/*
 * The steps of runTraining once the row is claimed: downloading, learning, then (finishModel)
 * uploading and testing. Returns the outcome; throws TrainingFailure for the training's own
 * failures and anything else as it came (runTraining sorts them).
 */

export interface StepsContext {
  row: Selectable<TrainingsTable>;
  settings: TrainingSettings;
  control: TrainingControl;
  log: (msg: string) => void;
  minImages: number;
}

export async function trainingSteps(deps: TrainingDeps, ctx: StepsContext): Promise<TrainingOutcome> {
  const { row, settings, control, log } = ctx;
  const { db, blobs } = deps;
  const task = TASK_OF_NETWORK[settings.network];
  const { inputSize, iterations, augmentation } = settings.hyperparameters;
  const progress = new TrainingProgress(db, row.id, control.trainerId, deps.now, control.signal);
  progress.keepProgressFrom(row.progress);
  progress.startStopPolling();
  try {
    // Downloading: which images, in which split, teaching what; their bytes must be there.
    const data = await selectTrainingData(db, row.project_id, settings, task);
    const splits = await keepReadableImages(blobs, data.splits, control.signal);
    if (splits.missing > 0) log(`training ${row.id}: ${splits.missing} images have no stored file and are left out`);
    if (data.ambiguous > 0) log(`training ${row.id}: ${data.ambiguous} images carry two classes and are left out`);
    const { train, validation, test } = splits.kept;
    const total = train.length + validation.length + test.length;
    if (total < ctx.minImages || train.length === 0) {
      throw new TrainingFailure('too_few_images', `${total} usable images (train ${train.length})`);
    }
    const trainer = await db
      .selectFrom('trainers')
      .select(['feature_ms_per_image', 'head_ms_per_sample'])
      .where('id', '=', control.trainerId)
      .executeTakeFirst();
    const plan = progressPlan({
      featureMsPerImage: trainer?.feature_ms_per_image ?? null,
      headMsPerSample: trainer?.head_ms_per_sample ?? null,
      images: train.length + validation.length,
      trainImages: train.length,
      testImages: test.length,
      iterations,
      augmentation: augmentation.enabled,
    });
    // A previous or bought model is read with TensorFlow.js: its backend must be up first (a
    // trainer thread's first training from a model otherwise failed with base_model_invalid).
    await initTf();
    const backbone = await loadBackbone(deps, row.project_id, settings, data.labels);
    const resume = await loadCheckpoint(blobs, row.checkpoint_key);
    const resumeFrom = resume && resume.epoch < iterations ? resume : null;
    if (resumeFrom) log(`training ${row.id}: resuming after epoch ${resumeFrom.epoch}`);
    else if (row.checkpoint_key)
      log(`training ${row.id}: checkpoint ${resume ? 'past the last epoch' : 'unreadable'}, starting over`);
    await progress.write({
      step: 'learning',
      dataset_count: total,
      split_counts: JSON.stringify({ train: train.length, validation: validation.length, test: test.length }),
      epochs: iterations,
      epoch: resumeFrom?.epoch ?? 0,
      batch: 0,
      batches: 0,
      history: JSON.stringify(resumeFrom?.history ?? []),
      progress: plan.learning,
      eta_seconds: plan.seconds.features + plan.seconds.epochs + plan.seconds.testing,
    });
    await progress.poll();
    if (progress.shouldStop()) return await endStopped(deps, ctx, progress, row.checkpoint_key);

    // Learning: features (cached per image content and extractor), then the head.
    await initTf();
    const cache = new BlobFeatureCache(db, blobs, deps.now);
    const load = (image: TrainingImage) => async () => {
      try {
        return await readTrainingImage(blobs, deps.tmpRoot, image, inputSize);
      } catch (error) {
        if (error instanceof UnreadableImageError) {
          throw new TrainingFailure('image_unreadable', `image ${image.id}: ${error.message}`, { cause: error });
        }
        throw error;
      }
    };
    const example = (image: TrainingImage): TrainingExample => ({
      key: image.blobKey,
      load: load(image),
      target: image.target,
    });
    const span = plan.uploading - plan.learning;
    const startedAt = Date.now();
    let learningFrom: { at: number; batches: number } | null = null;
    let learningAt: number | null = null;
    let checkpointKey = row.checkpoint_key;
    const result = await trainModel({
      network: settings.network,
      labels: data.labels.map((l) => ({ name: l.name, color: l.color })),
      hyperparameters: settings.hyperparameters,
      backbone: backbone.artifacts,
      ...(backbone.initialHead ? { initialHead: backbone.initialHead } : {}),
      train: train.map(example),
      validation: validation.map(example),
      seed: settings.split.seed,
      cache,
      ...(resumeFrom ? { resume: resumeFrom } : {}),
      shouldStop: () => progress.shouldStop(),
      async onProgress(p) {
        if (p.phase === 'features') {
          const fraction = p.total ? p.done / p.total : 1;
          await progress.set({
            progress: plan.learning + span * plan.featureShare * fraction,
            eta_seconds: etaSeconds(
              p.done,
              p.total,
              Date.now() - startedAt,
              plan.seconds.epochs + plan.seconds.testing,
            ),
          });
          return;
        }
        const firstEpoch = resumeFrom?.epoch ?? 0;
        const batchesDone = (p.epoch - 1 - firstEpoch) * p.total + p.done;
        const batchesLeft = (iterations - p.epoch) * p.total + (p.total - p.done);
        learningFrom ??= { at: Date.now(), batches: batchesDone };
        learningAt ??= learningFrom.at;
        const measured = batchesDone - learningFrom.batches;
        const epochFraction = (p.epoch - 1 + p.done / Math.max(1, p.total)) / iterations;
        await progress.set({
          epoch: p.epoch,
          batch: p.done,
          batches: p.total,
          ...(p.loss != null && Number.isFinite(p.loss) ? { loss: p.loss } : {}),
          progress: plan.learning + span * (plan.featureShare + (1 - plan.featureShare) * epochFraction),
          eta_seconds:
            measured > 0
              ? etaSeconds(measured, measured + batchesLeft, Date.now() - learningFrom.at, plan.seconds.testing)
              : null,
        });
      },
      async onEpoch(metrics, checkpoint: Checkpoint) {
        const key = await saveCheckpoint(blobs, checkpoint);
        await progress.write({
          epoch: metrics.epoch,
          history: JSON.stringify(checkpoint.history),
          loss: Number.isFinite(metrics.loss) ? metrics.loss : null,
          accuracy: metrics.valAccuracy ?? metrics.accuracy,
          checkpoint_key: key,
        });
        // Only a checkpoint the row now names replaces the last one: a trainer that lost its job
        // leaves the row's checkpoint for whoever resumes it.
        if (progress.lost || progress.error || control.signal.aborted) return;
        if (checkpointKey && checkpointKey !== key) await blobs.delete(checkpointKey);
        checkpointKey = key;
      },
    });
    log(
      `training ${row.id}: features cache ${cache.hits} hits, ${cache.misses} misses, ${cache.puts} stored; ` +
        `${result.history.length} epochs; features ${seconds(startedAt, learningAt)} s, ` +
        `epochs ${seconds(learningAt ?? startedAt, Date.now())} s`,
    );
    if (progress.error) throw progress.error;
    if (result.stopped || progress.shouldStop()) {
      result.model.dispose();
      return await endStopped(deps, ctx, progress, checkpointKey);
    }
    return await finishModel(deps, ctx, progress, {
      model: result.model,
      history: result.history,
      labels: data.labels,
      test,
      plan,
      checkpointKey,
      baseBackbone: backbone.backbone,
    });
  } finally {
    await progress.close();
  }
}

const seconds = (from: number, to: number | null) => (((to ?? Date.now()) - from) / 1000).toFixed(1);

/** A stop that was asked (not a lost job): 'stopped', no model, the checkpoint dropped. */
export async function endStopped(
  deps: TrainingDeps,
  ctx: StepsContext,
  progress: TrainingProgress,
  checkpointKey: string | null,
): Promise<TrainingOutcome> {
  if (progress.error) throw progress.error;
  if (ctx.control.signal.aborted || progress.lost) return 'stopped';
  const at = deps.now().toISOString();
  await progress.write({ status: 'stopped', ended_at: at, eta_seconds: null, checkpoint_key: null });
  if (checkpointKey) await deps.blobs.delete(checkpointKey);
  return 'stopped';
}
