/**
 * Polygon geometry shared by dataset export and import: bounds, area, and the check that fits a
 * polygon read from a file to its image. Points are flat [x0, y0, x1, y1, …] image pixels.
 */
import { POLYGON_VERTICES_MAX, POLYGON_VERTICES_MIN } from '../apiAnnotations';

/**
 * How far a vertex may lie outside the image and still be kept, moved onto the edge: tools that
 * round or convert masks to polygons leave vertices a fraction of a pixel past the border, and a
 * box's whole-pixel corners tolerate the same half pixel.
 */
export const POLYGON_CLAMP_PX = 0.5;

export type PolygonProblem = 'polygon_invalid' | 'polygon_out_of_bounds';

export interface PolygonBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bounding box of `points` (at least one vertex). */
export function polygonBounds(points: readonly number[]): PolygonBounds {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i + 1 < points.length; i += 2) {
    const x = points[i] ?? 0;
    const y = points[i + 1] ?? 0;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** The enclosed area (shoelace formula), whatever the winding. */
export function polygonArea(points: readonly number[]): number {
  let twice = 0;
  const n = Math.floor(points.length / 2);
  for (let i = 0; i < n; i += 1) {
    const j = (i + 1) % n;
    twice += (points[2 * i] ?? 0) * (points[2 * j + 1] ?? 0) - (points[2 * j] ?? 0) * (points[2 * i + 1] ?? 0);
  }
  return Math.abs(twice) / 2;
}

/** A limit of `size` (null: not known yet, so only the lower edge is checked). */
function clampAxis(value: number, size: number | null): number | null {
  if (value < -POLYGON_CLAMP_PX || (size !== null && value > size + POLYGON_CLAMP_PX)) return null;
  if (value < 0) return 0;
  return size !== null && value > size ? size : value;
}

/**
 * The polygon as stored on an image of `width` × `height` px, or why it cannot be: it needs
 * POLYGON_VERTICES_MIN..MAX finite vertices (a closing vertex that repeats the first, as some
 * tools write rings, is dropped) lying inside the image; vertices up to POLYGON_CLAMP_PX outside
 * are moved onto the edge. A null size checks only what is known (the server checks again
 * against the decoded image).
 */
export function fitPolygon(
  points: readonly number[],
  width: number | null,
  height: number | null,
): { points: number[] } | { problem: PolygonProblem } {
  if (points.length % 2 !== 0 || !points.every(Number.isFinite)) return { problem: 'polygon_invalid' };
  let length = points.length;
  if (length >= 4 && points[0] === points[length - 2] && points[1] === points[length - 1]) length -= 2;
  const vertices = length / 2;
  if (vertices < POLYGON_VERTICES_MIN || vertices > POLYGON_VERTICES_MAX) return { problem: 'polygon_invalid' };
  const fitted = new Array<number>(length);
  for (let i = 0; i < length; i += 2) {
    const x = clampAxis(points[i] ?? 0, width);
    const y = clampAxis(points[i + 1] ?? 0, height);
    if (x === null || y === null) return { problem: 'polygon_out_of_bounds' };
    fitted[i] = x;
    fitted[i + 1] = y;
  }
  return { points: fitted };
}
