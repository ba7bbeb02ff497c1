/**
 * Builds the render benchmark's JPEG tile pyramid once: the procedural pattern of engine/sources
 * at BENCH_IMAGE size, cut into 512 px tiles in the DeepZoom layout (`<dzLevel>/<x>_<y>.jpg`,
 * level numbers growing with resolution, overlap 0) — the layout libvips/sharp write, which
 * OpenSeadragon reads natively and our HttpTileSource reads through `deepZoomLevels`. Only the
 * levels of our pyramid are written (down to one tile); both viewers are told to stop there.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { gridSize, levelSize, pyramidInfo, tileLevelRect } from '../../engine/pyramid';
import { deepZoomLevels } from '../../engine/sources/HttpTileSource';
import { fillPatternRegion } from '../../engine/sources/proceduralPattern';

export const BENCH_IMAGE = { width: 40_000, height: 30_000, tileSize: 512 };
export const CACHE_DIR = path.resolve(import.meta.dirname, '../.cache');
export const PYRAMID_DIR = path.join(CACHE_DIR, `pyramid-${BENCH_IMAGE.width}x${BENCH_IMAGE.height}`);

/** The pyramid's description, shared by the page scripts of both viewers. */
export function benchPyramid() {
  const info = pyramidInfo(BENCH_IMAGE.width, BENCH_IMAGE.height, BENCH_IMAGE.tileSize);
  const dz = deepZoomLevels(info.width, info.height);
  return { info, dzMaxLevel: dz.levelOffset, dzMinLevel: dz.levelOffset - (info.levels - 1) };
}

/** Writes every tile not yet in the cache; returns the number written. */
export async function buildPyramid(log: (s: string) => void = () => {}): Promise<number> {
  const { info, dzMaxLevel } = benchPyramid();
  const done = path.join(PYRAMID_DIR, 'complete.json');
  if (existsSync(done)) return 0;
  mkdirSync(PYRAMID_DIR, { recursive: true });
  // The cache is rebuilt from code: keep it out of git without touching the shared .gitignore.
  writeFileSync(path.join(CACHE_DIR, '.gitignore'), '*\n');
  const jobs: Array<{ level: number; x: number; y: number }> = [];
  for (let level = 0; level < info.levels; level++) {
    const { cols, rows } = gridSize(info, level);
    for (let y = 0; y < rows; y++) for (let x = 0; x < cols; x++) jobs.push({ level, x, y });
  }
  log(
    `building ${jobs.length} JPEG tiles of a ${info.width} × ${info.height} image into ${path.relative(process.cwd(), PYRAMID_DIR)} …`,
  );
  const started = Date.now();
  let next = 0;
  let written = 0;
  const worker = async () => {
    const buf = new Uint8Array(info.tileSize * info.tileSize * 4);
    for (let job = jobs[next++]; job; job = jobs[next++]) {
      const r = tileLevelRect(info, job.level, job.x, job.y);
      const data = buf.subarray(0, r.width * r.height * 4);
      fillPatternRegion(job.level, r.x, r.y, r.width, r.height, data);
      const dir = path.join(PYRAMID_DIR, String(dzMaxLevel - job.level));
      if (job.x === 0 && job.y === 0) mkdirSync(dir, { recursive: true });
      await sharp(data, { raw: { width: r.width, height: r.height, channels: 4 } })
        .removeAlpha()
        .jpeg({ quality: 85, mozjpeg: false })
        .toFile(path.join(dir, `${job.x}_${job.y}.jpg`));
      written += 1;
    }
  };
  // sharp runs each encode on libuv's pool: a few in flight keep both cores busy.
  await Promise.all(Array.from({ length: Math.max(2, os.cpus().length) }, worker));
  writeFileSync(
    done,
    JSON.stringify({ ...info, levelSizes: Array.from({ length: info.levels }, (_, l) => levelSize(info, l)) }),
  );
  log(`  ${written} tiles in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return written;
}
