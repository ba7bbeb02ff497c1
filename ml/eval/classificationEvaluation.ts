import type { ClassificationEvaluation, Mistake } from '../../contract/apiTraining';
import { MISTAKES_PER_KIND } from './detectionEvaluation';

export interface ClassificationEvalItem {
  imageId: string;
  labelId: string;
  predictedLabelId: string;
  /** The model's confidence in its prediction. */
  score: number;
}

/** Image ids kept per confusion-matrix cell (the cell's gallery). */
export const CONFUSION_CELL_IMAGES = 100;

/**
 * The evaluation of a classifier on the test split: accuracy, per-class precision / recall / F1
 * with support, the confusion matrix (rows: true label, columns: prediction) with the images of
 * each cell, and the most confident wrong predictions.
 */
export function classificationEvaluation(
  items: readonly ClassificationEvalItem[],
  labelIds: readonly string[],
): ClassificationEvaluation {
  const index = new Map(labelIds.map((id, i) => [id, i]));
  const n = labelIds.length;
  const matrix = labelIds.map(() => new Array<number>(n).fill(0));
  const images: Record<string, string[]> = {};
  let correct = 0;
  for (const item of items) {
    const row = index.get(item.labelId);
    const col = index.get(item.predictedLabelId);
    if (row === undefined || col === undefined) continue;
    matrix[row]![col]!++;
    if (row === col) correct++;
    const cell = (images[`${row},${col}`] ??= []);
    if (cell.length < CONFUSION_CELL_IMAGES) cell.push(item.imageId);
  }
  const counted = matrix.reduce((s, r) => s + r.reduce((a, b) => a + b, 0), 0);
  const perClass = labelIds.map((labelId, k) => {
    const tp = matrix[k]![k]!;
    const support = matrix[k]!.reduce((a, b) => a + b, 0);
    const predicted = matrix.reduce((s, r) => s + r[k]!, 0);
    const precision = predicted === 0 ? 0 : tp / predicted;
    const recall = support === 0 ? 0 : tp / support;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return { labelId, precision, recall, f1, support };
  });
  const mistakes: Mistake[] = items
    .filter((i) => i.labelId !== i.predictedLabelId && index.has(i.labelId) && index.has(i.predictedLabelId))
    .sort((a, b) => b.score - a.score)
    .slice(0, MISTAKES_PER_KIND * 2)
    .map((i) => ({
      imageId: i.imageId,
      kind: 'wrong_class',
      labelId: i.labelId,
      predictedLabelId: i.predictedLabelId,
      score: i.score,
      box: null,
    }));
  return {
    task: 'classification',
    testImages: items.length,
    accuracy: counted === 0 ? 0 : correct / counted,
    perClass,
    confusion: { labelIds: [...labelIds], matrix, images },
    mistakes,
  };
}
