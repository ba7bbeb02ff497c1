/**
 * Pure polygon geometry on flat point arrays ([x0, y0, x1, y1, …], image px): bounds, moves,
 * scaling and area. Shared by the commands (a polygon's box is its bounding box) and the tools.
 */
import type { Rect, Size, Vec2 } from '../types';

/** The bounding box of `points` (a zero rect at the origin for none). */
export function pointsBounds(points: readonly number[]): Rect {
  const n = points.length >> 1;
  if (n === 0) return { x: 0, y: 0, width: 0, height: 0 };
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = points[2 * i]!;
    const y = points[2 * i + 1]!;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** `points` moved by (`dx`, `dy`), as a new array. */
export function translatePoints(points: readonly number[], dx: number, dy: number): number[] {
  const out = new Array<number>(points.length);
  for (let i = 0; i < points.length; i += 2) {
    out[i] = points[i]! + dx;
    out[i + 1] = points[i + 1]! + dy;
  }
  return out;
}

/**
 * `points` mapped from the rectangle `from` onto `to` (each axis scaled about its own origin);
 * an axis with no extent keeps its offset.
 */
export function scalePoints(points: readonly number[], from: Rect, to: Rect): number[] {
  const sx = from.width > 0 ? to.width / from.width : 1;
  const sy = from.height > 0 ? to.height / from.height : 1;
  const out = new Array<number>(points.length);
  for (let i = 0; i < points.length; i += 2) {
    out[i] = to.x + (points[i]! - from.x) * sx;
    out[i + 1] = to.y + (points[i + 1]! - from.y) * sy;
  }
  return out;
}

/** A point clamped inside the image. */
export function clampToImage(p: Vec2, image: Size): Vec2 {
  return { x: Math.min(image.width, Math.max(0, p.x)), y: Math.min(image.height, Math.max(0, p.y)) };
}

/** Twice the signed area (shoelace); 0 for a degenerate polygon. */
export function doubleArea(points: readonly number[]): number {
  const n = points.length >> 1;
  let a = 0;
  for (let i = 0, j = n - 1; i < n; j = i++)
    a += points[2 * j]! * points[2 * i + 1]! - points[2 * i]! * points[2 * j + 1]!;
  return a;
}

/**
 * `points` fitted to `rect`: unchanged when their bounding box already is `rect`, else mapped
 * onto it (a tool that moved or resized a polygon's box in a preview moves its points with it).
 */
export function fitPoints(points: readonly number[], rect: Rect): number[] {
  const b = pointsBounds(points);
  if (b.x === rect.x && b.y === rect.y && b.width === rect.width && b.height === rect.height) return points.slice();
  return scalePoints(points, b, rect);
}
