/**
 * Ear-clipping triangulation of a simple polygon (flat [x0, y0, …], either winding), for the
 * fill of the selected polygon. O(n²) at worst: callers keep it to the few polygons the
 * overlay fills. A self-intersecting polygon gets what ears can be found (possibly fewer
 * triangles than n − 2); nothing throws.
 */
import { doubleArea } from './polygonGeometry';

/** Vertex index triples, three per triangle. */
export function triangulate(points: readonly number[]): number[] {
  const n = points.length >> 1;
  if (n < 3) return [];
  const ccw = doubleArea(points) > 0;
  const idx: number[] = [];
  for (let i = 0; i < n; i++) idx.push(i);
  const out: number[] = [];
  const x = (i: number) => points[2 * i]!;
  const y = (i: number) => points[2 * i + 1]!;
  // Cross product sign of (b - a) × (c - b), oriented so that a convex corner is positive.
  const convex = (a: number, b: number, c: number) => {
    const cross = (x(b) - x(a)) * (y(c) - y(b)) - (y(b) - y(a)) * (x(c) - x(b));
    return ccw ? cross > 0 : cross < 0;
  };
  const inTriangle = (p: number, a: number, b: number, c: number) => {
    const s1 = (x(b) - x(a)) * (y(p) - y(a)) - (y(b) - y(a)) * (x(p) - x(a));
    const s2 = (x(c) - x(b)) * (y(p) - y(b)) - (y(c) - y(b)) * (x(p) - x(b));
    const s3 = (x(a) - x(c)) * (y(p) - y(c)) - (y(a) - y(c)) * (x(p) - x(c));
    return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
  };
  let guard = 0;
  let i = 0;
  while (idx.length > 3 && guard < 2 * n * n) {
    guard += 1;
    const m = idx.length;
    const a = idx[(i + m - 1) % m]!;
    const b = idx[i % m]!;
    const c = idx[(i + 1) % m]!;
    let ear = convex(a, b, c);
    for (let k = 0; ear && k < m; k++) {
      const p = idx[k]!;
      if (p !== a && p !== b && p !== c && inTriangle(p, a, b, c)) ear = false;
    }
    if (ear) {
      out.push(a, b, c);
      idx.splice(i % m, 1);
    } else {
      i += 1;
    }
  }
  if (idx.length === 3) out.push(idx[0]!, idx[1]!, idx[2]!);
  return out;
}
