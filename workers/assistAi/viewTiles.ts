/**
 * The assist AI's geometry, pure so it is tested in Node: how the pixels in view are split into
 * the model's inputs (one input for a view near the model's size, a grid of overlapping tiles for
 * a detector on a much larger view), the resize to the input, and how each tile's relative boxes
 * return to image pixels and merge (per-class NMS across tiles).
 */

/** A rectangle in window px (or image px where named so). */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A prediction in image px (class predictions have box null). */
export interface ImagePrediction {
  classIndex: number;
  score: number;
  box: PixelRect | null;
}

/** Where the window lies in the image: image px of its top-left corner, image px per window px. */
export interface WindowPlacement {
  originX: number;
  originY: number;
  scale: number;
}

/** Most tiles a side (a 3 × 3 grid at most: a view is answered in ≤ 9 model runs). */
export const MAX_TILES_PER_SIDE = 3;
/** Tiles overlap by this fraction of their side, so an object cut by a seam is whole in one of them. */
export const TILE_OVERLAP = 0.15;

/** A view up to this many input sizes a side is read whole (the scale the model was trained at). */
export const WHOLE_UP_TO = 3;

/**
 * The tiles a window is read in: one (the whole window) for classification or when its longer
 * side is at most WHOLE_UP_TO input sizes (a photo in view: objects keep the scale the model
 * learned them at, and one run answers); otherwise — a zoomed-out gigapixel view, where objects
 * are a few input pixels — a grid of about two input sizes of window px per tile side (at most
 * MAX_TILES_PER_SIDE a side), overlapping by TILE_OVERLAP.
 */
export function planTiles(
  width: number,
  height: number,
  inputSize: number,
  task: 'classification' | 'detection' | string,
): PixelRect[] {
  const whole = [{ x: 0, y: 0, width, height }];
  if (task !== 'detection' || Math.max(width, height) <= WHOLE_UP_TO * inputSize) return whole;
  const cols = Math.min(MAX_TILES_PER_SIDE, Math.max(1, Math.round(width / (2 * inputSize))));
  const rows = Math.min(MAX_TILES_PER_SIDE, Math.max(1, Math.round(height / (2 * inputSize))));
  if (cols === 1 && rows === 1) return whole;
  const axis = (extent: number, n: number): [number, number][] => {
    if (n === 1) return [[0, extent]];
    // n tiles of side s with overlap o·s cover extent: n·s − (n − 1)·o·s = extent.
    const side = Math.ceil(extent / (n - (n - 1) * TILE_OVERLAP));
    const step = (extent - side) / (n - 1);
    return Array.from({ length: n }, (_, i) => [Math.round(i * step), side] as [number, number]);
  };
  const out: PixelRect[] = [];
  for (const [y, h] of axis(height, rows))
    for (const [x, w] of axis(width, cols)) out.push({ x, y, width: w, height: h });
  return out;
}

/**
 * A box relative to a tile (x, y, w, h in 0–1 of the tile) → image px, clipped to the window's
 * part of the image (`limit`, image px); null when nothing of it is left.
 */
