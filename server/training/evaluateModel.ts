import type { Evaluation, Prediction, Task } from '../../contract/apiTraining';
import { classificationEvaluation, type ClassificationEvalItem } from '../../ml/eval/classificationEvaluation';
import { detectionEvaluation, type DetectionEvalImage, type PixelBox } from '../../ml/eval/detectionEvaluation';
import type { RawPrediction, RgbImage } from '../../ml/types';
import type { TrainingImage, TrainingLabel } from './trainingData';

/*
 * The 'testing' step: the stored model predicts every test-split image, and the predictions are
 * scored against the labels (ml/eval). What the studio draws beside the labels of a tested image
 * (the evaluation's mistakes open it) is kept as the predictions blob.
 */

/** Test images read and predicted together (one forward pass of the model). */
const PREDICT_GROUP = 8;

/** Classification predictions kept per image (the best first). */
export const CLASS_PREDICTIONS_KEPT = 5;

export interface EvaluateModelInput {
  task: Task;
  labels: readonly TrainingLabel[];
  images: readonly TrainingImage[];
  /** The image at the model's input size; null when it cannot be read (left out of the figures). */
  load(image: TrainingImage): Promise<RgbImage | null>;
  /** The model's predictions for each input (detection: every box above a low score, relative to the image). */
  predict(inputs: RgbImage[]): Promise<RawPrediction[][]>;
  onProgress?(done: number, total: number): Promise<void>;
  shouldStop?(): boolean;
}

export interface ModelEvaluation {
  evaluation: Evaluation;
  /** Image id → what the model said, in image pixels. */
  predictions: Record<string, Prediction[]>;
  /** models.metrics: accuracy, or map50 and map5095. */
  metrics: Record<string, number>;
  /** Detection: the confidence with the best F1 (the manifest's suggested threshold). */
  bestThreshold: number | null;
  /** Test images that could not be read. */
  unreadable: number;
  stopped: boolean;
}

function toPixels(box: readonly number[], image: { width: number; height: number }): PixelBox {
  return [box[0]! * image.width, box[1]! * image.height, box[2]! * image.width, box[3]! * image.height];
}

export async function evaluateModel(input: EvaluateModelInput): Promise<ModelEvaluation> {
  const labelIds = input.labels.map((l) => l.id);
  const predictions: Record<string, Prediction[]> = {};
  const classItems: ClassificationEvalItem[] = [];
  const detectionImages: DetectionEvalImage[] = [];
  let unreadable = 0;
  let done = 0;
  for (let start = 0; start < input.images.length; start += PREDICT_GROUP) {
    if (input.shouldStop?.()) return { ...emptyResult(input.task), unreadable, stopped: true };
    const group: { image: TrainingImage; rgb: RgbImage }[] = [];
    for (const image of input.images.slice(start, start + PREDICT_GROUP)) {
      const rgb = await input.load(image);
      if (rgb) group.push({ image, rgb });
      else unreadable++;
    }
    const outputs = group.length ? await input.predict(group.map((g) => g.rgb)) : [];
    group.forEach(({ image }, i) => {
      const raw = (outputs[i] ?? []).filter((p) => labelIds[p.classIndex] !== undefined);
      if (input.task === 'classification') {
        const sorted = [...raw].sort((a, b) => b.score - a.score);
        predictions[image.id] = sorted
          .slice(0, CLASS_PREDICTIONS_KEPT)
          .map((p) => ({ labelId: labelIds[p.classIndex]!, score: p.score, box: null }));
        const best = sorted[0];
        if (best && image.target.kind === 'class') {
          classItems.push({
            imageId: image.id,
            labelId: labelIds[image.target.classIndex]!,
            predictedLabelId: labelIds[best.classIndex]!,
            score: best.score,
          });
        }
        return;
      }
      const boxes = raw
        .filter((p): p is RawPrediction & { box: NonNullable<RawPrediction['box']> } => p.box !== null)
        .map((p) => ({ labelId: labelIds[p.classIndex]!, score: p.score, box: toPixels(p.box, image) }));
      predictions[image.id] = boxes;
      detectionImages.push({
        imageId: image.id,
        truths:
          image.target.kind === 'boxes'
            ? image.target.boxes.map((b) => ({
                labelId: labelIds[b.classIndex]!,
                box: toPixels([b.x, b.y, b.w, b.h], image),
              }))
            : [],
        predictions: boxes,
      });
    });
    done += Math.min(PREDICT_GROUP, input.images.length - start);
    await input.onProgress?.(done, input.images.length);
  }
  if (input.task === 'classification') {
    const evaluation = classificationEvaluation(classItems, labelIds);
    return {
      evaluation,
      predictions,
      metrics: classItems.length ? { accuracy: evaluation.accuracy } : {},
      bestThreshold: null,
      unreadable,
      stopped: false,
    };
  }
  const evaluation = detectionEvaluation(detectionImages, labelIds);
  return {
    evaluation,
    predictions,
    metrics: detectionImages.length ? { map50: evaluation.map50, map5095: evaluation.map5095 } : {},
    bestThreshold: detectionImages.length ? evaluation.bestThreshold.score : null,
    unreadable,
    stopped: false,
  };
}

function emptyResult(task: Task): Omit<ModelEvaluation, 'unreadable' | 'stopped'> {
  return {
    evaluation: task === 'classification' ? classificationEvaluation([], []) : detectionEvaluation([], []),
    predictions: {},
    metrics: {},
    bestThreshold: null,
  };
}
