/**
 * A local image as a tile pyramid, sliced here so the main thread never holds the full decoded
 * image: `open` decodes once; `getTile` draws the tile's region of its level into a tile-sized
 * OffscreenCanvas and TRANSFERS its RGBA pixels back (raw pixels upload to WebGL several times
 * faster than an ImageBitmap on the main thread; see tileDecode.worker.ts). Levels are made lazily by
 * halving the previous one (a mip chain), so coarse tiles read a small image, not the original,
 * and downscaling stays smooth.
 */
import { expose, transfer } from 'comlink';
import { levelSize, pyramidInfo, tileLevelRect } from '../engine/pyramid';
import type { PyramidInfo } from '../engine/types';

type LevelImage = ImageBitmap | OffscreenCanvas;

let info: PyramidInfo | null = null;
let levels: LevelImage[] = [];

function freeLevels(): void {
  for (const image of levels) if ('close' in image) image.close();
  levels = [];
}

/** The image of `level`, built from the level above it when first needed. */
function levelImage(pyramid: PyramidInfo, level: number): LevelImage {
  const existing = levels[level];
  if (existing) return existing;
  const finer = levelImage(pyramid, level - 1);
  const { width, height } = levelSize(pyramid, level);
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('image_decode_failed');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(finer, 0, 0, width, height);
  levels[level] = canvas;
  return canvas;
}

const api = {
  /** Decodes `blob` and keeps it; answers the full-resolution size. */
  async open(blob: Blob, tileSize: number): Promise<{ width: number; height: number }> {
    freeLevels();
    info = null;
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none' });
    } catch {
      throw new Error('image_decode_failed');
    }
    levels = [bitmap];
    info = pyramidInfo(bitmap.width, bitmap.height, tileSize);
    return { width: bitmap.width, height: bitmap.height };
  },

  /** Tile (`level`, `x`, `y`) of the open image, as transferred RGBA pixels. */
  getTile(level: number, x: number, y: number): { width: number; height: number; data: Uint8ClampedArray } {
    if (!info) throw new Error('image_decode_failed');
    const r = tileLevelRect(info, level, x, y);
    const source = levelImage(info, level);
    const canvas = new OffscreenCanvas(r.width, r.height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('image_decode_failed');
    ctx.drawImage(source, r.x, r.y, r.width, r.height, 0, 0, r.width, r.height);
    const data = ctx.getImageData(0, 0, r.width, r.height).data;
    return transfer({ width: r.width, height: r.height, data }, [data.buffer]);
  },

  /** Frees the image and every level made from it. */
  close(): void {
    freeLevels();
    info = null;
  },
};

expose(api);

/** The comlink API of imagePyramid.worker.ts. */
export type ImagePyramidWorkerApi = typeof api;