export function tileBoxToImage(
  box: readonly [number, number, number, number],
  tile: PixelRect,
  placement: WindowPlacement,
  limit: PixelRect,
): PixelRect | null {
  const s = placement.scale;
  const x0 = Math.max(limit.x, placement.originX + (tile.x + box[0] * tile.width) * s);
  const y0 = Math.max(limit.y, placement.originY + (tile.y + box[1] * tile.height) * s);
  const x1 = Math.min(limit.x + limit.width, placement.originX + (tile.x + (box[0] + box[2]) * tile.width) * s);
  const y1 = Math.min(limit.y + limit.height, placement.originY + (tile.y + (box[1] + box[3]) * tile.height) * s);
  if (!(x1 > x0 && y1 > y0)) return null;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Intersection over union of two rectangles. */
export function rectIou(a: PixelRect, b: PixelRect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/**
 * Per-class greedy NMS over the predictions of every tile: highest score first, a box whose IoU
 * with a kept box of its class exceeds `iou` is dropped; also dropped when it lies mostly (≥ 0.8
 * of its area) inside a kept box of its class — the half of an object a tile seam cut off.
 * At most `max` kept, best first. Class predictions (no box) pass through, best first.
 */
export function mergePredictions(list: readonly ImagePrediction[], iou: number, max: number): ImagePrediction[] {
  const sorted = [...list].sort((a, b) => b.score - a.score);
  const kept: ImagePrediction[] = [];
  for (const p of sorted) {
    if (kept.length >= max) break;
    const box = p.box;
    if (!box) {
      kept.push(p);
      continue;
    }
    const clash = kept.some(
      (k) => k.classIndex === p.classIndex && k.box && (rectIou(k.box, box) > iou || covered(box, k.box) >= 0.8),
    );
    if (!clash) kept.push(p);
  }
  return kept;
}

/** The fraction of `a`'s area inside `b`. */
function covered(a: PixelRect, b: PixelRect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (a.width * a.height);
}

/**
 * The `rect` of an RGBA window stretched to size × size RGB (the models' 'stretch' resize),
 * each output pixel the mean of the window pixels under it (box filter: no aliasing when a
 * 2048 px view shrinks to 224), bilinear where the window is smaller than the input.
 */
export function resizeToInput(
  window: { width: number; height: number; data: Uint8ClampedArray | Uint8Array },
  rect: PixelRect,
  size: number,
): { width: number; height: number; data: Uint8Array } {
  const out = new Uint8Array(size * size * 3);
  const fx = rect.width / size;
  const fy = rect.height / size;
  const W = window.width;
  const src = window.data;
  for (let oy = 0; oy < size; oy++) {
    const sy0 = rect.y + oy * fy;
    const sy1 = sy0 + fy;
    for (let ox = 0; ox < size; ox++) {
      const sx0 = rect.x + ox * fx;
      const sx1 = sx0 + fx;
      const o = (oy * size + ox) * 3;
      if (fx <= 1 && fy <= 1) {
        bilinear(src, W, window.height, rect, (ox + 0.5) * fx - 0.5, (oy + 0.5) * fy - 0.5, out, o);
        continue;
      }
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      const yEnd = Math.min(window.height, Math.max(Math.floor(sy0) + 1, Math.ceil(sy1)));
      const xEnd = Math.min(W, Math.max(Math.floor(sx0) + 1, Math.ceil(sx1)));
      for (let y = Math.floor(sy0); y < yEnd; y++)
        for (let x = Math.floor(sx0); x < xEnd; x++) {
          const i = (y * W + x) * 4;
          r += src[i]!;
          g += src[i + 1]!;
          b += src[i + 2]!;
          n += 1;
        }
      out[o] = Math.round(r / n);
      out[o + 1] = Math.round(g / n);
      out[o + 2] = Math.round(b / n);
    }
  }
  return { width: size, height: size, data: out };
}

function bilinear(
  src: Uint8ClampedArray | Uint8Array,
  W: number,
  H: number,
  rect: PixelRect,
  lx: number,
  ly: number,
  out: Uint8Array,
  o: number,
): void {
  const x = Math.min(rect.x + rect.width - 1, Math.max(rect.x, rect.x + lx));
  const y = Math.min(rect.y + rect.height - 1, Math.max(rect.y, rect.y + ly));
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(W - 1, x0 + 1);
  const y1 = Math.min(H - 1, y0 + 1);
  const ax = x - x0;
  const ay = y - y0;
  for (let c = 0; c < 3; c++) {
    const top = src[(y0 * W + x0) * 4 + c]! * (1 - ax) + src[(y0 * W + x1) * 4 + c]! * ax;
    const bottom = src[(y1 * W + x0) * 4 + c]! * (1 - ax) + src[(y1 * W + x1) * 4 + c]! * ax;
    out[o + c] = Math.round(top * (1 - ay) + bottom * ay);
  }
}
