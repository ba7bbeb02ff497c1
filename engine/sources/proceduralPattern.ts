/**
 * The procedural test pattern: pure functions from image (or level) pixel coordinates to RGBA,
 * so tests and benchmarks can compute what any rendered pixel must be.
 *
 * Full resolution (level 0), for image pixel (x, y):
 * - cell = (cx, cy) = (floor(x / 256), floor(y / 256));
 * - major grid line (black, 0) where x mod 4096 < 4 or y mod 4096 < 4;
 * - else minor grid line (white, 255) where x mod 256 == 0 or y mod 256 == 0;
 * - else the cell colour: R = cx mod 256, G = cy mod 256, B = 224 if cx + cy is odd else 32.
 *
 * Level `l` pixel (px, py) covers image pixels [px * 2^l, (px + 1) * 2^l) on each axis. It is a
 * major line where that footprint touches a major line (levels up to 10, where major lines are
 * still 4 level pixels apart), a minor line where it touches a minor line (levels up to 6, same
 * reason), else the colour of the cell under the footprint's centre. So coarse levels
 * look like the finer ones without averaging 2^l × 2^l samples per pixel.
 */

export const PATTERN_CELL = 256;
export const PATTERN_MAJOR = 4096;
export const PATTERN_MAJOR_WIDTH = 4;
/** Finest-to-coarsest limits on drawing grid lines (see the module comment). */
export const PATTERN_MAX_MINOR_LEVEL = 6;
export const PATTERN_MAX_MAJOR_LEVEL = 10;

const LINE_MAJOR = 0;
const LINE_MINOR = 255;

/** Classification of one column (or row) of level pixels: 0 none, 1 minor line, 2 major line. */
function lineKind(level: number, p: number): number {
  const scale = 2 ** level;
  const start = p * scale;
  const end = start + scale; // exclusive
  if (level <= PATTERN_MAX_MAJOR_LEVEL) {
    // Does [start, end) meet [k·4096, k·4096 + 4) for some k?
    const k = Math.floor((end - 1) / PATTERN_MAJOR) * PATTERN_MAJOR;
    if (k + PATTERN_MAJOR_WIDTH > start) return 2;
  }
  if (level <= PATTERN_MAX_MINOR_LEVEL) {
    const k = Math.floor((end - 1) / PATTERN_CELL) * PATTERN_CELL;
    if (k >= start) return 1;
  }
  return 0;
}

/** Cell index of the footprint centre of level pixel `p`. */
function cellOf(level: number, p: number): number {
  return Math.floor(((p + 0.5) * 2 ** level) / PATTERN_CELL);
}

/** RGBA of level pixel (px, py) at `level` (0 = full resolution). */
export function patternPixelAtLevel(level: number, px: number, py: number): [number, number, number, number] {
  const lx = lineKind(level, px);
  const ly = lineKind(level, py);
  if (lx === 2 || ly === 2) return [LINE_MAJOR, LINE_MAJOR, LINE_MAJOR, 255];
  if (lx === 1 || ly === 1) return [LINE_MINOR, LINE_MINOR, LINE_MINOR, 255];
  const cx = cellOf(level, px);
  const cy = cellOf(level, py);
  return [cx % 256, cy % 256, (cx + cy) % 2 === 1 ? 224 : 32, 255];
}

/** RGBA of full-resolution image pixel (x, y). */
export function patternPixel(x: number, y: number): [number, number, number, number] {
  return patternPixelAtLevel(0, x, y);
}

/**
 * Fills `out` (RGBA, `width × height`) with the level pixels starting at (`px0`, `py0`). Works a
 * row and a column at a time so a 512² tile costs a few milliseconds, not 262,144 calls.
 */
export function fillPatternRegion(
  level: number,
  px0: number,
  py0: number,
  width: number,
  height: number,
  out: Uint8Array | Uint8ClampedArray,
): void {
  const colKind = new Uint8Array(width);
  const colCell = new Uint32Array(width);
  for (let i = 0; i < width; i++) {
    colKind[i] = lineKind(level, px0 + i);
    colCell[i] = cellOf(level, px0 + i);
  }
  for (let j = 0; j < height; j++) {
    const rowKind = lineKind(level, py0 + j);
    const cy = cellOf(level, py0 + j);
    const g = cy % 256;
    let o = j * width * 4;
    for (let i = 0; i < width; i++, o += 4) {
      const k = Math.max(rowKind, colKind[i] ?? 0);
      if (k === 2 || k === 1) {
        const v = k === 2 ? LINE_MAJOR : LINE_MINOR;
        out[o] = v;
        out[o + 1] = v;
        out[o + 2] = v;
      } else {
        const cx = colCell[i] ?? 0;
        out[o] = cx % 256;
        out[o + 1] = g;
        out[o + 2] = (cx + cy) % 2 === 1 ? 224 : 32;
      }
      out[o + 3] = 255;
    }
  }
}
