import { TAG_HEIGHT } from './labelAtlas';

/** Limits for showing label names: only when few boxes are in view and each is big enough. */
export interface LabelLimits {
  /** Most boxes in view for names to show; beyond it none are (a wall of text helps nobody). */
  maxLabels: number;
  /** Smallest on-screen box width, in CSS px, that gets a name. */
  minScreenWidth: number;
}

export const DEFAULT_LABEL_LIMITS: LabelLimits = { maxLabels: 200, minScreenWidth: 48 };

/**
 * Where a box's name tag goes, in CSS px from the canvas's top left: at the box's left edge,
 * just above its top edge (inside the box when that edge is within a tag's height of the canvas
 * top), snapped to device pixels. The label shader (shaders/label.vert.glsl) computes the same;
 * tests use this to know where to look.
 */
export function labelTagTopLeft(
  box: { x: number; y: number },
  view: { centerX: number; centerY: number; zoom: number },
  viewport: { width: number; height: number; dpr: number },
): { x: number; y: number } {
  const x = (box.x - view.centerX) * view.zoom + viewport.width / 2;
  let y = (box.y - view.centerY) * view.zoom + viewport.height / 2;
  if (y >= TAG_HEIGHT) y -= TAG_HEIGHT;
  const snap = (v: number) => Math.floor(v * viewport.dpr + 0.5) / viewport.dpr;
  return { x: snap(x), y: snap(y) };
}
