/**
 * The outline of a mask region as a polygon: its outer boundary followed along pixel edges
 * (so the polygon encloses exactly the region's pixels), then simplified with Douglas–Peucker.
 */

/** Edge-walking directions, clockwise on screen (y down): east, south, west, north. */
const DX = [1, 0, -1, 0] as const;
const DY = [0, 1, 0, -1] as const;

/**
 * The outer boundary of the 4-connected region of `mask` (1 = region) whose first pixel in
 * raster order is the region's topmost-leftmost, as pixel-corner coordinates `[x0, y0, x1, y1,
 * …]` (clockwise on screen, one vertex per turn). Empty when the mask is empty. Holes are
 * ignored: the walk keeps the region on its right.
 */
export function traceOuterBoundary(mask: Uint8Array, width: number, height: number): number[] {
  let start = -1;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] === 1) {
      start = i;
      break;
    }
  }
  if (start < 0) return [];
  const at = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x] === 1;
  const sx = start % width;
  const sy = (start / width) | 0;
  const points = [sx, sy];
  let cx = sx;
  let cy = sy;
  let d = 0;
  const limit = 4 * (mask.length + width + height);
  for (let step = 0; step < limit; step++) {
    cx += DX[d]!;
    cy += DY[d]!;
    // The two pixels ahead of the corner: ahead-left and ahead-right of the heading.
    const right = (d + 1) & 3;
    const left = (d + 3) & 3;
    const ax = cx + (DX[d]! + DX[right]! - 1) / 2;
    const ay = cy + (DY[d]! + DY[right]! - 1) / 2;
    const bx = cx + (DX[d]! + DX[left]! - 1) / 2;
    const by = cy + (DY[d]! + DY[left]! - 1) / 2;
    const aheadRight = at(ax, ay);
    const aheadLeft = at(bx, by);
    // 4-connectivity: a pixel touching only by a corner belongs to another region.
    const nd = !aheadRight ? right : aheadLeft ? left : d;
    if (cx === sx && cy === sy && nd === 0) break;
    if (nd !== d) points.push(cx, cy);
    d = nd;
  }
  return points;
}

/** Squared distance from (px, py) to the segment (ax, ay)–(bx, by). */
function segmentDistance2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}

/** Douglas–Peucker on the open chain of vertices from index `first` to `last` (inclusive); marks kept ones. */
function simplifyChain(points: readonly number[], first: number, last: number, eps2: number, keep: Uint8Array): void {
  const stack = [first, last];
  while (stack.length > 0) {
    const b = stack.pop()!;
    const a = stack.pop()!;
    let worst = -1;
    let worstD = eps2;
    for (let i = a + 1; i < b; i++) {
      const d = segmentDistance2(
        points[2 * i]!,
        points[2 * i + 1]!,
        points[2 * a]!,
        points[2 * a + 1]!,
        points[2 * b]!,
        points[2 * b + 1]!,
      );
      if (d > worstD) {
        worst = i;
        worstD = d;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push(a, worst, worst, b);
    }
  }
}

/**
 * Simplifies a closed polygon `[x0, y0, …]` with Douglas–Peucker at tolerance `epsilon`,
 * doubling the tolerance until at most `maxVertices` remain. The polygon is split at its
 * vertex farthest from the first so both halves are open chains.
 */
export function simplifyClosed(points: readonly number[], epsilon: number, maxVertices: number): number[] {
  const count = points.length / 2;
  if (count <= 3) return points.slice();
  let far = 0;
  let farD = -1;
  for (let i = 1; i < count; i++) {
    const dx = points[2 * i]! - points[0]!;
    const dy = points[2 * i + 1]! - points[1]!;
    if (dx * dx + dy * dy > farD) {
      far = i;
      farD = dx * dx + dy * dy;
    }
  }
  // The chain from `far` back to the start closes the ring: vertex `count` is vertex 0 again.
  const ring = [...points, points[0]!, points[1]!];
  for (let eps = epsilon; ; eps *= 2) {
    const keep = new Uint8Array(count + 1);
    keep[0] = 1;
    keep[far] = 1;
    simplifyChain(ring, 0, far, eps * eps, keep);
    simplifyChain(ring, far, count, eps * eps, keep);
    const out: number[] = [];
    for (let i = 0; i < count; i++) if (keep[i] === 1) out.push(points[2 * i]!, points[2 * i + 1]!);
    if (out.length / 2 <= maxVertices || eps > 1e6) return out;
  }
}
