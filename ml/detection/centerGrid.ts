import type { DecodeOptions, NormBox, RawPrediction } from '../types';

/*
 * The 'center-grid-v1' encoding (contract/apiModels.ts detectionHeadSchema). The network's output
 * is a grid of G × G cells, row-major, each holding C + 4 values:
 *
 *   [0, C)  one centre heat-map logit per class: sigmoid(logit) is the score that a box of that
 *           class has its centre in this cell;
 *   C, C+1  tx, ty: the centre's position inside the cell (0–1 from its left/top edge);
 *   C+2,C+3 tw, th: log of the box's width and height relative to the image.
 *
 * So a peak at cell (col, row) means a box centred at ((col + tx) / G, (row + ty) / G) of size
 * (exp(tw), exp(th)). Decoding keeps the cells whose score is the maximum of their 3 × 3
 * neighbourhood (the CenterNet way of suppressing a peak's shoulders), then per-class NMS.
 */

/**
 * Decoding without options keeps every box worth evaluating (COCO scores down to 0.05, its 100
 * detections per image); an application applies the manifest's scoreThreshold (the evaluation's
 * best F1) instead.
 */
export const DETECTION_DEFAULTS = { scoreThreshold: 0.05, nmsIou: 0.5, maxDetections: 100 } as const;

/** The smallest box side the encoding keeps (relative): log(0) would be -Infinity. */
const MIN_SIDE = 1e-3;

/**
 * The CenterNet Gaussian radius (in cells) for a box of w × h cells: the largest centre shift
 * that still overlaps the box with IoU ≥ minOverlap (Law & Deng's three cases, the smallest).
 */
export function gaussianRadius(w: number, h: number, minOverlap = 0.7): number {
  const b1 = h + w;
  const c1 = (w * h * (1 - minOverlap)) / (1 + minOverlap);
  const r1 = (b1 + Math.sqrt(b1 * b1 - 4 * c1)) / 2;
  const b2 = 2 * (h + w);
  const c2 = (1 - minOverlap) * w * h;
  const r2 = (b2 + Math.sqrt(b2 * b2 - 16 * c2)) / 2;
  const a3 = 4 * minOverlap;
  const b3 = -2 * minOverlap * (h + w);
  const c3 = (minOverlap - 1) * w * h;
  const r3 = (b3 + Math.sqrt(b3 * b3 - 4 * a3 * c3)) / 2;
  return Math.max(0, Math.min(r1, r2, r3));
}

/**
 * One image's targets in the output layout (G × G × (C + 4), row-major): the heat map holds a
 * Gaussian around each box's centre cell with exactly 1 at the centre (the loss reads the 1s as
 * the positives), the box values are set at centre cells only.
 */
