/**
 * The camera state of one canvas: view, viewport, image size and zoom limits, with the
 * operations the engine exposes (set, zoom about a point, fit, pan, wheel, resize). Every
 * change is constrained (zoom limits, centre on the image) and reported once via `onChange`.
 * The math lives in camera.ts; this class only holds state.
 */
import {
  constrainView,
  fitView,
  panBy,
  screenToImage,
  viewForRect,
  zoomAbout,
  zoomLimitsFor,
  type ZoomLimits,
} from './camera';
import type { Rect, Size, Vec2, View, Viewport } from './types';

/** Zoom factor per pixel of wheel delta: 100 px of wheel ≈ ×0.82 (out) or ×1.22 (in). */
export const WHEEL_ZOOM_PER_PX = 0.002;

/** Fit padding and zoom ceiling of a {@link CameraController}. */
export interface CameraOptions {
  /** CSS px kept around the image by fit() (default 16). */
  fitPadding?: number;
  /** Largest zoom (default 32, see camera.zoomLimitsFor). */
  maxZoom?: number;
}

/** Constrained camera state with change notification. */
export class CameraController {
  private currentView: View;
  private currentViewport: Viewport;
  private image: Size;
  private zoomRange: ZoomLimits;
  private readonly fitPadding: number;
  private readonly maxZoom: number;

  /** Starts fitted to the image; `onChange` runs after every effective change. */
  constructor(
    image: Size,
    viewport: Viewport,
    options: CameraOptions,
    private readonly onChange: (view: View) => void,
  ) {
    this.fitPadding = options.fitPadding ?? 16;
    this.maxZoom = options.maxZoom ?? 32;
    this.image = { ...image };
    this.currentViewport = { ...viewport };
    this.zoomRange = zoomLimitsFor(this.image, this.currentViewport, this.maxZoom, this.fitPadding);
    this.currentView = fitView(this.image, this.currentViewport, this.fitPadding);
  }

  get view(): View {
    return this.currentView;
  }

  get viewport(): Viewport {
    return this.currentViewport;
  }

  get imageSize(): Size {
    return this.image;
  }

  get limits(): ZoomLimits {
    return this.zoomRange;
  }

  /** The image point under a screen point. */
  toImage(p: Vec2): Vec2 {
    return screenToImage(this.currentView, this.currentViewport, p);
  }

  setView(view: View): void {
    const next = constrainView(view, this.image, this.zoomRange);
    const v = this.currentView;
    if (next.centerX === v.centerX && next.centerY === v.centerY && next.zoom === v.zoom) return;
    this.currentView = { ...next };
    this.onChange(this.currentView);
  }

  zoomAbout(screenPoint: Vec2, factor: number): void {
    this.setView(zoomAbout(this.currentView, this.currentViewport, screenPoint, factor, this.zoomRange));
  }

  zoomTo(
    zoom: number,
    screenPoint: Vec2 = { x: this.currentViewport.width / 2, y: this.currentViewport.height / 2 },
  ): void {
    this.zoomAbout(screenPoint, zoom / this.currentView.zoom);
  }

  zoomToRect(rect: Rect): void {
    this.setView(viewForRect(rect, this.currentViewport, this.zoomRange));
  }

  fit(): void {
    this.setView(fitView(this.image, this.currentViewport, this.fitPadding));
  }

  panBy(dx: number, dy: number): void {
    this.setView(panBy(this.currentView, dx, dy));
  }

  wheel(screenPoint: Vec2, deltaY: number): void {
    this.zoomAbout(screenPoint, Math.exp(-deltaY * WHEEL_ZOOM_PER_PX));
  }

  /** A resized canvas (or another dpr): keeps centre and zoom; always reports a change. */
  setViewport(viewport: Viewport): void {
    this.currentViewport = { ...viewport };
    this.zoomRange = zoomLimitsFor(this.image, this.currentViewport, this.maxZoom, this.fitPadding);
    this.currentView = { ...constrainView(this.currentView, this.image, this.zoomRange) };
    this.onChange(this.currentView);
  }

  /** Another image: new limits and a fitted view (always reports a change). */
  setImageSize(size: Size): void {
    this.image = { ...size };
    this.zoomRange = zoomLimitsFor(this.image, this.currentViewport, this.maxZoom, this.fitPadding);
    this.currentView = fitView(this.image, this.currentViewport, this.fitPadding);
    this.onChange(this.currentView);
  }
}
