import type { LabelItem } from './LabelOverlay';

/** Limits for showing label names: only when few boxes are in view and each is big enough. */
export interface LabelLimits {
  /** Most labels shown; when more boxes are in view, none are (a wall of text helps nobody). */
  maxLabels: number;
  /** Smallest on-screen box width, in CSS px, that gets a label. */
  minScreenWidth: number;
}

export const DEFAULT_LABEL_LIMITS: LabelLimits = { maxLabels: 200, minScreenWidth: 48 };

/**
 * Chooses the labels to show for the boxes in view: none if more than `maxLabels` boxes are in
 * view; else one per box whose on-screen width reaches `minScreenWidth`, at the box's top-left
 * corner in CSS px. `boxes` yields x, y, width, label index per box in view (image px).
 */
export function placeLabels(
  inView: ReadonlyArray<{ x: number; y: number; width: number; label: number }>,
  view: { centerX: number; centerY: number; zoom: number },
  viewport: { width: number; height: number },
  classes: ReadonlyArray<{ name: string; color: string }>,
  limits: LabelLimits = DEFAULT_LABEL_LIMITS,
): LabelItem[] {
  if (inView.length > limits.maxLabels) return [];
  const out: LabelItem[] = [];
  for (const b of inView) {
    if (b.width * view.zoom < limits.minScreenWidth) continue;
    const cls = classes[b.label];
    if (!cls) continue;
    out.push({
      text: cls.name,
      color: cls.color,
      x: (b.x - view.centerX) * view.zoom + viewport.width / 2,
      y: (b.y - view.centerY) * view.zoom + viewport.height / 2,
    });
  }
  return out;
}

/** '#rrggbb' or '#rgb' (optionally with alpha) → RGBA bytes; anything else is mid grey. */
export function parseHexColor(color: string): [number, number, number, number] {
  const m = /^#([0-9a-f]{3,8})$/i.exec(color.trim());
  const hex = m?.[1] ?? '';
  const full = hex.length === 3 || hex.length === 4 ? [...hex].map((c) => c + c).join('') : hex;
  if (full.length !== 6 && full.length !== 8) return [128, 128, 128, 255];
  const n = (i: number) => parseInt(full.slice(i, i + 2), 16);
  return [n(0), n(2), n(4), full.length === 8 ? n(6) : 255];
}
