/*
 * COCO bounding-box evaluation, rule for rule as pycocotools' COCOeval ('bbox'): per image and
 * category, detections sorted by score (stable) and greedily matched to the best unmatched
 * ground truth at each IoU threshold, crowd and out-of-range ground truths ignored; precision
 * made monotone and read at 101 recall points. The golden cases in fixtures/coco-eval/ (figures
 * from pycocotools 2.0.11) are reproduced to within 1e-4 (cocoEval.test.ts). No faithful JS
 * port exists, hence this one.
 */

/** A ground-truth box: [x, y, width, height]; `area` defaults to width × height. */
export interface CocoGt {
  imageId: number | string;
  categoryId: number | string;
  bbox: readonly [number, number, number, number];
  area?: number;
  iscrowd?: boolean;
}

export interface CocoDet {
  imageId: number | string;
  categoryId: number | string;
  bbox: readonly [number, number, number, number];
  score: number;
}

export interface CocoEvalOptions {
  /** Every image evaluated (default: those named by ground truths and detections), sorted as COCO sorts ids. */
  imageIds?: readonly (number | string)[];
  /** Every category (default: those of the ground truths). */
  categoryIds?: readonly (number | string)[];
  /** Only the first `n` IoU thresholds of 0.50:0.05:0.95 (1 = IoU 0.5 only, for a fast mAP@0.5). */
  iouThresholdCount?: number;
  /** Only the 'all' area range (skips small/medium/large). */
  allAreasOnly?: boolean;
}

/** numpy's linspace(.5, .95, 10) and linspace(0, 1, 101), computed the way numpy does. */
export const IOU_THRESHOLDS: readonly number[] = linspace(0.5, 0.95, 10);
export const RECALL_THRESHOLDS: readonly number[] = linspace(0, 1, 101);
const MAX_DETS = [1, 10, 100] as const;
const AREA_RANGES: readonly (readonly [number, number])[] = [
  [0, 1e10],
  [0, 32 ** 2],
  [32 ** 2, 96 ** 2],
  [96 ** 2, 1e10],
];
const EPS = 2.220446049250313e-16; // np.spacing(1)

function linspace(start: number, stop: number, num: number): number[] {
  const step = (stop - start) / (num - 1);
  const out = Array.from({ length: num }, (_, i) => i * step + start);
  out[num - 1] = stop;
  return out;
}

interface ImageEval {
  dtScores: number[];
  /** [threshold][detection]: matched to a ground truth. */
  dtMatched: boolean[][];
  dtIgnore: boolean[][];
  gtIgnore: boolean[];
}

/** The accumulated result: precision[t][r][k][a][m] and recall[t][k][a][m], -1 where undefined. */
export interface CocoEvalResult {
  imageIds: (number | string)[];
  categoryIds: (number | string)[];
  iouThresholds: number[];
  precision: Float64Array;
  recall: Float64Array;
  /** Scores at each precision point (COCOeval's `scores`). */
  scores: Float64Array;
  /** Index helpers into the flat arrays. */
  precisionIndex(t: number, r: number, k: number, a: number, m: number): number;
  recallIndex(t: number, k: number, a: number, m: number): number;
  /** The per-image matching at the 'all' area range with 100 detections (for reports). */
  matches: Map<string, { dets: CocoDet[]; gts: CocoGt[]; dtMatchedGt: number[][]; gtIgnore: boolean[] }>;
}

export const STAT_NAMES = [
  'AP',
  'AP50',
  'AP75',
  'AP_small',
  'AP_medium',
  'AP_large',
  'AR1',
  'AR10',
  'AR100',
  'AR_small',
  'AR_medium',
  'AR_large',
] as const;
export type StatName = (typeof STAT_NAMES)[number];

