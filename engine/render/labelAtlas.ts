import { textColorOn } from '../../contract/color';
import type { LabelClass } from '../types';

/** Tag height in CSS px (one line of 11 px text). */
const TAG_HEIGHT = 16;
/** Widest tag in CSS px; longer names end in an ellipsis. */
const TAG_MAX_WIDTH = 160;
/** Text inset on each side, CSS px. */
const TAG_PADDING = 4;
/** Tag font without its family (weight and size, CSS px). */
const TAG_FONT = '600 11px';
/** Font family of the tags when the engine's user names none. */
export const DEFAULT_LABEL_FONT = 'system-ui, sans-serif';

/** The CSS font of the tags in `family`. */
export function tagFont(family: string): string {
  return `${TAG_FONT} ${family}`;
}
/** Atlas width in device px; rows of tags stack below each other. */
const ATLAS_WIDTH = 2048;
/** Gap between cells, device px (no bleeding between neighbours). */
const GAP = 1;

/** A tag's place in the atlas, device px. */
export interface AtlasCell {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Shelf packing of tags of equal height: left to right, a new row when the next one does not
 * fit. Pure (node-tested); `widths` and `height` in device px.
 */
export function layoutCells(
  widths: readonly number[],
  height: number,
  atlasWidth = ATLAS_WIDTH,
): { cells: AtlasCell[]; width: number; height: number } {
  const cells: AtlasCell[] = [];
  let x = 0;
  let y = 0;
  for (const w of widths) {
    const width = Math.min(atlasWidth, Math.max(1, Math.ceil(w)));
    if (x > 0 && x + width > atlasWidth) {
      x = 0;
      y += height + GAP;
    }
    cells.push({ x, y, width, height });
    x += width + GAP;
  }
  return { cells, width: atlasWidth, height: Math.max(1, y + height) };
}

/** The text that fits `maxWidth` as measured by `measure`, with an ellipsis when cut. */
export function fitText(text: string, maxWidth: number, measure: (s: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  // Longest prefix that fits with the ellipsis (binary search: names can be long).
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${chars.slice(0, mid).join('')}…`) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('')}…`;
}

/** The atlas image and where each label's tag is in it (index = label index). */
export interface LabelAtlas {
  image: OffscreenCanvas | HTMLCanvasElement;
  cells: AtlasCell[];
  width: number;
  height: number;
}

type Ctx2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function createCanvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

/**
 * Draws every label's name tag once (white text on the label colour, dark on light colours,
 * rounded corners) at the device pixel ratio; the label pass then places tags with one quad
 * each. Names longer than {@link TAG_MAX_WIDTH} are cut with an ellipsis.
 */
export function drawLabelAtlas(
  labels: readonly LabelClass[],
  dpr: number,
  family = DEFAULT_LABEL_FONT,
  maxHeight = Infinity,
): LabelAtlas | null {
  const probe = createCanvas(1, 1).getContext('2d') as Ctx2D | null;
  if (!probe) return null;
  probe.font = tagFont(family);
  const inner = TAG_MAX_WIDTH - 2 * TAG_PADDING;
  const texts = labels.map((l) => fitText(l.name, inner, (s) => probe.measureText(s).width));
  const widths = texts.map((t) => Math.ceil((Math.ceil(probe.measureText(t).width) + 2 * TAG_PADDING) * dpr));
  const layout = layoutCells(widths, Math.round(TAG_HEIGHT * dpr));
  // Cells beyond the GPU's largest texture get no tag (width 0); thousands of labels would be needed.
  const cells = layout.cells.map((c) => (c.y + c.height > maxHeight ? { ...c, width: 0 } : c));
  const height = Math.min(layout.height, maxHeight);
  const canvas = createCanvas(layout.width, height);
  const ctx = canvas.getContext('2d') as Ctx2D | null;
  if (!ctx) return null;
  ctx.scale(dpr, dpr);
  ctx.font = tagFont(family);
  ctx.textBaseline = 'middle';
  labels.forEach((label, i) => {
    const cell = cells[i];
    if (!cell?.width) return;
    const x = cell.x / dpr;
    const y = cell.y / dpr;
    ctx.fillStyle = label.color;
    ctx.beginPath();
    ctx.roundRect(x, y, cell.width / dpr, TAG_HEIGHT, 2);
    ctx.fill();
    ctx.fillStyle = textColorOn(label.color);
    ctx.fillText(texts[i] ?? '', x + TAG_PADDING, y + TAG_HEIGHT / 2 + 0.5);
  });
  return { image: canvas, cells, width: layout.width, height };
}
