/**
 * Moving the camera to the selection: pan a box into view (Tab order) and frame the selection
 * with a margin (zoom to selection). Pure over the camera and store the core owns.
 */
import type { CameraController } from './CameraController';
import { unionRect } from './tools/geometry';
import type { Rect } from './types';

/** Centres the view on `box` when it is not wholly visible; the zoom stays. */
export function revealBox(camera: CameraController, box: Rect): void {
  const { view, viewport } = camera;
  const halfW = viewport.width / 2 / view.zoom;
  const halfH = viewport.height / 2 / view.zoom;
  const inView =
    box.x >= view.centerX - halfW &&
    box.y >= view.centerY - halfH &&
    box.x + box.width <= view.centerX + halfW &&
    box.y + box.height <= view.centerY + halfH;
  if (!inView) camera.setView({ ...view, centerX: box.x + box.width / 2, centerY: box.y + box.height / 2 });
}

/**
 * Fits `rects` in the view with a margin of a quarter of their size on each side (no change for
 * none); the zoom stays within the zoom limits.
 */
export function frameRects(camera: CameraController, rects: readonly Rect[]): void {
  const bounds = unionRect(rects);
  if (!bounds) return;
  const mx = bounds.width / 4;
  const my = bounds.height / 4;
  camera.zoomToRect({
    x: bounds.x - mx,
    y: bounds.y - my,
    width: bounds.width + 2 * mx,
    height: bounds.height + 2 * my,
  });
}
