import type { GalleryLayout } from './galleryLayout';

/**
 * The camera of the gallery: the world point at the canvas centre and the zoom (screen pixels per
 * cell). Kept out of React state: pointer moves change it many times a frame.
 */
export interface GalleryView {
  x: number;
  y: number;
  zoom: number;
}

export interface ViewportSize {
  width: number;
  height: number;
}

/** Largest zoom: a cell twice its 128 px atlas size. */
export const MAX_ZOOM = 256;

/** The view that shows the whole grid with a small margin. */
export function fitView(layout: GalleryLayout, size: ViewportSize): GalleryView {
  const zoom = Math.min(size.width / (layout.columns + 0.5), size.height / (layout.rows + 0.5));
  return { x: layout.columns / 2, y: -layout.rows / 2, zoom: Math.min(Math.max(zoom, 0.01), MAX_ZOOM) };
}

/** Smallest zoom: half the fitted one (further out shows nothing new). */
export function minZoom(layout: GalleryLayout, size: ViewportSize): number {
  return fitView(layout, size).zoom / 2;
}

/** Canvas pixel (origin top left) → world point. */
export function screenToWorld(view: GalleryView, size: ViewportSize, px: number, py: number): [number, number] {
  return [view.x + (px - size.width / 2) / view.zoom, view.y - (py - size.height / 2) / view.zoom];
}

/** World point → canvas pixel. */
export function worldToScreen(view: GalleryView, size: ViewportSize, wx: number, wy: number): [number, number] {
  return [(wx - view.x) * view.zoom + size.width / 2, (view.y - wy) * view.zoom + size.height / 2];
}

/** Zooms by `factor` keeping the world point under (px, py) where it is on screen. */
export function zoomAbout(
  view: GalleryView,
  size: ViewportSize,
  factor: number,
  px: number,
  py: number,
  limits: { min: number; max: number },
): GalleryView {
  const zoom = Math.min(Math.max(view.zoom * factor, limits.min), limits.max);
  const [wx, wy] = screenToWorld(view, size, px, py);
  return { zoom, x: wx - (px - size.width / 2) / zoom, y: wy + (py - size.height / 2) / zoom };
}

/** Moves the view by a screen-pixel drag. */
export function panBy(view: GalleryView, dx: number, dy: number): GalleryView {
  return { ...view, x: view.x - dx / view.zoom, y: view.y + dy / view.zoom };
}
