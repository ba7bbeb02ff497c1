import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createReadStream } from 'node:fs';
import sharp from 'sharp';
import { PYRAMID_MIN_SIDE, TILE_SIZE } from '../../contract/apiProjects';
import type { BlobStore } from '../blobs/BlobStore';
import { DECODE_OPTIONS } from './datasetImageProbe';

/**
 * A DeepZoom pyramid in the blob store: level 0 is 1 × 1 px and level `levels − 1` is the full
 * image (libvips `dzsave` numbering, which engine/sources/HttpTileSource's `deepZoomLevels`
 * maps to the engine's levels), cut into `tileSize` tiles without overlap. `tiles` maps
 * "level/x_y" to the blob key of that tile.
 */
export interface PyramidManifest {
  levels: number;
  tileSize: number;
  overlap: number;
  /** Tile file extension (the URL template's). */
  format: 'jpg';
  width: number;
  height: number;
  tiles: Record<string, string>;
}

/** What images.pyramid holds: the manifest's blob key and what a listing needs without reading it. */
export interface PyramidRef {
  manifest: string;
  levels: number;
  tileSize: number;
  overlap: number;
  format: 'jpg';
}

export function needsPyramid(width: number, height: number): boolean {
  return Math.max(width, height) > PYRAMID_MIN_SIDE;
}

/** Number of DeepZoom levels of a width × height image (1 × 1 up to full size). */
export function deepZoomLevelCount(width: number, height: number): number {
  return Math.ceil(Math.log2(Math.max(width, height, 1))) + 1;
}

const TILE_NAME = /^(\d+)_(\d+)\.jpeg$/;
/** Tiles put into the blob store at the same time. */
const PUT_CONCURRENCY = 8;

/**
 * Cuts `file` into the pyramid (libvips through sharp, in a folder under `tmpRoot`, bounded memory:
 * it streams the image in strips), puts every tile into the blob store, then the manifest.
 * `onProgress` gets the fraction of tiles stored. The temporary folder is removed in any case.
 */
export async function buildPyramid(
  file: string,
  blobs: BlobStore,
  size: { width: number; height: number },
  tmpRoot: string,
  onProgress: (fraction: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<PyramidRef> {
  await mkdir(tmpRoot, { recursive: true });
  const dir = await mkdtemp(path.join(tmpRoot, 'pyramid-'));
  try {
    await sharp(file, DECODE_OPTIONS)
      .rotate()
      .jpeg({ quality: 85 })
      .tile({ size: TILE_SIZE, overlap: 0, layout: 'dz' })
      .toFile(path.join(dir, 'image.dz'));
    const root = path.join(dir, 'image_files');
    const levelNames = (await readdir(root)).filter((n) => /^\d+$/.test(n));
    const levels = levelNames.length;
    if (levels !== deepZoomLevelCount(size.width, size.height)) {
      throw new Error(`The pyramid has ${levels} levels, expected ${deepZoomLevelCount(size.width, size.height)}.`);
    }
    const files: { key: string; file: string }[] = [];
    for (const level of levelNames) {
      for (const name of await readdir(path.join(root, level))) {
        const m = TILE_NAME.exec(name);
        if (m) files.push({ key: `${level}/${m[1]}_${m[2]}`, file: path.join(root, level, name) });
      }
    }
    const tiles: Record<string, string> = {};
    let done = 0;
    let reported = 0;
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        signal?.throwIfAborted();
        const item = files[next++];
        if (!item) break;
        tiles[item.key] = await blobs.put(createReadStream(item.file));
        done++;
        if (done - reported >= Math.max(1, files.length / 20)) {
          reported = done;
          await onProgress(done / files.length);
        }
      }
    };
    await Promise.all(Array.from({ length: PUT_CONCURRENCY }, worker));
    const manifest: PyramidManifest = {
      levels,
      tileSize: TILE_SIZE,
      overlap: 0,
      format: 'jpg',
      width: size.width,
      height: size.height,
      tiles,
    };
    const key = await blobs.put(Buffer.from(JSON.stringify(manifest)));
    return { manifest: key, levels, tileSize: TILE_SIZE, overlap: 0, format: 'jpg' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The pyramid reference stored in images.pyramid, or null when absent or malformed. */
export function parsePyramidRef(text: string | null): PyramidRef | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<PyramidRef>;
    if (typeof v.manifest !== 'string' || typeof v.levels !== 'number' || typeof v.tileSize !== 'number') return null;
    return { manifest: v.manifest, levels: v.levels, tileSize: v.tileSize, overlap: v.overlap ?? 0, format: 'jpg' };
  } catch {
    return null;
  }
}
