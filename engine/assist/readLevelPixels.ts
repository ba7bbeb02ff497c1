/**
 * The RGBA pixels of a rectangle of one pyramid level, composed from a TileSource's decoded
 * tiles. Shared by collectWindow (a square around a click) and collectRegion (the part in view),
 * which only differ in how they choose the rectangle.
 */
import { gridSize, tileLevelRect } from '../pyramid';
import type { TileSource } from '../types';
import type { RgbaWindow } from './proposeRegion';

/** A rectangle in level px (inside the level). */
export interface LevelRect {
  x0: number;
  y0: number;
  width: number;
  height: number;
}

export interface ReadLevelOptions {
  signal?: AbortSignal;
  /**
   * Reads an ImageBitmap tile's pixels (sources that give bitmaps; the default draws it on an
   * OffscreenCanvas). Raw RGBA tiles are copied directly.
   */
  readBitmap?: (bitmap: ImageBitmap) => RgbaWindow;
}

export function defaultReadBitmap(bitmap: ImageBitmap): RgbaWindow {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('image_decode_failed');
  ctx.drawImage(bitmap, 0, 0);
  return { width: bitmap.width, height: bitmap.height, data: ctx.getImageData(0, 0, bitmap.width, bitmap.height).data };
}

/**
 * The pixels of `rect` at `level`. Tiles are fetched together; ImageBitmaps are closed once
 * read. Rejects with the source's error (an AbortError when `signal` aborts).
 */
export async function readLevelPixels(
  source: TileSource,
  level: number,
  rect: LevelRect,
  options: ReadLevelOptions = {},
): Promise<RgbaWindow> {
  const info = source.info;
  const { x0, y0, width, height } = rect;
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
    const tile = tileLevelRect(info, level, t.x, t.y);
    // The part of this tile inside the rectangle, in level px (a tile may be smaller than its rect).
    const left = Math.max(x0, tile.x);
    const top = Math.max(y0, tile.y);
    const right = Math.min(x0 + width, tile.x + Math.min(tile.width, pixels.width));
    const bottom = Math.min(y0 + height, tile.y + Math.min(tile.height, pixels.height));
    if (right <= left) return;
    for (let y = top; y < bottom; y++) {
      const src = ((y - tile.y) * pixels.width + (left - tile.x)) * 4;
      data.set(pixels.data.subarray(src, src + (right - left) * 4), ((y - y0) * width + (left - x0)) * 4);
    }
  });
  return { width, height, data };
}
