/**
 * The pixels around a click for the assist point: an RGBA window of at most 1024 × 1024 pixels
 * of the pyramid level in view, composed from the tiles of a TileSource (fetched and decoded
 * through the source, i.e. the app's decoder workers), and the mapping between window and
 * image pixels. Runs on the main thread: its own work is row copies (≈ 4 MiB), no decoding.
 */
import { gridSize, levelForZoom, levelSize, tileLevelRect } from '../pyramid';
import type { PyramidInfo, TileSource, Vec2, View } from '../types';
import type { RgbaWindow } from './proposeRegion';

/** A window of level pixels and where it lies in the image. */
export interface CollectedWindow {
  window: RgbaWindow;
  level: number;
  /** Image px of the window's top-left corner. */
  origin: Vec2;
  /** Image px per window px (2^level). */
  scale: number;
}

export interface CollectOptions {
  /** Window side in level px (default and most 1024). */
  size?: number;
  signal?: AbortSignal;
  /**
   * Reads an ImageBitmap tile's pixels (sources that give bitmaps; the default draws it on an
   * OffscreenCanvas). Raw RGBA tiles are copied directly.
   */
  readBitmap?: (bitmap: ImageBitmap) => RgbaWindow;
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

export function defaultReadBitmap(bitmap: ImageBitmap): RgbaWindow {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('image_decode_failed');
  ctx.drawImage(bitmap, 0, 0);
  return { width: bitmap.width, height: bitmap.height, data: ctx.getImageData(0, 0, bitmap.width, bitmap.height).data };
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
  const ts = info.tileSize;
  const { cols, rows } = gridSize(info, level);
  const tiles: { x: number; y: number }[] = [];
  for (let ty = Math.floor(y0 / ts); ty <= Math.min(rows - 1, Math.floor((y0 + height - 1) / ts)); ty++)
    for (let tx = Math.floor(x0 / ts); tx <= Math.min(cols - 1, Math.floor((x0 + width - 1) / ts)); tx++)
      tiles.push({ x: tx, y: ty });
  const signal = options.signal ?? new AbortController().signal;
  const images = await Promise.all(tiles.map((t) => source.getTile(level, t.x, t.y, signal)));
  const data = new Uint8ClampedArray(width * height * 4);
  const read = options.readBitmap ?? defaultReadBitmap;
  images.forEach((image, k) => {
    const t = tiles[k]!;
    let pixels: RgbaWindow;
    if ('data' in image) pixels = image;
    else {
      pixels = read(image);
      image.close();
    }
    const rect = tileLevelRect(info, level, t.x, t.y);
    // The part of this tile inside the window, in level px (a tile may be smaller than its rect).
    const left = Math.max(x0, rect.x);
    const top = Math.max(y0, rect.y);
    const right = Math.min(x0 + width, rect.x + Math.min(rect.width, pixels.width));
    const bottom = Math.min(y0 + height, rect.y + Math.min(rect.height, pixels.height));
    if (right <= left) return;
    for (let y = top; y < bottom; y++) {
      const src = ((y - rect.y) * pixels.width + (left - rect.x)) * 4;
      data.set(pixels.data.subarray(src, src + (right - left) * 4), ((y - y0) * width + (left - x0)) * 4);
    }
  });
  return { window: { width, height, data }, level, origin: { x: x0 * scale, y: y0 * scale }, scale };
}
