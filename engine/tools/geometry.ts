/**
 * Pure box geometry of the editing tools: drawing, clamping, moving and resizing boxes within
 * the image, with the minimum box size of the spec.
 */
import { MIN_BOX_SIZE, type EngineErrorCode, type Rect, type Size, type Vec2 } from '../types';
import type { ResizeHandle } from '../spatial/handles';

/** The rectangle spanned by two corner points. */
export function rectFromPoints(a: Vec2, b: Vec2): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/** The overlap of two rectangles, or null when they share no area. */
export function intersectRect(a: Rect, b: Rect): Rect | null {
  const x0 = Math.max(a.x, b.x);
  const y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.width, b.x + b.width);
  const y1 = Math.min(a.y + a.height, b.y + b.height);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/** The smallest rectangle containing all of `rects` (null for none). */
export function unionRect(rects: Iterable<Rect>): Rect | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const r of rects) {
    x0 = Math.min(x0, r.x);
    y0 = Math.min(y0, r.y);
    x1 = Math.max(x1, r.x + r.width);
    y1 = Math.max(y1, r.y + r.height);
  }
  return x1 >= x0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/**
 * The box drawn from corner `a` to corner `b` (image px), clamped to the image; or the reason
 * it is rejected: 'box_outside_image' when it has no area inside the image, 'box_too_small'
 * when what remains is under `minSize` on either side.
 */
export function boxFromCorners(
  a: Vec2,
  b: Vec2,
  image: Size,
  minSize = MIN_BOX_SIZE,
): { rect: Rect } | { error: EngineErrorCode } {
  const drawn = rectFromPoints(a, b);
  const inside = intersectRect(drawn, { x: 0, y: 0, width: image.width, height: image.height });
  if (!inside) {
    // A degenerate (click-sized) box inside the image is too small, not outside.
    const onImage = drawn.x >= 0 && drawn.y >= 0 && drawn.x <= image.width && drawn.y <= image.height;
    return { error: onImage ? 'box_too_small' : 'box_outside_image' };
  }
  if (inside.width < minSize || inside.height < minSize) return { error: 'box_too_small' };
  return { rect: inside };
}

/**
 * Limits a move of `bounds` (the union of the moving boxes) by (`dx`, `dy`) so that it stays
 * inside the image. Boxes larger than the image are left where they are on that axis.
 */
export function clampMove(bounds: Rect, dx: number, dy: number, image: Size): Vec2 {
  const clampAxis = (d: number, start: number, size: number, limit: number) => {
    const lo = -start;
    const hi = limit - (start + size);
    return lo > hi ? 0 : Math.min(hi, Math.max(lo, d));
  };
  return {
    x: clampAxis(dx, bounds.x, bounds.width, image.width),
    y: clampAxis(dy, bounds.y, bounds.height, image.height),
  };
}

/**
 * `rect` resized by dragging `handle` by (`dx`, `dy`) image px: the handle's edges move, the
 * opposite edges stay; edges stop at the image border and at `minSize` from the opposite edge
 * (no flipping through it).
 */
export function resizeRect(
  rect: Rect,
  handle: ResizeHandle,
  dx: number,
  dy: number,
  image: Size,
  minSize = MIN_BOX_SIZE,
): Rect {
  let x0 = rect.x;
  let y0 = rect.y;
  let x1 = rect.x + rect.width;
  let y1 = rect.y + rect.height;
  if (handle.includes('w')) x0 = Math.max(0, Math.min(x0 + dx, x1 - minSize));
  if (handle.includes('e')) x1 = Math.min(image.width, Math.max(x1 + dx, x0 + minSize));
  if (handle.includes('n')) y0 = Math.max(0, Math.min(y0 + dy, y1 - minSize));
  if (handle.includes('s')) y1 = Math.min(image.height, Math.max(y1 + dy, y0 + minSize));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** The CSS cursor for a resize handle. */
export function resizeCursor(handle: ResizeHandle): 'ns-resize' | 'ew-resize' | 'nwse-resize' | 'nesw-resize' {
  if (handle === 'n' || handle === 's') return 'ns-resize';
  if (handle === 'e' || handle === 'w') return 'ew-resize';
  return handle === 'nw' || handle === 'se' ? 'nwse-resize' : 'nesw-resize';
}
