import type { Rect } from '../types';

/**
 * Where a set of placed labels is valid: they were placed for every box of `region` at this
 * view, so while the zoom and viewport stay and the view stays inside `region`, a pan only
 * moves them all by the same amount — one transform on their layer instead of one per label.
 */
export interface LabelAnchor {
  centerX: number;
  centerY: number;
  zoom: number;
  width: number;
  height: number;
  region: Rect;
}

/** The image rectangle a view shows. */
export function viewRect(view: { centerX: number; centerY: number; zoom: number }, viewport: { width: number; height: number }): Rect {
  const width = viewport.width / view.zoom;
  const height = viewport.height / view.zoom;
  return { x: view.centerX - width / 2, y: view.centerY - height / 2, width, height };
}

function contains(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}

/** The label layer's offset in CSS px for `view`, or null when the labels must be placed again. */
export function anchorOffset(
  anchor: LabelAnchor,
  view: { centerX: number; centerY: number; zoom: number },
  viewport: { width: number; height: number },
): { x: number; y: number } | null {
  if (view.zoom !== anchor.zoom || viewport.width !== anchor.width || viewport.height !== anchor.height) return null;
  if (!contains(anchor.region, viewRect(view, viewport))) return null;
  return { x: (anchor.centerX - view.centerX) * view.zoom, y: (anchor.centerY - view.centerY) * view.zoom };
}

/** Whether an image-space box meets `rect`. */
export function meetsRect(rect: Rect, x: number, y: number, width: number, height: number): boolean {
  return x < rect.x + rect.width && x + width > rect.x && y < rect.y + rect.height && y + height > rect.y;
}
