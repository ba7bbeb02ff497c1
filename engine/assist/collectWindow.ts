/**
 * The pixels around a click for the assist point: an RGBA window of at most 1024 × 1024 pixels
 * of the pyramid level in view, composed from the tiles of a TileSource (fetched and decoded
 * through the source, i.e. the app's decoder workers), and the mapping between window and
 * image pixels. Runs on the main thread: its own work is row copies (≈ 4 MiB), no decoding.
 */
import { levelForZoom, levelSize } from '../pyramid';
import type { PyramidInfo, TileSource, Vec2, View } from '../types';
import type { RgbaWindow } from './proposeRegion';
import { readLevelPixels, type ReadLevelOptions } from './readLevelPixels';

/** A window of level pixels and where it lies in the image. */
export interface CollectedWindow {
  window: RgbaWindow;
  level: number;
  /** Image px of the window's top-left corner. */
  origin: Vec2;
  /** Image px per window px (2^level). */
  scale: number;
}

export interface CollectOptions extends ReadLevelOptions {
  /** Window side in level px (default and most 1024). */
  size?: number;
}

/** The pyramid level the engine draws at this view (as TileScheduler picks it, bias 0). */
export function levelInView(info: PyramidInfo, view: View, dpr: number): number {
  return levelForZoom(view.zoom, dpr, info.levels);
}

/** Image px → window px. */
export function toWindow(p: Vec2, w: Pick<CollectedWindow, 'origin' | 'scale'>): Vec2 {
  return { x: (p.x - w.origin.x) / w.scale, y: (p.y - w.origin.y) / w.scale };
}

/** Flat window px `[x0, y0, …]` → image px. */
export function pointsToImage(points: readonly number[], w: Pick<CollectedWindow, 'origin' | 'scale'>): number[] {
  return points.map((v, k) => (k % 2 === 0 ? w.origin.x : w.origin.y) + v * w.scale);
}

/** The window's position in level px: centred on `center` where it fits, else shifted inside the level. */
function placeWindow(extent: number, size: number, center: number): number {
  return Math.max(0, Math.min(extent - size, Math.round(center - size / 2)));
}

/**
 * The window of `level` centred on the image point `center` (shifted to stay inside the
 * level; smaller when the level is). Rejects with the source's error (an AbortError when
 * `signal` aborts). Tiles are fetched together; ImageBitmaps are closed once read.
 */
export async function collectWindow(
  source: TileSource,
  level: number,
  center: Vec2,
  options: CollectOptions = {},
): Promise<CollectedWindow> {
  const info = source.info;
  const scale = 2 ** level;
  const extent = levelSize(info, level);
  const side = Math.min(1024, options.size ?? 1024);
  const width = Math.min(side, extent.width);
  const height = Math.min(side, extent.height);
  const x0 = placeWindow(extent.width, width, center.x / scale);
  const y0 = placeWindow(extent.height, height, center.y / scale);
  const pixels = await readLevelPixels(source, level, { x0, y0, width, height }, options);
  return { window: pixels, level, origin: { x: x0 * scale, y: y0 * scale }, scale };
}
