/**
 * Placing copied boxes on an image (paste, "copy all annotations of the previous image"): each
 * box is fitted inside the image — moved in, and a plain box larger than the image cut to its
 * size; a polygon is only moved, its points with it — and gets a fresh id. Pasting where the
 * same boxes already are (Ctrl+V right after Ctrl+C) shifts the whole paste by
 * {@link PASTE_OFFSET_PX} until it lands on free spots, so the copy is visible and grabbable.
 */
import { copyBox } from './commands';
import { clampMove, unionRect } from './tools/geometry';
import type { Box, Rect, Size } from './types';

/** How far a paste onto its own originals is shifted, image px (right and down; left and up at the border). */
export const PASTE_OFFSET_PX = 10;
/** Most shifts tried before pasting where the last one landed. */
const MAX_SHIFTS = 64;

/** `box` moved by (`dx`, `dy`), its polygon points too. */
export function translateBox(box: Readonly<Box>, dx: number, dy: number): Box {
  const out = copyBox(box);
  out.x += dx;
  out.y += dy;
  if (box.points) out.points = box.points.map((v, i) => v + (i % 2 === 0 ? dx : dy));
  return out;
}

/** `box` moved (and, unless a polygon, cut) to lie inside `image`; null when nothing of it fits (an empty image). */
export function fitInImage(box: Readonly<Box>, image: Size): Box | null {
  if (image.width <= 0 || image.height <= 0) return null;
  if (box.points) {
    const d = clampMove(box, 0, 0, image);
    return d.x === 0 && d.y === 0 ? copyBox(box) : translateBox(box, d.x, d.y);
  }
  const width = Math.min(box.width, image.width);
  const height = Math.min(box.height, image.height);
  const x = Math.max(0, Math.min(image.width - width, box.x));
  const y = Math.max(0, Math.min(image.height - height, box.y));
  return { ...copyBox(box), x, y, width, height };
}

/**
 * The boxes to add for a paste of `boxes` onto an image of `image` size: fitted, with fresh ids
 * from `newId`, and (when `avoidSame`) shifted off the spots where `occupied` says an identical
 * rectangle already is.
 */
export function placeBoxes(
  boxes: readonly Box[],
  image: Size,
  newId: () => string,
  occupied: (rect: Rect) => boolean = () => false,
): Box[] {
  let placed: Box[] = [];
  for (const b of boxes) {
    const fitted = fitInImage(b, image);
    if (fitted) placed.push({ ...fitted, id: newId() });
  }
  const bounds = unionRect(placed);
  if (!bounds) return placed;
  let dirX = 1;
  let dirY = 1;
  for (let i = 0; i < MAX_SHIFTS && placed.some(occupied); i++) {
    let d = clampMove(bounds, dirX * PASTE_OFFSET_PX * (i + 1), dirY * PASTE_OFFSET_PX * (i + 1), image);
    if (d.x === 0 && d.y === 0) {
      // Against the bottom-right border: go the other way.
      dirX = -dirX;
      dirY = -dirY;
      d = clampMove(bounds, dirX * PASTE_OFFSET_PX * (i + 1), dirY * PASTE_OFFSET_PX * (i + 1), image);
    }
    if (d.x === 0 && d.y === 0) break;
    const shifted = placed.map((b) => translateBox(b, d.x, d.y));
    if (!shifted.some(occupied)) {
      placed = shifted;
      break;
    }
    if (i === MAX_SHIFTS - 1) placed = shifted;
  }
  return placed;
}
