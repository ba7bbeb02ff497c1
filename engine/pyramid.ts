/**
 * Tile pyramid math, pure and DOM-free (the tiling worker and the server use it too).
 *
 * Level `l` is the image scaled by 1 / 2^l with its size rounded up: `ceil(width / 2^l)` ×
 * `ceil(height / 2^l)` (the libvips/Deep Zoom convention). Each level is cut into `tileSize`
 * tiles from the top left; the last column and row may be narrower. Level 0 is full resolution;
 * the last level (`levels - 1`) is the first one that fits in a single tile.
 */
import type { PyramidInfo, Rect, TileKey } from './types';

/** The tile size of the server's pyramids (ARCHITECTURE.md, "Data flow of an image"). */
export const DEFAULT_TILE_SIZE = 512;

/** Inclusive range of tile columns and rows (empty when `x1 < x0` or `y1 < y0`). */
export interface TileRange {
  level: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Number of levels from full resolution down to the first level that fits in one tile. */
export function levelsFor(width: number, height: number, tileSize = DEFAULT_TILE_SIZE): number {
  if (!(tileSize >= 1)) throw new RangeError(`tileSize must be >= 1, got ${tileSize}`);
  let levels = 1;
  let w = Math.max(1, Math.ceil(width));
  let h = Math.max(1, Math.ceil(height));
  while (w > tileSize || h > tileSize) {
    w = Math.ceil(w / 2);
    h = Math.ceil(h / 2);
    levels += 1;
  }
  return levels;
}

/** The {@link PyramidInfo} of an image cut into `tileSize` tiles. */
export function pyramidInfo(width: number, height: number, tileSize = DEFAULT_TILE_SIZE): PyramidInfo {
  return { width, height, tileSize, levels: levelsFor(width, height, tileSize) };
}

/** Size of a level in its own pixels. */
export function levelSize(info: PyramidInfo, level: number): { width: number; height: number } {
  const s = 2 ** level;
  return { width: Math.max(1, Math.ceil(info.width / s)), height: Math.max(1, Math.ceil(info.height / s)) };
}

/** Number of tile columns and rows of a level. */
export function gridSize(info: PyramidInfo, level: number): { cols: number; rows: number } {
  const { width, height } = levelSize(info, level);
  return { cols: Math.ceil(width / info.tileSize), rows: Math.ceil(height / info.tileSize) };
}

/**
 * Chooses the level to draw at a zoom (CSS px per image px) on a screen with `dpr` device px
 * per CSS px: the coarsest level that still has at least one level pixel per device pixel, i.e.
 * the largest `l` with `2^-l >= zoom * dpr`, clamped to [0, levels - 1].
 *
 * Rounding: a tolerance of 1e-9 in log2 space makes exact powers of two (zoom 0.5 at dpr 1)
 * pick the exact level instead of the finer one through float error. `bias` shifts the choice:
 * a positive bias accepts up to 2^bias times magnification of the level (coarser, fewer bytes);
 * a negative one oversamples (sharper, more bytes). The default 0 never magnifies a level.
 */
export function levelForZoom(zoom: number, dpr: number, levels: number, bias = 0): number {
  const density = zoom * dpr;
  if (!(density > 0)) return Math.max(0, levels - 1);
  const level = Math.floor(-Math.log2(density) + bias + 1e-9);
  return Math.max(0, Math.min(levels - 1, level));
}

/** The rectangle of a tile in full-resolution image pixels, clipped to the image. */
export function tileRect(info: PyramidInfo, level: number, x: number, y: number): Rect {
  const span = info.tileSize * 2 ** level;
  const x0 = x * span;
  const y0 = y * span;
  return {
    x: x0,
    y: y0,
    width: Math.max(0, Math.min(span, info.width - x0)),
    height: Math.max(0, Math.min(span, info.height - y0)),
  };
}

/**
 * The rectangle of a tile in its level's pixels — the region a slicer cuts from the level
 * image, and the tile's pixel size (edge tiles are smaller than `tileSize`).
 */
export function tileLevelRect(info: PyramidInfo, level: number, x: number, y: number): Rect {
  const { width, height } = levelSize(info, level);
  const x0 = x * info.tileSize;
  const y0 = y * info.tileSize;
  return {
    x: x0,
    y: y0,
    width: Math.max(0, Math.min(info.tileSize, width - x0)),
    height: Math.max(0, Math.min(info.tileSize, height - y0)),
  };
}

/**
 * The range of tiles of `level` that intersect `rect` (image px). Tiles that only touch the
 * rectangle's edge are excluded; the range is clipped to the grid and empty when `rect` misses
 * the image.
 */
export function tileRangeFor(info: PyramidInfo, level: number, rect: Rect): TileRange {
  const span = info.tileSize * 2 ** level;
  const { cols, rows } = gridSize(info, level);
  const left = Math.max(rect.x, 0);
  const top = Math.max(rect.y, 0);
  const right = Math.min(rect.x + rect.width, info.width);
  const bottom = Math.min(rect.y + rect.height, info.height);
  if (!(right > left && bottom > top)) return { level, x0: 0, y0: 0, x1: -1, y1: -1 };
  return {
    level,
    x0: Math.max(0, Math.floor(left / span)),
    y0: Math.max(0, Math.floor(top / span)),
    x1: Math.min(cols - 1, Math.ceil(right / span) - 1),
    y1: Math.min(rows - 1, Math.ceil(bottom / span) - 1),
  };
}

/** The tiles of `level` intersecting `rect` (image px), row by row. */
export function visibleTiles(info: PyramidInfo, level: number, rect: Rect): TileKey[] {
  const r = tileRangeFor(info, level, rect);
  const out: TileKey[] = [];
  for (let y = r.y0; y <= r.y1; y++) for (let x = r.x0; x <= r.x1; x++) out.push({ level, x, y });
  return out;
}

/** The string key of a tile, `level/x/y` — the cache and scheduler key. */
export function tileKey(level: number, x: number, y: number): string {
  return `${level}/${x}/${y}`;
}

/** Parses a {@link tileKey} string (throws on anything else). */
export function parseTileKey(key: string): TileKey {
  const parts = key.split('/');
  const [level, x, y] = parts.map(Number);
  if (
    parts.length !== 3 ||
    level === undefined ||
    x === undefined ||
    y === undefined ||
    [level, x, y].some((n) => !Number.isInteger(n) || n < 0)
  ) {
    throw new RangeError(`not a tile key: ${key}`);
  }
  return { level, x, y };
}

/** The tile of a coarser level `ancestorLevel` (≥ key.level) that covers `key`. */
export function ancestorOf(key: TileKey, ancestorLevel: number): TileKey {
  const d = ancestorLevel - key.level;
  return { level: ancestorLevel, x: key.x >> d, y: key.y >> d };
}
