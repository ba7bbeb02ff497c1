/**
 * Polygon outlines in the box map (far zooms, see boxMapRaster.ts): each edge drawn one map
 * pixel wide with a DDA walk, so that a view of thousands of polygons costs one textured quad
 * instead of hundreds of thousands of GL lines (SwiftShader spent ~100 ms a frame on 320,000).
 */

/** Draws the closed outline of `points` (image px) into the map with value `c`. */
export function rasterizePolygonOutline(
  out: Uint8Array,
  width: number,
  height: number,
  scale: number,
  points: readonly number[],
  c: number,
): void {
  const n = points.length >> 1;
  const maxX = width - 1;
  const maxY = height - 1;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = points[2 * i]! * scale;
    const ay = points[2 * i + 1]! * scale;
    const dx = points[2 * j]! * scale - ax;
    const dy = points[2 * j + 1]! * scale - ay;
    const steps = Math.ceil(Math.max(Math.abs(dx), Math.abs(dy)));
    const k = steps > 0 ? 1 / steps : 0;
    for (let t = 0; t <= steps; t++) {
      let x = Math.floor(ax + dx * t * k);
      let y = Math.floor(ay + dy * t * k);
      x = x < 0 ? 0 : x > maxX ? maxX : x;
      y = y < 0 ? 0 : y > maxY ? maxY : y;
      out[y * width + x] = c;
    }
  }
}
