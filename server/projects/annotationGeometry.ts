import { POLYGON_VERTICES_MAX, POLYGON_VERTICES_MIN, type AnnotationWrite } from '../../contract/apiAnnotations';
import { V } from '../../contract/validation';
import { ApiError } from '../http/ApiError';
import { boxProblem } from './boxCheck';

/** What an annotation stores besides its label: the geometry columns and the polygon's points. */
export interface StoredGeometry {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Polygons: JSON of the points; else null. */
  data: string | null;
}

const WHOLE_IMAGE: StoredGeometry = { x: 0, y: 0, width: 0, height: 0, data: null };

/**
 * Why `points` cannot be a polygon on a `width` × `height` image, or null when they can: pairs of
 * coordinates, POLYGON_VERTICES_MIN..MAX vertices, each inside the image (edges included).
 */
export function polygonProblem(points: readonly number[], width: number, height: number): string | null {
  if (points.length % 2 !== 0) return 'has an odd number of coordinates';
  const vertices = points.length / 2;
  if (vertices < POLYGON_VERTICES_MIN || vertices > POLYGON_VERTICES_MAX) return 'has too few or too many vertices';
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i]!;
    const y = points[i + 1]!;
    if (!(x >= 0 && y >= 0 && x <= width && y <= height)) return 'has a vertex outside the image';
  }
  return null;
}

/** The bounding box of flat [x0, y0, x1, y1, …] points. */
export function boundsOf(points: readonly number[]): { x: number; y: number; width: number; height: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i]!;
    const y = points[i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/**
 * The columns to store for `a` on an image of `width` × `height` px, or a 400 naming `field`:
 * a box must fit the image and be at least MIN_BOX_SIDE a side (`box_invalid`); a polygon's
 * vertices must lie inside the image, and its box is computed here, whatever the client sent
 * (`polygon_invalid`); a class covers the whole image (geometry 0). Only polygons carry points.
 */
export function storedGeometry(
  a: AnnotationWrite,
  width: number,
  height: number,
  field: string,
  pointsField = `${field}.points`,
): StoredGeometry {
  if (a.kind !== 'polygon' && a.points !== undefined) {
    throw new ApiError('validation', `Only polygons have points (${pointsField}).`, {
      fields: { [pointsField]: V.invalid },
    });
  }
  if (a.kind === 'class') return WHOLE_IMAGE;
  if (a.kind === 'box') {
    const problem = boxProblem(a, width, height);
    if (problem) {
      const what = problem === 'box_too_small' ? 'is smaller than the smallest box' : 'lies outside the image';
      throw new ApiError('box_invalid', `${field} ${what}.`, { fields: { [field]: V.invalid } });
    }
    return { x: a.x, y: a.y, width: a.width, height: a.height, data: null };
  }
  const points = a.points ?? [];
  const problem = points.length === 0 ? 'has no points' : polygonProblem(points, width, height);
  if (problem) throw new ApiError('polygon_invalid', `${field} ${problem}.`, { fields: { [field]: V.invalid } });
  return { ...boundsOf(points), data: JSON.stringify(points) };
}
