/**
 * Placing copied boxes on an image (paste, "copy all annotations of the previous image"): each
 * box is fitted inside the image — moved in, and a plain box larger than the image cut to its
 * size; a polygon is only moved, its points with it — and gets a fresh id. Pasting where the
 * same boxes already are (Ctrl+V right after Ctrl+C) shifts the whole paste by
 * {@link PASTE_OFFSET_PX} until it lands on free spots, so the copy is visible and grabbable.
 */
import type { AnnotationStore } from './AnnotationStore';
import { copyBox } from './commands';
import { clampMove, unionRect } from './tools/geometry';
import type { Box, Rect, Size } from './types';

/** How far a paste onto its own originals is shifted, image px (right and down; left and up at the border). */
export const PASTE_OFFSET_PX = 10;
/** Most shifts tried before pasting where the last one landed. */
const MAX_SHIFTS = 64;
/**
 * Most pasted boxes checked against the image's boxes per try (spread evenly over the paste):
 * enough to tell a paste onto its own originals, while a paste of 100,000 boxes costs 256
 * index queries a try rather than 100,000.
 */
const CHECKED_BOXES = 256;

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
 * rectangle already is (judged on at most CHECKED_BOXES of them).
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
  const stride = Math.max(1, Math.floor(placed.length / CHECKED_BOXES));
  const lands = (list: readonly Box[]) => {
    for (let i = 0; i < list.length; i += stride) if (occupied(list[i]!)) return true;
    return false;
  };
  let dirX = 1;
  let dirY = 1;
  for (let i = 0; i < MAX_SHIFTS && lands(placed); i++) {
    let d = clampMove(bounds, dirX * PASTE_OFFSET_PX * (i + 1), dirY * PASTE_OFFSET_PX * (i + 1), image);
    if (d.x === 0 && d.y === 0) {
      // Against the bottom-right border: go the other way.
      dirX = -dirX;
      dirY = -dirY;
      d = clampMove(bounds, dirX * PASTE_OFFSET_PX * (i + 1), dirY * PASTE_OFFSET_PX * (i + 1), image);
    }
    if (d.x === 0 && d.y === 0) break;
    const shifted = placed.map((b) => translateBox(b, d.x, d.y));
    if (!lands(shifted)) {
      placed = shifted;
      break;
    }
    if (i === MAX_SHIFTS - 1) placed = shifted;
  }
  return placed;
}

/** Plain copies of the selected boxes (for a clipboard; they keep their ids until pasted). */
export function copySelection(store: AnnotationStore): Box[] {
  const out: Box[] = [];
  for (const id of store.selection) out.push(copyBox(store.get(id)!));
  return out;
}

/** Ids factories of the core a paste takes its new ids from. */
export interface NewIds {
  box: () => string;
  command: () => string;
}

/**
 * Pastes boxes (from this image or another) as ONE `addBoxes` command: fresh ids, fitted inside
 * the image, and — unless `offset` is false — shifted by PASTE_OFFSET_PX steps while they would
 * land exactly on existing boxes; the pasted boxes become the selection. Returns their ids.
 */
export function pasteBoxes(
  store: AnnotationStore,
  boxes: readonly Box[],
  image: Size,
  ids: NewIds,
  offset: boolean,
): string[] {
  const occupied = (r: Rect) =>
    offset &&
    store.queryRect(r).some((id) => {
      const b = store.get(id)!;
      return b.x === r.x && b.y === r.y && b.width === r.width && b.height === r.height;
    });
  const placed = placeBoxes(boxes, image, ids.box, occupied);
  if (placed.length === 0) return [];
  store.execute({ id: ids.command(), type: 'addBoxes', boxes: placed });
  const pasted = placed.map((b) => b.id);
  store.setSelection(pasted);
  return pasted;
}

/**
 * Adds boxes as ONE `addBoxes` command (e.g. every annotation of the previous image): fresh ids,
 * fitted inside the image, where they are (no shift); the selection is not changed.
 */
export function addPlacedBoxes(store: AnnotationStore, boxes: readonly Box[], image: Size, ids: NewIds): string[] {
  const placed = placeBoxes(boxes, image, ids.box);
  if (placed.length > 0) store.execute({ id: ids.command(), type: 'addBoxes', boxes: placed });
  return placed.map((b) => b.id);
}
