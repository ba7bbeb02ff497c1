/**
 * The CPU side of the box map (map-style level of detail): every box drawn into one small
 * one-byte-per-pixel image aligned with the image, `scale` map pixels per image pixel, as a
 * one-pixel outline (a dot when it covers a single map pixel). A pixel holds the label index
 * + 1 (0 = no box); the shader looks the colour up in a palette.
 */
import { rasterizePolygonOutline } from './polygonMapRaster';

/** Longest side of the box map in pixels (4 MiB at most). */
export const BOX_MAP_MAX_SIDE = 2048;

/**
 * The map scale for a zoom: a power of two, preferably the smallest ≥ `deviceZoom` (map pixels
 * no larger than a device pixel), else the one below (up to two device pixels a map pixel:
 * slightly soft, still far sharper than boxes of a pixel or two need); 0 when even that map
 * would exceed {@link BOX_MAP_MAX_SIDE} — then boxes must be drawn one by one.
 */
export function boxMapScale(deviceZoom: number, imageWidth: number, imageHeight: number): number {
  if (!(deviceZoom > 0)) return 0;
  const side = Math.max(imageWidth, imageHeight);
  const up = 2 ** Math.ceil(Math.log2(deviceZoom));
  if (Math.ceil(side * up) <= BOX_MAP_MAX_SIDE) return up;
  const down = up / 2;
  return down >= deviceZoom / 2 && Math.ceil(side * down) <= BOX_MAP_MAX_SIDE ? down : 0;
}

/**
 * Draws slots [0, count) into `out` (`width` × `height` bytes, cleared first). `rects` holds
 * x, y, w, h per slot; `labels` the label index (-1: free slot, skipped; labels above 254
 * share the last palette entry).
 */
export function rasterizeBoxMap(
  out: Uint8Array,
  width: number,
  height: number,
  scale: number,
  rects: Float32Array,
  labels: Int32Array,
  count: number,
): void {
  out.fill(0);
  rasterizeBoxRange(out, width, height, scale, rects, labels, 0, count);
}

/**
 * Draws slots [from, to) into `out` without clearing it. Later slots overwrite earlier ones
 * where they cross, so drawing [0, n) as consecutive ranges in order gives exactly the pixels
 * of one {@link rasterizeBoxMap} call: that is what lets the map be built a chunk per frame.
 * Slots where `shapes` is 1 are polygons: their outlines are drawn from `pointsOf` (skipped
 * without it).
 */
export function rasterizeBoxRange(
  out: Uint8Array,
  width: number,
  height: number,
  scale: number,
  rects: Float32Array,
  labels: Int32Array,
  from: number,
  to: number,
  shapes?: Uint8Array,
  pointsOf?: (slot: number) => readonly number[] | undefined,
): void {
  const maxX = width - 1;
  const maxY = height - 1;
  for (let s = from; s < to; s++) {
    const label = labels[s]!;
    if (label < 0) continue;
    const c = label < 254 ? label + 1 : 255;
    if (shapes?.[s] === 1) {
      const points = pointsOf?.(s);
      if (points) rasterizePolygonOutline(out, width, height, scale, points, c);
      continue;
    }
    const x = rects[4 * s]!;
    const y = rects[4 * s + 1]!;
    let x0 = Math.floor(x * scale);
    let y0 = Math.floor(y * scale);
    let x1 = Math.floor((x + rects[4 * s + 2]!) * scale);
    let y1 = Math.floor((y + rects[4 * s + 3]!) * scale);
    x0 = x0 < 0 ? 0 : x0 > maxX ? maxX : x0;
    y0 = y0 < 0 ? 0 : y0 > maxY ? maxY : y0;
    x1 = x1 < 0 ? 0 : x1 > maxX ? maxX : x1;
    y1 = y1 < 0 ? 0 : y1 > maxY ? maxY : y1;
    if (x1 - x0 <= 1 && y1 - y0 <= 1) {
      out[y0 * width + x0] = c;
      continue;
    }
    const top = y0 * width;
    const bottom = y1 * width;
    out.fill(c, top + x0, top + x1 + 1);
    out.fill(c, bottom + x0, bottom + x1 + 1);
    for (let j = y0 + 1; j < y1; j++) {
      out[j * width + x0] = c;
      out[j * width + x1] = c;
    }
  }
}
