/**
 * Edits of the selection as ONE command each (move, nudge, relabel, delete), shared by the
 * select tool and the engine's methods. Locked boxes are left out silently: a move or delete
 * of a selection with locked boxes changes the others, and one of only locked boxes changes
 * nothing (no command, no error), so a key press never half-fails with a message.
 */
import type { AnnotationStore } from './AnnotationStore';
import { copyBox, type BoxCommand } from './commands';
import { clampMove, unionRect } from './tools/geometry';
import type { Box, Size, Vec2 } from './types';

/** Copies of the selected boxes that may be moved or deleted (not locked). */
export function editableSelection(store: AnnotationStore): Box[] {
  const out: Box[] = [];
  for (const id of store.selection) {
    const box = store.get(id);
    if (box && !store.isLocked(id)) out.push(copyBox(box));
  }
  return out;
}

/** The command moving `boxes` by (`dx`, `dy`) image px, kept inside the image as a group; null when nothing moves. */
export function moveCommand(boxes: readonly Box[], dx: number, dy: number, image: Size, id: string): BoxCommand | null {
  const bounds = unionRect(boxes);
  if (!bounds) return null;
  const d: Vec2 = clampMove(bounds, dx, dy, image);
  if (d.x === 0 && d.y === 0) return null;
  return {
    id,
    type: 'moveBoxes',
    moves: boxes.map((b) => ({ boxId: b.id, from: { x: b.x, y: b.y }, to: { x: b.x + d.x, y: b.y + d.y } })),
  };
}

/** Moves the unlocked selected boxes by (`dx`, `dy`) as one command; false when nothing moved. */
export function nudgeSelection(
  store: AnnotationStore,
  dx: number,
  dy: number,
  image: Size,
  newId: () => string,
): boolean {
  const command = moveCommand(editableSelection(store), dx, dy, image, newId());
  if (command) store.execute(command);
  return command !== null;
}

/** Deletes the unlocked selected boxes as one command; false when there were none. */
export function deleteSelection(store: AnnotationStore, newId: () => string): boolean {
  const boxes = editableSelection(store);
  if (boxes.length === 0) return false;
  store.execute({ id: newId(), type: 'deleteBoxes', boxes });
  return true;
}

/** Gives every selected box (locked ones too: a lock guards the geometry) `label` as one command. */
export function relabelSelection(store: AnnotationStore, label: number, newId: () => string): boolean {
  const changes = [];
  for (const id of store.selection) {
    const box = store.get(id);
    if (box && box.label !== label) changes.push({ boxId: id, from: box.label, to: label });
  }
  if (changes.length === 0) return false;
  store.execute({ id: newId(), type: 'setLabel', changes });
  return true;
}
