/**
 * Polygon hit tests on flat point arrays ([x0, y0, x1, y1, …], image px): inside (the store's
 * hit test, after the box index's bounding-box query), and the vertex and edge under the
 * pointer (polygon editing). Radii are image px (the caller converts from CSS px).
 */
import type { Vec2 } from '../types';

/**
 * Whether (`px`, `py`) is inside the polygon (even-odd rule; points on an edge may go either
 * way, which a click never notices).
 */
export function pointInPolygon(points: readonly number[], px: number, py: number): boolean {
  const n = points.length >> 1;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = points[2 * i]!;
    const yi = points[2 * i + 1]!;
    const xj = points[2 * j]!;
    const yj = points[2 * j + 1]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Index of the vertex nearest (`px`, `py`) within `radius` (a square hit area, like handles), or -1. */
export function vertexAt(points: readonly number[], px: number, py: number, radius: number): number {
  let best = -1;
  let bestDistance = Infinity;
  for (let i = 0; i < points.length >> 1; i++) {
    const d = Math.max(Math.abs(points[2 * i]! - px), Math.abs(points[2 * i + 1]! - py));
    if (d <= radius && d < bestDistance) {
      best = i;
      bestDistance = d;
    }
  }
  return best;
}

/** An edge hit: the edge from vertex `index` to the next one, and the nearest point on it. */
export interface EdgeHit {
  index: number;
  point: Vec2;
  distance: number;
}

/** The edge of the closed polygon nearest (`px`, `py`) within `radius`, or null. */
export function edgeAt(points: readonly number[], px: number, py: number, radius: number): EdgeHit | null {
  const n = points.length >> 1;
  let best: EdgeHit | null = null;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ax = points[2 * i]!;
    const ay = points[2 * i + 1]!;
    const bx = points[2 * j]!;
    const by = points[2 * j + 1]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
    const qx = ax + t * dx;
    const qy = ay + t * dy;
    const distance = Math.hypot(px - qx, py - qy);
    if (distance <= radius && (!best || distance < best.distance))
      best = { index: i, point: { x: qx, y: qy }, distance };
  }
  return best;
}

/**
 * Of the slots in `candidates` (boxes whose bounding box holds the point), the smallest-area
 * one that really contains (`px`, `py`): a polygon only where the point is inside it. Ties go
 * to the larger slot, as in the box index. `rects` holds x, y, width, height per slot;
 * `pointsOf` the slot's polygon, undefined for a box. -1 when none.
 */
export function smallestContaining(
  candidates: readonly number[],
  rects: Float32Array,
  pointsOf: (slot: number) => readonly number[] | undefined,
  px: number,
  py: number,
): number {
  let best = -1;
  let bestArea = Infinity;
  for (const slot of candidates) {
    const area = rects[4 * slot + 2]! * rects[4 * slot + 3]!;
    if (area > bestArea || (area === bestArea && slot < best)) continue;
    const points = pointsOf(slot);
    if (points && !pointInPolygon(points, px, py)) continue;
    best = slot;
    bestArea = area;
  }
  return best;
}
