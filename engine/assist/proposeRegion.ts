/**
 * Assist point without a model: from an RGBA window around a click, the object under the
 * positive click(s) as a tight box and a polygon. Pure typed-array code (no DOM), run in
 * workers/assistPoint.worker.ts; coordinates are the window's pixels.
 *
 * How: the window is shrunk to at most `maxSide`² by box averaging and blurred; a marker flood
 * (watershed) grows the object from the positive clicks and the background from the window
 * border and the negative clicks in order of colour gradient, so they meet on the strongest
 * edge between them. Border pixels whose colour matches the clicked one (seed statistics: mean
 * and spread of a small patch) are not background markers, so an object cut by the window edge
 * is not squeezed. The object's component is cleaned (closing, holes filled), its outline
 * traced along pixel edges and simplified. A negative click is a background marker: the region
 * it lies in floods from it, so a proposal that leaked into a similar neighbour is cut on the
 * edge between them. Why our own code and not OpenCV.js: docs/decisions/0052-assist-point-region-growing.md.
 */
import type { Rect, Vec2 } from '../types';
import { close, fillHoles, seedComponent } from './maskOps';
import { BACKGROUND, OBJECT, blur, flood, gradient, shrink, type PixelRect, type Planes } from './regionGrow';
import { simplifyClosed, traceOuterBoundary } from './traceContour';

