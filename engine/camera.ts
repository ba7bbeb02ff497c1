/**
 * Camera math: pure functions over the {@link View} (image point at the canvas centre + zoom in
 * CSS px per image px) and the {@link Viewport} (canvas size in CSS px + device pixel ratio).
 * Rotation-free. All positions are CSS pixels on screen and image pixels in the image; device
 * pixels only matter for choosing the pyramid level (see {@link deviceZoom}) and the GPU
 * backbuffer size, which the renderer derives as `viewport.width * viewport.dpr`.
 */
import type { Rect, Size, Vec2, View, Viewport } from './types';

/** Inclusive zoom range, in CSS px per image px. */
export interface ZoomLimits {
  min: number;
  max: number;
}

/** The largest zoom the camera allows by default: 32 CSS px per image px (3200 %). */
export const MAX_ZOOM = 32;

/** Maps an image point to a screen point (CSS px from the canvas top left). */
export function imageToScreen(view: View, viewport: Viewport, p: Vec2): Vec2 {
  return {
    x: (p.x - view.centerX) * view.zoom + viewport.width / 2,
    y: (p.y - view.centerY) * view.zoom + viewport.height / 2,
  };
}

/** Maps a screen point (CSS px) to the image point under it; inverse of {@link imageToScreen}. */
export function screenToImage(view: View, viewport: Viewport, p: Vec2): Vec2 {
  return {
    x: (p.x - viewport.width / 2) / view.zoom + view.centerX,
    y: (p.y - viewport.height / 2) / view.zoom + view.centerY,
  };
}

/** `zoom` limited to `limits` (the lower bound wins if the limits are inverted). */
export function clampZoom(zoom: number, limits: ZoomLimits): number {
  return Math.max(limits.min, Math.min(limits.max, zoom));
}

/**
 * The zoom at which the whole image fits the viewport with `padding` CSS px on every side
 * (the padding shrinks to at most a third of the viewport so that a tiny canvas still fits).
 */
export function fitZoom(image: Size, viewport: Viewport, padding = 0): number {
  const pad = Math.max(0, Math.min(padding, viewport.width / 3, viewport.height / 3));
  const zx = (viewport.width - 2 * pad) / Math.max(image.width, 1);
  const zy = (viewport.height - 2 * pad) / Math.max(image.height, 1);
  return Math.max(Math.min(zx, zy), Number.MIN_VALUE);
}

/** The view that centres the image and fits it to the viewport (see {@link fitZoom}). */
export function fitView(image: Size, viewport: Viewport, padding = 0): View {
  return { centerX: image.width / 2, centerY: image.height / 2, zoom: fitZoom(image, viewport, padding) };
}

/**
 * Default zoom limits for an image in a viewport:
 * - min = min(fit / 2, 1): one can zoom out to half the fitted size (so the whole image is
 *   comfortably in view with room around it), and always down to 100 % for images smaller
 *   than the canvas;
 * - max = max(maxZoom, fit): 32 CSS px per image px by default — far past the point where a
 *   label needs checking — but never below the fit zoom of a tiny image.
 */
export function zoomLimitsFor(image: Size, viewport: Viewport, maxZoom = MAX_ZOOM, padding = 0): ZoomLimits {
  const fit = fitZoom(image, viewport, padding);
  return { min: Math.min(fit / 2, 1), max: Math.max(maxZoom, fit) };
}

/**
 * Multiplies the zoom by `factor` (clamped to `limits`) while keeping the image point under
 * `screenPoint` fixed on screen — the cursor-anchored zoom of maps.
 */
export function zoomAbout(view: View, viewport: Viewport, screenPoint: Vec2, factor: number, limits: ZoomLimits): View {
  const zoom = clampZoom(view.zoom * factor, limits);
  const anchor = screenToImage(view, viewport, screenPoint);
  return {
    centerX: anchor.x - (screenPoint.x - viewport.width / 2) / zoom,
    centerY: anchor.y - (screenPoint.y - viewport.height / 2) / zoom,
    zoom,
  };
}

/** Moves the view so that the image follows a pointer drag of (`dx`, `dy`) CSS px. */
export function panBy(view: View, dx: number, dy: number): View {
  return { centerX: view.centerX - dx / view.zoom, centerY: view.centerY - dy / view.zoom, zoom: view.zoom };
}

/** The image rectangle the viewport shows (not clipped to the image). */
export function visibleImageRect(view: View, viewport: Viewport): Rect {
  const width = viewport.width / view.zoom;
  const height = viewport.height / view.zoom;
  return { x: view.centerX - width / 2, y: view.centerY - height / 2, width, height };
}

/** The view that shows `rect` (image px) as large as fits, centred, within `limits`. */
export function viewForRect(rect: Rect, viewport: Viewport, limits: ZoomLimits): View {
  const zoom = clampZoom(
    Math.min(viewport.width / Math.max(rect.width, 1e-9), viewport.height / Math.max(rect.height, 1e-9)),
    limits,
  );
  return { centerX: rect.x + rect.width / 2, centerY: rect.y + rect.height / 2, zoom };
}

/**
 * Keeps a view usable: the zoom within `limits` and the centre on the image, so that panning can
 * never lose the image entirely (at least a quarter of the viewport still shows it).
 */
export function constrainView(view: View, image: Size, limits: ZoomLimits): View {
  const zoom = clampZoom(view.zoom, limits);
  const centerX = Math.max(0, Math.min(image.width, view.centerX));
  const centerY = Math.max(0, Math.min(image.height, view.centerY));
  if (zoom === view.zoom && centerX === view.centerX && centerY === view.centerY) return view;
  return { centerX, centerY, zoom };
}

/**
 * The 3×3 column-major matrix taking image pixels (x, y, 1) to WebGL clip space (y up), for
 * uniforms. Writes into `out` when given, so the frame loop allocates nothing. Precision note:
 * as float32 this loses sub-pixel accuracy far from the origin of a 100k px image; shaders that
 * need it split the centre into high and low parts instead (see shaders/box.vert.glsl).
 */
export function imageToClipMatrix(view: View, viewport: Viewport, out = new Float32Array(9)): Float32Array {
  const sx = (2 * view.zoom) / viewport.width;
  const sy = (-2 * view.zoom) / viewport.height;
  out[0] = sx;
  out[1] = 0;
  out[2] = 0;
  out[3] = 0;
  out[4] = sy;
  out[5] = 0;
  out[6] = -view.centerX * sx;
  out[7] = -view.centerY * sy;
  out[8] = 1;
  return out;
}