function iou(d: readonly number[], g: readonly number[], crowd: boolean): number {
  const w = Math.min(d[0]! + d[2]!, g[0]! + g[2]!) - Math.max(d[0]!, g[0]!);
  if (w <= 0) return 0;
  const h = Math.min(d[1]! + d[3]!, g[1]! + g[3]!) - Math.max(d[1]!, g[1]!);
  if (h <= 0) return 0;
  const inter = w * h;
  const da = d[2]! * d[3]!;
  const union = crowd ? da : da + g[2]! * g[3]! - inter;
  return inter / union;
}

function compareIds(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** Stable order of indices by descending score (numpy's argsort(-score, kind='mergesort')). */
function byScoreDesc(scores: readonly number[]): number[] {
  return scores.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
}

const keyOf = (imageId: number | string, categoryId: number | string) =>
  `${String(imageId)}\u0000${String(categoryId)}`;

/** Runs evaluate() and accumulate() of COCOeval. */
export function cocoEvaluate(
  gts: readonly CocoGt[],
  dets: readonly CocoDet[],
  options: CocoEvalOptions = {},
): CocoEvalResult {
  const imageIds = [...new Set(options.imageIds ?? [...gts.map((g) => g.imageId), ...dets.map((d) => d.imageId)])].sort(
    compareIds,
  );
  const categoryIds = [...new Set(options.categoryIds ?? gts.map((g) => g.categoryId))].sort(compareIds);
  const iouThresholds = IOU_THRESHOLDS.slice(0, options.iouThresholdCount ?? IOU_THRESHOLDS.length);
  const areaRanges = options.allAreasOnly ? AREA_RANGES.slice(0, 1) : AREA_RANGES;
  const T = iouThresholds.length;
  const R = RECALL_THRESHOLDS.length;
  const K = categoryIds.length;
  const A = areaRanges.length;
  const M = MAX_DETS.length;
  const maxDet = MAX_DETS[M - 1];

  const gtBy = new Map<string, CocoGt[]>();
  const dtBy = new Map<string, CocoDet[]>();
  for (const g of gts) {
    const key = keyOf(g.imageId, g.categoryId);
    (gtBy.get(key) ?? gtBy.set(key, []).get(key)!).push(g);
  }
  for (const d of dets) {
    const key = keyOf(d.imageId, d.categoryId);
    (dtBy.get(key) ?? dtBy.set(key, []).get(key)!).push(d);
  }

  const matches: CocoEvalResult['matches'] = new Map();
  // evalImgs[k][a][i]
  const evalImgs: (ImageEval | null)[][][] = categoryIds.map(() => areaRanges.map(() => []));
  for (let k = 0; k < K; k++) {
    for (const imageId of imageIds) {
      const key = keyOf(imageId, categoryIds[k]!);
      const gtAll = gtBy.get(key) ?? [];
      const dtAll = dtBy.get(key) ?? [];
      if (gtAll.length === 0 && dtAll.length === 0) {
        for (let a = 0; a < A; a++) evalImgs[k]![a]!.push(null);
        continue;
      }
      const dtOrder = byScoreDesc(dtAll.map((d) => d.score)).slice(0, maxDet);
      const dt = dtOrder.map((i) => dtAll[i]!);
      // IoUs against ground truths in their original order (computeIoU).
      const ious = dt.map((d) => gtAll.map((g) => iou(d.bbox, g.bbox, g.iscrowd === true)));
      for (let a = 0; a < A; a++) {
        const [lo, hi] = areaRanges[a]!;
        const ignoreOf = gtAll.map((g) => {
          const area = g.area ?? g.bbox[2] * g.bbox[3];
          return g.iscrowd === true || area < lo || area > hi;
        });
        // Non-ignored ground truths first (stable).
        const gtOrder = gtAll.map((_, i) => i).sort((x, y) => Number(ignoreOf[x]) - Number(ignoreOf[y]) || x - y);
        const gtIgnore = gtOrder.map((i) => ignoreOf[i]!);
        const crowd = gtOrder.map((i) => gtAll[i]!.iscrowd === true);
        const dtMatched: boolean[][] = [];
        const dtIgnore: boolean[][] = [];
        const dtMatchedGt: number[][] = [];
        for (let t = 0; t < T; t++) {
          const gtTaken = new Array<boolean>(gtOrder.length).fill(false);
          const matched = new Array<boolean>(dt.length).fill(false);
          const ignored = new Array<boolean>(dt.length).fill(false);
          const matchedGt = new Array<number>(dt.length).fill(-1);
          for (let d = 0; d < dt.length; d++) {
            let best = Math.min(iouThresholds[t]!, 1 - 1e-10);
            let m = -1;
            for (let gi = 0; gi < gtOrder.length; gi++) {
              if (gtTaken[gi] && !crowd[gi]) continue;
              if (m > -1 && !gtIgnore[m] && gtIgnore[gi]) break;
              const v = ious[d]![gtOrder[gi]!]!;
              if (v < best) continue;
              best = v;
              m = gi;
            }
            if (m === -1) continue;
            ignored[d] = gtIgnore[m]!;
            matched[d] = true;
            matchedGt[d] = gtOrder[m]!;
            gtTaken[m] = true;
          }
          // Unmatched detections outside the area range are ignored too.
          for (let d = 0; d < dt.length; d++) {
            const area = dt[d]!.bbox[2] * dt[d]!.bbox[3];
            if (!matched[d] && (area < lo || area > hi)) ignored[d] = true;
          }
          dtMatched.push(matched);
          dtIgnore.push(ignored);
          dtMatchedGt.push(matchedGt);
        }
        evalImgs[k]![a]!.push({ dtScores: dt.map((d) => d.score), dtMatched, dtIgnore, gtIgnore });
        if (a === 0)
          matches.set(key, { dets: dt, gts: gtAll, dtMatchedGt, gtIgnore: gtAll.map((_, i) => ignoreOf[i]!) });
      }
    }
  }

  const precision = new Float64Array(T * R * K * A * M).fill(-1);
  const recall = new Float64Array(T * K * A * M).fill(-1);
  const scores = new Float64Array(T * R * K * A * M).fill(-1);
  const pIndex = (t: number, r: number, k: number, a: number, m: number) => (((t * R + r) * K + k) * A + a) * M + m;
  const rIndex = (t: number, k: number, a: number, m: number) => ((t * K + k) * A + a) * M + m;

  for (let k = 0; k < K; k++) {
    for (let a = 0; a < A; a++) {
      const E = evalImgs[k]![a]!.filter((e): e is ImageEval => e !== null);
      if (E.length === 0) continue;
      const npig = E.reduce((n, e) => n + e.gtIgnore.filter((ig) => !ig).length, 0);
      for (let m = 0; m < M; m++) {
        const cap = MAX_DETS[m]!;
        const allScores: number[] = [];
        const owner: { e: ImageEval; d: number }[] = [];
        for (const e of E) {
          const n = Math.min(cap, e.dtScores.length);
          for (let d = 0; d < n; d++) {
            allScores.push(e.dtScores[d]!);
            owner.push({ e, d });
          }
        }
        const order = byScoreDesc(allScores);
        if (npig === 0) continue;
        for (let t = 0; t < T; t++) {
          const nd = order.length;
          const tp = new Float64Array(nd);
          const fp = new Float64Array(nd);
          let tpSum = 0;
          let fpSum = 0;
          const kept: number[] = [];
          for (let i = 0; i < nd; i++) {
            const { e, d } = owner[order[i]!]!;
            const isMatched = e.dtMatched[t]![d]!;
            const isIgnored = e.dtIgnore[t]![d]!;
            if (isMatched && !isIgnored) tpSum += 1;
            if (!isMatched && !isIgnored) fpSum += 1;
            tp[i] = tpSum;
            fp[i] = fpSum;
            kept.push(allScores[order[i]!]!);
          }
          const rc = new Float64Array(nd);
          const pr = new Array<number>(nd);
          for (let i = 0; i < nd; i++) {
            rc[i] = tp[i]! / npig;
            pr[i] = tp[i]! / (fp[i]! + tp[i]! + EPS);
          }
          recall[rIndex(t, k, a, m)] = nd ? rc[nd - 1]! : 0;
          for (let i = nd - 1; i > 0; i--) if (pr[i]! > pr[i - 1]!) pr[i - 1] = pr[i]!;
          for (let r = 0; r < R; r++) {
            // searchsorted(rc, recThr, side='left')
            const thr = RECALL_THRESHOLDS[r]!;
            let lo = 0;
            let hi = nd;
            while (lo < hi) {
              const mid = (lo + hi) >> 1;
              if (rc[mid]! < thr) lo = mid + 1;
              else hi = mid;
            }
            const at = pIndex(t, r, k, a, m);
            if (lo < nd) {
              precision[at] = pr[lo]!;
              scores[at] = kept[lo]!;
            } else {
              precision[at] = 0;
              scores[at] = 0;
            }
          }
        }
      }
    }
  }
  return {
    imageIds,
    categoryIds,
    iouThresholds,
    precision,
    recall,
    scores,
    precisionIndex: pIndex,
    recallIndex: rIndex,
    matches,
  };
}

function meanDefined(values: Iterable<number>): number {
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (v > -1) {
      sum += v;
      n++;
    }
  }
  return n === 0 ? -1 : sum / n;
}

/** COCOeval.summarize(): the twelve figures (needs all IoU thresholds and area ranges). */
export function cocoStats(result: CocoEvalResult): Record<StatName, number> {
  const T = result.iouThresholds.length;
  const K = result.categoryIds.length;
  const R = RECALL_THRESHOLDS.length;
  const ap = (tSel: number | null, a: number, m: number) => {
    const values: number[] = [];
    for (let t = 0; t < T; t++) {
      if (tSel !== null && t !== tSel) continue;
      for (let r = 0; r < R; r++)
        for (let k = 0; k < K; k++) values.push(result.precision[result.precisionIndex(t, r, k, a, m)]!);
    }
    return meanDefined(values);
  };
  const ar = (a: number, m: number) => {
    const values: number[] = [];
    for (let t = 0; t < T; t++) for (let k = 0; k < K; k++) values.push(result.recall[result.recallIndex(t, k, a, m)]!);
    return meanDefined(values);
  };
  const t75 = IOU_THRESHOLDS.findIndex((v) => Math.abs(v - 0.75) < 1e-9);
  return {
    AP: ap(null, 0, 2),
    AP50: ap(0, 0, 2),
    AP75: ap(t75, 0, 2),
    AP_small: ap(null, 1, 2),
    AP_medium: ap(null, 2, 2),
    AP_large: ap(null, 3, 2),
    AR1: ar(0, 0),
    AR10: ar(0, 1),
    AR100: ar(0, 2),
    AR_small: ar(1, 2),
    AR_medium: ar(2, 2),
    AR_large: ar(3, 2),
  };
}

/** Per category: AP at IoU 0.5 and AP over 0.50:0.95 (all areas, 100 detections); -1 without ground truth. */
export function perCategoryAp(result: CocoEvalResult): { categoryId: number | string; ap50: number; ap5095: number }[] {
  const T = result.iouThresholds.length;
  const R = RECALL_THRESHOLDS.length;
  return result.categoryIds.map((categoryId, k) => {
    const at = (t: number) =>
      Array.from({ length: R }, (_, r) => result.precision[result.precisionIndex(t, r, k, 0, 2)]!);
    const ap50 = meanDefined(at(0));
    const ap5095 = meanDefined(Array.from({ length: T }, (_, t) => at(t)).flat());
    return { categoryId, ap50, ap5095 };
  });
}
