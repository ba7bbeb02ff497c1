import type { DetectionEvaluation, Mistake } from '../../contract/apiTraining';
import { cocoEvaluate, perCategoryAp, RECALL_THRESHOLDS, type CocoDet, type CocoGt } from './cocoEval';

/** A box in image pixels: x, y (top-left), width, height. */
export type PixelBox = [number, number, number, number];

export interface DetectionEvalImage {
  imageId: string;
  truths: { labelId: string; box: PixelBox }[];
  predictions: { labelId: string; box: PixelBox; score: number }[];
}

/** Most mistakes of each kind kept in an evaluation (the worst first). */
export const MISTAKES_PER_KIND = 100;
/** The confidence thresholds of the slider: 0.05, 0.10, … 0.95. */
export const SCORE_THRESHOLDS: readonly number[] = Array.from({ length: 19 }, (_, i) => Math.round((i + 1) * 5) / 100);

function iou(a: PixelBox, b: PixelBox): number {
  const w = Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a[2] * a[3] + b[2] * b[3] - inter);
}

const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0);

/**
 * The evaluation of a detector on the test split: COCO mAP@0.5 and mAP@[.5:.95] (cocoEval.ts, the
 * pycocotools rules), per-class AP, the all-class precision-recall curve at IoU 0.5, precision /
 * recall / F1 per confidence threshold with the best F1 marked, and the worst mistakes at that
 * threshold (confident false positives, wrong classes, misses).
 */
export function detectionEvaluation(
  images: readonly DetectionEvalImage[],
  labelIds: readonly string[],
): DetectionEvaluation {
  const gts: CocoGt[] = [];
  const dets: CocoDet[] = [];
  for (const image of images) {
    for (const t of image.truths) gts.push({ imageId: image.imageId, categoryId: t.labelId, bbox: t.box });
    for (const p of image.predictions)
      dets.push({ imageId: image.imageId, categoryId: p.labelId, bbox: p.box, score: p.score });
  }
  const result = cocoEvaluate(gts, dets, {
    imageIds: images.map((i) => i.imageId),
    categoryIds: labelIds,
    allAreasOnly: true,
  });
  const perCategory = perCategoryAp(result);
  const withTruth = perCategory.filter((c) => c.ap50 > -1);
  const gtCount = (labelId: string) => gts.filter((g) => g.categoryId === labelId).length;

  const prCurve = RECALL_THRESHOLDS.map((recall, r) => {
    const values = result.categoryIds
      .map((_, k) => result.precision[result.precisionIndex(0, r, k, 0, 2)]!)
      .filter((v) => v > -1);
    return { recall, precision: mean(values) };
  });

  // Matches at IoU 0.5 (greedy by score, so a threshold only drops detections, never re-matches).
  const matchRows = [...result.matches.values()];
  const totalTruths = gts.length;
  const thresholds = SCORE_THRESHOLDS.map((score) => {
    let tp = 0;
    let fp = 0;
    for (const row of matchRows) {
      row.dets.forEach((d, i) => {
        if (d.score < score) return;
        if (row.dtMatchedGt[0]![i]! >= 0) tp++;
        else fp++;
      });
    }
    const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
    const recall = totalTruths === 0 ? 0 : tp / totalTruths;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return { score, precision, recall, f1 };
  });
  const bestThreshold = thresholds.reduce((best, t) => (t.f1 > best.f1 ? t : best), thresholds[0]!);

  return {
    task: 'detection',
    testImages: images.length,
    map50: mean(withTruth.map((c) => c.ap50)),
    map5095: mean(withTruth.map((c) => c.ap5095)),
    perClass: perCategory.map((c) => ({
      labelId: String(c.categoryId),
      ap50: Math.max(0, c.ap50),
      ap5095: Math.max(0, c.ap5095),
      gtCount: gtCount(String(c.categoryId)),
    })),
    prCurve,
    thresholds,
    bestThreshold,
    mistakes: detectionMistakes(images, bestThreshold.score),
  };
}

/** The mistakes at a confidence threshold, worst first: wrong classes, confident false positives, misses. */
export function detectionMistakes(images: readonly DetectionEvalImage[], threshold: number): Mistake[] {
  const wrong: Mistake[] = [];
  const falsePositives: Mistake[] = [];
  const misses: Mistake[] = [];
  for (const image of images) {
    const kept = image.predictions
      .map((p, i) => ({ ...p, i }))
      .filter((p) => p.score >= threshold)
      .sort((a, b) => b.score - a.score || a.i - b.i);
    const taken = new Set<number>();
    const unmatched: typeof kept = [];
    for (const p of kept) {
      let best = 0.5;
      let m = -1;
      image.truths.forEach((t, ti) => {
        if (taken.has(ti) || t.labelId !== p.labelId) return;
        const v = iou(p.box, t.box);
        if (v >= best) {
          best = v;
          m = ti;
        }
      });
      if (m >= 0) taken.add(m);
      else unmatched.push(p);
    }
    const explained = new Set<number>();
    for (const p of unmatched) {
      // A box on an object of another class is a wrong class, not a stray box.
      let best = 0.5;
      let m = -1;
      image.truths.forEach((t, ti) => {
        if (taken.has(ti) || explained.has(ti) || t.labelId === p.labelId) return;
        const v = iou(p.box, t.box);
        if (v >= best) {
          best = v;
          m = ti;
        }
      });
      if (m >= 0) {
        explained.add(m);
        wrong.push({
          imageId: image.imageId,
          kind: 'wrong_class',
          labelId: image.truths[m]!.labelId,
          predictedLabelId: p.labelId,
          score: p.score,
          box: p.box,
        });
      } else {
        falsePositives.push({
          imageId: image.imageId,
          kind: 'false_positive',
          labelId: null,
          predictedLabelId: p.labelId,
          score: p.score,
          box: p.box,
        });
      }
    }
    image.truths.forEach((t, ti) => {
      if (taken.has(ti) || explained.has(ti)) return;
      misses.push({
        imageId: image.imageId,
        kind: 'miss',
        labelId: t.labelId,
        predictedLabelId: null,
        score: null,
        box: t.box,
      });
    });
  }
  const byScore = (a: Mistake, b: Mistake) => (b.score ?? 0) - (a.score ?? 0);
  // Larger missed objects first: they are the more surprising misses.
  const byArea = (a: Mistake, b: Mistake) => (b.box ? b.box[2] * b.box[3] : 0) - (a.box ? a.box[2] * a.box[3] : 0);
  return [
    ...wrong.sort(byScore).slice(0, MISTAKES_PER_KIND),
    ...falsePositives.sort(byScore).slice(0, MISTAKES_PER_KIND),
    ...misses.sort(byArea).slice(0, MISTAKES_PER_KIND),
  ];
}
