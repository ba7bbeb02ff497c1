import type * as tf from '@tensorflow/tfjs';
import { MODEL_FORMAT, MODEL_FORMAT_VERSION, type ModelManifest } from '../../contract/apiModels';
import { TASK_OF_NETWORK, type Backbone, type EpochMetrics } from '../../contract/apiTraining';
import { PIXEL_SCALE } from '../../ml/backboneGraph';
import { DETECTION_DEFAULTS } from '../../ml/detection/centerGrid';
import { readModelZip, writeModelZip } from '../../ml/modelZip';
import { evaluateModel } from './evaluateModel';
import type { ProgressPlan } from './progressPlan';
import { etaSeconds } from './progressPlan';
import { readTrainingImage, UnreadableImageError } from './readTrainingImage';
import type { TrainingDeps, TrainingOutcome } from './runTraining';
import { adoptAsAssistModel, insertTrainedModel, replaceModelZip, withManifest } from './saveModel';
import type { TrainingImage, TrainingLabel } from './trainingData';
import type { TrainingProgress } from './trainingProgress';
import type { StepsContext } from './trainingSteps';

/*
 * After learning: 'uploading' (the model zip, its models row) and 'testing' (the zip as stored
 * predicts the test split; the evaluation, the predictions blob, and the zip written again with
 * the test figures and the detector's best threshold), then 'completed'.
 */

/** Detections kept for the evaluation: COCO scores every box above a low score. */
const EVALUATION_SCORE_THRESHOLD = 0.05;

export interface FinishInput {
  model: tf.LayersModel;
  history: EpochMetrics[];
  labels: TrainingLabel[];
  test: TrainingImage[];
  plan: ProgressPlan;
  checkpointKey: string | null;
  baseBackbone: Backbone;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** The manifest's figures: the test's, with the last epoch's loss and validation figure. */
function manifestMetrics(history: readonly EpochMetrics[], test: Record<string, number>): Record<string, number> {
  const last = history.at(-1);
  const metrics: Record<string, number> = { ...test };
  if (last && Number.isFinite(last.loss)) metrics.loss = last.loss;
  if (last?.valAccuracy != null) metrics.valAccuracy = last.valAccuracy;
  return metrics;
}

export async function finishModel(
  deps: TrainingDeps,
  ctx: StepsContext,
  progress: TrainingProgress,
  input: FinishInput,
): Promise<TrainingOutcome> {
  const { row, settings, log } = ctx;
  const task = TASK_OF_NETWORK[settings.network];
  const { inputSize } = settings.hyperparameters;
  await progress.write({ step: 'uploading', progress: input.plan.uploading, eta_seconds: input.plan.seconds.testing });

  const outputShape = input.model.outputs[0]!.shape.slice(1).map((n) => n ?? 0);
  const manifest: ModelManifest = {
    format: MODEL_FORMAT,
    version: MODEL_FORMAT_VERSION,
    task,
    network: settings.network,
    backbone: input.baseBackbone,
    inputSize,
    labels: input.labels.map((l) => ({ name: l.name, color: HEX_COLOUR.test(l.color) ? l.color : '#888888' })),
    // The composed model takes 0–255 pixels and rescales inside (ml/backboneGraph.ts); the manifest says by how much.
    preprocessing: { resize: 'stretch', channels: 'rgb', scale: PIXEL_SCALE, offset: 0 },
    detection:
      task === 'detection'
        ? {
            encoding: 'center-grid-v1',
            gridSize: outputShape[0]!,
            scoreThreshold: DETECTION_DEFAULTS.scoreThreshold,
            nmsIou: DETECTION_DEFAULTS.nmsIou,
            maxDetections: DETECTION_DEFAULTS.maxDetections,
          }
        : null,
    metrics: manifestMetrics(input.history, {}),
    createdAt: deps.now().toISOString(),
    trainingId: row.id,
    tag: settings.modelTag?.trim() || null,
  };
  const zip = await writeModelZip(input.model, manifest);
  input.model.dispose();
  const saved = await insertTrainedModel(
    deps.db,
    deps.blobs,
    { projectId: row.project_id, trainingId: row.id, createdBy: row.created_by, labels: input.labels, manifest, zip },
    deps.now(),
  );
  await progress.write({ model_id: saved.id, step: 'testing', progress: input.plan.testing });

  // Testing: what is evaluated is the stored zip, read back as a user's download would be.
  const loaded = await readModelZip(zip);
  try {
    const decode = {
      scoreThreshold: EVALUATION_SCORE_THRESHOLD,
      nmsIou: DETECTION_DEFAULTS.nmsIou,
      maxDetections: DETECTION_DEFAULTS.maxDetections,
    };
    const testStart = Date.now();
    const span = 1 - input.plan.testing;
    const result = await evaluateModel({
      task,
      labels: input.labels,
      images: input.test,
      load: (image) =>
        readTrainingImage(deps.blobs, deps.tmpRoot, image, inputSize).catch((error: unknown) => {
          if (error instanceof UnreadableImageError) return null;
          throw error;
        }),
      predict: (rgbs) => loaded.predictMany(rgbs, decode),
      shouldStop: () => progress.shouldStop(),
      onProgress: (done, total) =>
        progress.set({
          progress: input.plan.testing + (span * done) / Math.max(1, total),
          eta_seconds: etaSeconds(done, total, Date.now() - testStart, 0),
        }),
    });
    if (progress.error) throw progress.error;
    if (result.stopped) {
      // The model is whole and stays in the list; it was only not tested.
      if (ctx.control.signal.aborted || progress.lost) return 'stopped';
      const at = deps.now().toISOString();
      await progress.write({ status: 'stopped', ended_at: at, eta_seconds: null, checkpoint_key: null });
      if (input.checkpointKey) await deps.blobs.delete(input.checkpointKey);
      return 'stopped';
    }
    if (result.unreadable > 0) log(`training ${row.id}: ${result.unreadable} test images could not be read`);
    log(
      `training ${row.id}: tested ${input.test.length} images in ${((Date.now() - testStart) / 1000).toFixed(1)} s: ` +
        JSON.stringify(result.metrics),
    );
    const predictionsKey = await deps.blobs.put(Buffer.from(JSON.stringify(result.predictions)));
    const finalManifest: ModelManifest = {
      ...manifest,
      metrics: manifestMetrics(input.history, result.metrics),
      detection:
        manifest.detection && result.bestThreshold != null
          ? { ...manifest.detection, scoreThreshold: result.bestThreshold }
          : manifest.detection,
    };
    await replaceModelZip(deps.db, deps.blobs, saved.id, finalManifest, withManifest(zip, finalManifest));
    const testFigure = task === 'classification' ? result.metrics.accuracy : result.metrics.map50;
    const at = deps.now().toISOString();
    await progress.write({
      status: 'completed',
      step: 'completed',
      progress: 1,
      ended_at: at,
      eta_seconds: 0,
      evaluation: JSON.stringify(result.evaluation),
      predictions_key: predictionsKey,
      checkpoint_key: null,
      ...(testFigure != null ? { accuracy: testFigure } : {}),
    });
    await progress.flush();
    if (progress.lost || progress.error) {
      if (progress.error) throw progress.error;
      return 'stopped';
    }
    if (input.checkpointKey) await deps.blobs.delete(input.checkpointKey);
    if (await adoptAsAssistModel(deps.db, row.project_id, saved.id)) log(`training ${row.id}: assist model set`);
    return 'completed';
  } finally {
    loaded.dispose();
  }
}