export function encodeGrid(boxes: readonly NormBox[], numClasses: number, gridSize: number): Float32Array {
  const G = gridSize;
  const D = numClasses + 4;
  const out = new Float32Array(G * G * D);
  // Larger boxes first, so where two centres share a cell the smaller (harder) box's values win.
  const sorted = [...boxes].sort((a, b) => b.w * b.h - a.w * a.h);
  for (const box of sorted) {
    if (box.classIndex < 0 || box.classIndex >= numClasses || box.w <= 0 || box.h <= 0) continue;
    const cx = (box.x + box.w / 2) * G;
    const cy = (box.y + box.h / 2) * G;
    const col = Math.min(G - 1, Math.max(0, Math.floor(cx)));
    const row = Math.min(G - 1, Math.max(0, Math.floor(cy)));
    const radius = Math.max(0, Math.floor(gaussianRadius(box.w * G, box.h * G)));
    const sigma = (2 * radius + 1) / 6;
    for (let r = Math.max(0, row - radius); r <= Math.min(G - 1, row + radius); r++) {
      for (let c = Math.max(0, col - radius); c <= Math.min(G - 1, col + radius); c++) {
        const d2 = (c - col) ** 2 + (r - row) ** 2;
        const v = d2 === 0 ? 1 : Math.exp(-d2 / (2 * sigma * sigma));
        const i = (r * G + c) * D + box.classIndex;
        if (v > out[i]!) out[i] = v;
      }
    }
    const i = (row * G + col) * D + numClasses;
    out[i] = cx - col;
    out[i + 1] = cy - row;
    out[i + 2] = Math.log(Math.max(MIN_SIDE, box.w));
    out[i + 3] = Math.log(Math.max(MIN_SIDE, box.h));
  }
  return out;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Intersection over union of two [x, y, w, h] boxes. */
export function iou(a: readonly number[], b: readonly number[]): number {
  const ix = Math.max(0, Math.min(a[0]! + a[2]!, b[0]! + b[2]!) - Math.max(a[0]!, b[0]!));
  const iy = Math.max(0, Math.min(a[1]! + a[3]!, b[1]! + b[3]!) - Math.max(a[1]!, b[1]!));
  const inter = ix * iy;
  const union = a[2]! * a[3]! + b[2]! * b[3]! - inter;
  return union > 0 ? inter / union : 0;
}

/**
 * Greedy per-class non-maximum suppression: the best-scoring box of a class removes that class's
 * boxes overlapping it by more than `iouThreshold`. Returns the kept predictions, best first.
 */
export function nonMaxSuppression(
  predictions: readonly RawPrediction[],
  iouThreshold: number,
  maxDetections: number,
): RawPrediction[] {
  const sorted = [...predictions].sort((a, b) => b.score - a.score);
  const kept: RawPrediction[] = [];
  for (const p of sorted) {
    if (kept.length >= maxDetections) break;
    if (!p.box) continue;
    const box = p.box;
    if (kept.some((k) => k.classIndex === p.classIndex && iou(k.box!, box) > iouThreshold)) continue;
    kept.push(p);
  }
  return kept;
}

/** One image's output (G × G × (C + 4), row-major) to boxes relative to the image. */
export function decodeGrid(
  output: Float32Array,
  numClasses: number,
  gridSize: number,
  options: DecodeOptions = {},
): RawPrediction[] {
  const G = gridSize;
  const C = numClasses;
  const D = C + 4;
  if (output.length !== G * G * D) throw new Error(`decodeGrid: ${output.length} values, expected ${G * G * D}`);
  const threshold = options.scoreThreshold ?? DETECTION_DEFAULTS.scoreThreshold;
  const nmsIou = options.nmsIou ?? DETECTION_DEFAULTS.nmsIou;
  const maxDetections = options.maxDetections ?? DETECTION_DEFAULTS.maxDetections;
  // Comparing logits is comparing scores (sigmoid is monotonic): sigmoid only for the survivors.
  const logitThreshold = threshold <= 0 ? -Infinity : threshold >= 1 ? Infinity : Math.log(threshold / (1 - threshold));
  const candidates: RawPrediction[] = [];
  for (let row = 0; row < G; row++) {
    for (let col = 0; col < G; col++) {
      const base = (row * G + col) * D;
      for (let k = 0; k < C; k++) {
        const v = output[base + k]!;
        if (v < logitThreshold) continue;
        if (!isPeak(output, G, D, row, col, k, v)) continue;
        const cx = (col + output[base + C]!) / G;
        const cy = (row + output[base + C + 1]!) / G;
        const w = Math.min(1, Math.exp(output[base + C + 2]!));
        const h = Math.min(1, Math.exp(output[base + C + 3]!));
        const x0 = Math.max(0, cx - w / 2);
        const y0 = Math.max(0, cy - h / 2);
        const x1 = Math.min(1, cx + w / 2);
        const y1 = Math.min(1, cy + h / 2);
        if (x1 <= x0 || y1 <= y0) continue;
        candidates.push({ classIndex: k, score: sigmoid(v), box: [x0, y0, x1 - x0, y1 - y0] });
      }
    }
  }
  return nonMaxSuppression(candidates, nmsIou, maxDetections);
}

/** A 3 × 3 max-pool peak: no neighbour of the same class is higher (ties keep the first in scan order). */
function isPeak(output: Float32Array, G: number, D: number, row: number, col: number, k: number, v: number): boolean {
  for (let dr = -1; dr <= 1; dr++) {
    const r = row + dr;
    if (r < 0 || r >= G) continue;
    for (let dc = -1; dc <= 1; dc++) {
      const c = col + dc;
      if (c < 0 || c >= G || (dr === 0 && dc === 0)) continue;
      const n = output[(r * G + c) * D + k]!;
      if (n > v || (n === v && (dr < 0 || (dr === 0 && dc < 0)))) return false;
    }
  }
  return true;
}
