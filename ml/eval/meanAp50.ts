import type { NormBox, RawPrediction } from '../types';
import { cocoEvaluate, perCategoryAp, type CocoDet, type CocoGt } from './cocoEval';

/**
 * mAP at IoU 0.5 over the classes that have ground truth, by COCO's rules (all areas, 100
 * detections): the validation figure a detector reports after each epoch. Boxes are relative
 * (0–1), so they are scaled to a 1000-pixel square first (IoU does not depend on the scale).
 */
export function meanAp50(
  predictions: readonly RawPrediction[][],
  truths: readonly NormBox[][],
  numClasses: number,
): number {
  const S = 1000;
  const gts: CocoGt[] = [];
  const dets: CocoDet[] = [];
  truths.forEach((boxes, imageId) => {
    for (const b of boxes) gts.push({ imageId, categoryId: b.classIndex, bbox: [b.x * S, b.y * S, b.w * S, b.h * S] });
  });
  predictions.forEach((preds, imageId) => {
    for (const p of preds) {
      if (!p.box) continue;
      dets.push({
        imageId,
        categoryId: p.classIndex,
        bbox: [p.box[0] * S, p.box[1] * S, p.box[2] * S, p.box[3] * S],
        score: p.score,
      });
    }
  });
  const result = cocoEvaluate(gts, dets, {
    imageIds: truths.map((_, i) => i),
    categoryIds: Array.from({ length: numClasses }, (_, k) => k),
    iouThresholdCount: 1,
    allAreasOnly: true,
  });
  const aps = perCategoryAp(result)
    .map((c) => c.ap50)
    .filter((ap) => ap > -1);
  return aps.length === 0 ? 0 : aps.reduce((s, ap) => s + ap, 0) / aps.length;
}
