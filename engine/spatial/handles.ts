/**
 * Resize handles of a box: the four corners and the four edge midpoints. Hit-testing them is
 * done in image pixels with a radius the caller converts from screen pixels (radius_css / zoom),
 * so handles keep their on-screen size at every zoom.
 */
import type { HandleName, Rect, Vec2 } from '../types';

/** A handle that resizes (every handle but the body). */
export type ResizeHandle = Exclude<HandleName, 'body'>;

/** All resize handles; corners first, so that a corner wins a tie with an edge midpoint. */
export const RESIZE_HANDLES: readonly ResizeHandle[] = ['nw', 'ne', 'se', 'sw', 'n', 'e', 's', 'w'];

/** Hit radius of a handle in CSS pixels (the caller divides by the zoom). */
export const HANDLE_RADIUS_CSS = 6;

/** The image-pixel position of a handle of `rect`. */
export function handlePosition(rect: Rect, handle: ResizeHandle): Vec2 {
  const x = handle.includes('w') ? rect.x : handle.includes('e') ? rect.x + rect.width : rect.x + rect.width / 2;
  const y = handle.includes('n') ? rect.y : handle.includes('s') ? rect.y + rect.height : rect.y + rect.height / 2;
  return { x, y };
}

/**
 * The handle of `rect` nearest to (`px`, `py`) within `radius` (a square hit area of side
 * 2·radius around each handle), or null.
 */
export function handleAt(rect: Rect, px: number, py: number, radius: number): ResizeHandle | null {
  let best: ResizeHandle | null = null;
  let bestDistance = Infinity;
  for (const handle of RESIZE_HANDLES) {
    const p = handlePosition(rect, handle);
    const d = Math.max(Math.abs(p.x - px), Math.abs(p.y - py));
    if (d <= radius && d < bestDistance) {
      best = handle;
      bestDistance = d;
    }
  }
  return best;
}