/** RGBA pixels, row-major, 4 bytes a pixel (the engine's raw TileImage shape). */
export interface RgbaWindow {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** The clicks, in window px: positives inside the object, negatives outside it. */
export interface AssistSeeds {
  positives: readonly Vec2[];
  negatives: readonly Vec2[];
}

export interface ProposeOptions {
  /**
   * The longest side the window is shrunk to for the first pass (default 342: a 1024² window is shrunk by 3); a small region
   * is then grown again at full resolution around itself.
   */
  maxSide?: number;
  /** Most polygon vertices (default 256): the tolerance grows until it fits. */
  maxVertices?: number;
}

/** A proposed region in window px. */
export interface RegionProposal {
  /** Tight bounding box of the region. */
  box: Rect;
  /** Closed outline `[x0, y0, x1, y1, …]`, clockwise on screen, within `box`. */
  points: number[];
  /** Pixels of the region, in window px² (at the shrunk resolution, scaled back). */
  area: number;
}

/** Largest window side accepted (the budget is set for 1024 × 1024). */
export const MAX_WINDOW_SIDE = 1024;

/** Largest side of the full-resolution pass around a small region found on the shrunk window. */
const REFINE_SIDE = 256;
/** Least margin around that region, window px. */
const REFINE_MARGIN = 16;

/** Half-size of the patch around each positive that gives the seed colour statistics (shrunk px). */
const SEED_RADIUS = 2;

/** Mean colour and spread (RMS distance to the mean) of the patches around `seeds`. */
function seedStats(p: Planes, seeds: readonly number[]): { r: number; g: number; b: number; spread: number } {
  const idx: number[] = [];
  for (const s of seeds) {
    const sx = s % p.width;
    const sy = (s / p.width) | 0;
    for (let y = Math.max(0, sy - SEED_RADIUS); y <= Math.min(p.height - 1, sy + SEED_RADIUS); y++)
      for (let x = Math.max(0, sx - SEED_RADIUS); x <= Math.min(p.width - 1, sx + SEED_RADIUS); x++)
        idx.push(y * p.width + x);
  }
  let r = 0;
  let g = 0;
  let b = 0;
  for (const i of idx) {
    r += p.r[i]!;
    g += p.g[i]!;
    b += p.b[i]!;
  }
  r /= idx.length;
  g /= idx.length;
  b /= idx.length;
  let v = 0;
  for (const i of idx) v += (p.r[i]! - r) ** 2 + (p.g[i]! - g) ** 2 + (p.b[i]! - b) ** 2;
  return { r, g, b, spread: Math.sqrt(v / idx.length) };
}

/** A region found on a grid: the `factor`-shrunk pixels of `rect` (window px), 1 = region. */
interface Segment {
  region: Uint8Array;
  w: number;
  h: number;
  factor: number;
  rect: PixelRect;
  /** Bounds on the grid, inclusive. */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  count: number;
}

/** Grid index of a window point, or -1 outside `rect`. */
function toGrid(p: Vec2, rect: PixelRect, factor: number, w: number, h: number): number {
  const x = Math.floor((p.x - rect.x) / factor);
  const y = Math.floor((p.y - rect.y) / factor);
  return x >= 0 && y >= 0 && x < w && y < h ? y * w + x : -1;
}

/** The marker flood on `rect` of the window shrunk by `factor` (see the file comment). */
function segment(window: RgbaWindow, rect: PixelRect, factor: number, seeds: AssistSeeds): Segment | null {
  const planes = shrink(window, rect, factor);
  const { width: w, height: h } = planes;
  const positives = seeds.positives.map((p) => toGrid(p, rect, factor, w, h)).filter((i) => i >= 0);
  if (positives.length === 0) return null;
  blur(planes);
  // At full resolution pixel noise is not yet averaged away by the shrinking: blur once more.
  if (factor === 1) blur(planes);
  const grad = gradient(planes);

  const labels = new Uint8Array(w * h);
  const stats = seedStats(planes, positives);
  // Border pixels within this colour distance of the seed are left unmarked (object cut by the edge).
  const near2 = Math.max(3 * stats.spread, 6) ** 2;
  const markBorder = (i: number) => {
    const d2 = (planes.r[i]! - stats.r) ** 2 + (planes.g[i]! - stats.g) ** 2 + (planes.b[i]! - stats.b) ** 2;
    if (d2 > near2) labels[i] = BACKGROUND;
  };
  for (let x = 0; x < w; x++) {
    markBorder(x);
    markBorder((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    markBorder(y * w);
    markBorder(y * w + w - 1);
  }
  for (const p of seeds.negatives) {
    const i = toGrid(p, rect, factor, w, h);
    if (i >= 0) labels[i] = BACKGROUND;
  }
  for (const i of positives) labels[i] = OBJECT;
  flood(w, h, grad, labels);

  let mask: Uint8Array = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) mask[i] = labels[i] === OBJECT ? 1 : 0;
  mask = close(mask, w, h);
  const region = seedComponent(mask, w, positives);
  if (!region) return null;
  fillHoles(region, w, h);
  let minX = w;
  let minY = h;
  let maxX = -1;
  let maxY = -1;
  let count = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (region[y * w + x] !== 1) continue;
      count += 1;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return count > 0 ? { region, w, h, factor, rect, minX, minY, maxX, maxY, count } : null;
}

/**
 * The window part around a coarse region for a full-resolution pass: its bounds plus a margin,
 * or null when that is larger than {@link REFINE_SIDE} (a large region's coarse outline is
 * already within a few percent) or the coarse pass ran at full resolution.
 */
function refineRect(s: Segment, width: number, height: number): PixelRect | null {
  if (s.factor === 1) return null;
  const x0 = s.rect.x + s.minX * s.factor;
  const y0 = s.rect.y + s.minY * s.factor;
  const x1 = s.rect.x + (s.maxX + 1) * s.factor;
  const y1 = s.rect.y + (s.maxY + 1) * s.factor;
  const margin = Math.max(REFINE_MARGIN, Math.round(0.25 * Math.max(x1 - x0, y1 - y0)));
  const rect = {
    x: Math.max(0, x0 - margin),
    y: Math.max(0, y0 - margin),
    width: 0,
    height: 0,
  };
  rect.width = Math.min(width, x1 + margin) - rect.x;
  rect.height = Math.min(height, y1 + margin) - rect.y;
  return Math.max(rect.width, rect.height) <= REFINE_SIDE ? rect : null;
}

/** Whether the fine region reaches a side of its part that is not the window's edge (it leaked out). */
function touchesInnerEdge(s: Segment, width: number, height: number): boolean {
  const { rect } = s;
  return (
    (s.minX === 0 && rect.x > 0) ||
    (s.minY === 0 && rect.y > 0) ||
    (s.maxX === s.w - 1 && rect.x + rect.width < width) ||
    (s.maxY === s.h - 1 && rect.y + rect.height < height)
  );
}

/**
 * The region around the positive click(s) of `window` (see the file comment), or null when no
 * positive lies in the window or the window is larger than {@link MAX_WINDOW_SIDE}.
 */
export function proposeRegion(
  window: RgbaWindow,
  seeds: AssistSeeds,
  options: ProposeOptions = {},
): RegionProposal | null {
  const { width, height, data } = window;
  if (width < 1 || height < 1 || width > MAX_WINDOW_SIDE || height > MAX_WINDOW_SIDE) return null;
  if (data.length < width * height * 4) throw new RangeError('window data shorter than width × height × 4');
  const factor = Math.max(1, Math.ceil(Math.max(width, height) / (options.maxSide ?? 342)));
  const coarse = segment(window, { x: 0, y: 0, width, height }, factor, seeds);
  if (!coarse) return null;
  let result = coarse;
  const part = refineRect(coarse, width, height);
  if (part) {
    const fine = segment(window, part, 1, seeds);
    if (fine && !touchesInnerEdge(fine, width, height)) result = fine;
  }
  return describe(result, width, height, options.maxVertices ?? 256);
}

/** Box, outline and area of a segment's region in window px. */
function describe(s: Segment, width: number, height: number, maxVertices: number): RegionProposal {
  const { factor, rect } = s;
  const outline = simplifyClosed(traceOuterBoundary(s.region, s.w, s.h), 1, maxVertices);
  const points = outline.map((v, k) =>
    k % 2 === 0 ? Math.min(rect.x + v * factor, width) : Math.min(rect.y + v * factor, height),
  );
  const x0 = rect.x + s.minX * factor;
  const y0 = rect.y + s.minY * factor;
  const x1 = Math.min(width, rect.x + (s.maxX + 1) * factor);
  const y1 = Math.min(height, rect.y + (s.maxY + 1) * factor);
  return { box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, points, area: s.count * factor * factor };
}
