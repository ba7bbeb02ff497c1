/**
 * The pixels of a rectangle of the image (the part in view) at one pyramid level, composed from
 * a TileSource's decoded tiles: what the assist AI looks at. Like collectWindow but for a given
 * rectangle rather than a square around a click; the caller picks the level (`regionLevel`).
 */
import { levelSize } from '../pyramid';
import type { PyramidInfo, Rect, TileSource } from '../types';
import type { RgbaWindow } from './proposeRegion';
import { readLevelPixels, type ReadLevelOptions } from './readLevelPixels';

/** Pixels of a region at one level and where they lie in the image. */
export interface CollectedRegion {
  window: RgbaWindow;
  level: number;
  /** The region in image px (the level px rectangle × 2^level, clipped to the image). */
  rect: Rect;
  /** Image px per window px (2^level). */
  scale: number;
}

/** `rect` (image px) clipped to the image; null when nothing of the image is in it. */
export function clipToImage(info: Pick<PyramidInfo, 'width' | 'height'>, rect: Rect): Rect | null {
  const x0 = Math.max(0, rect.x);
  const y0 = Math.max(0, rect.y);
  const x1 = Math.min(info.width, rect.x + rect.width);
  const y1 = Math.min(info.height, rect.y + rect.height);
  if (x1 - x0 < 1 || y1 - y0 < 1) return null;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * The level to read `rect` at: the level in view (`minLevel`), or a coarser one when the region
 * would be more than `maxSide` px a side there (a zoomed-out view of a gigapixel image), never
 * past the coarsest level.
 */
export function regionLevel(info: PyramidInfo, rect: Rect, minLevel: number, maxSide: number): number {
  let level = Math.max(0, Math.min(info.levels - 1, minLevel));
  while (level < info.levels - 1 && Math.max(rect.width, rect.height) / 2 ** level > maxSide) level += 1;
  return level;
}

/**
 * The region `rect` (image px, inside the image) at `level`, fetched tile by tile through the
 * source (tiles together; ImageBitmaps closed once read). Rejects with the source's error (an
 * AbortError when `signal` aborts).
 */
export async function collectRegion(
  source: TileSource,
  level: number,
  rect: Rect,
  options: ReadLevelOptions = {},
): Promise<CollectedRegion> {
  const info = source.info;
  const scale = 2 ** level;
  const extent = levelSize(info, level);
  const x0 = Math.max(0, Math.min(extent.width - 1, Math.floor(rect.x / scale)));
  const y0 = Math.max(0, Math.min(extent.height - 1, Math.floor(rect.y / scale)));
  const width = Math.max(1, Math.min(extent.width, Math.ceil((rect.x + rect.width) / scale)) - x0);
  const height = Math.max(1, Math.min(extent.height, Math.ceil((rect.y + rect.height) / scale)) - y0);
  const pixels = await readLevelPixels(source, level, { x0, y0, width, height }, options);
  const imageRect = {
    x: x0 * scale,
    y: y0 * scale,
    width: Math.min(info.width - x0 * scale, width * scale),
    height: Math.min(info.height - y0 * scale, height * scale),
  };
  return { window: pixels, level, rect: imageRect, scale };
}
