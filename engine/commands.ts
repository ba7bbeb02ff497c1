/**
 * Edit commands: plain, JSON-safe data (they are journaled to IndexedDB and synced to the
 * server), each with a unique `id` so the server can apply it idempotently. A command records
 * both sides of the change, so {@link invertCommand} needs no store, and {@link applyCommand}
 * sets absolute values (applying the same command twice is harmless).
 */
import { pointsBounds, scalePoints, translatePoints } from './spatial/polygonGeometry';
import type { Box, Rect, Vec2 } from './types';

/** One box moved from `from` to `to` (top-left corners, image px). */
export interface BoxMove {
  boxId: string;
  from: Vec2;
  to: Vec2;
}

/** One box's label changed. */
export interface LabelChange {
  boxId: string;
  from: number;
  to: number;
}

/** Every edit, as data. `id` is unique per applied operation. */
export type BoxCommand =
  /** New boxes (one drawn box, or a paste). */
  | { id: string; type: 'addBoxes'; boxes: Box[] }
  /** Deleted boxes, kept whole so that undo restores them exactly. */
  | { id: string; type: 'deleteBoxes'; boxes: Box[] }
  /** Boxes moved (a drag or an arrow-key nudge of the selection). */
  | { id: string; type: 'moveBoxes'; moves: BoxMove[] }
  /** One box resized by a handle (a polygon's points are scaled with its box). */
  | { id: string; type: 'resizeBox'; boxId: string; from: Rect; to: Rect }
  /**
   * One polygon's vertices changed (a vertex dragged, deleted or inserted): flat [x0, y0, …]
   * image px before and after; its box becomes the bounding box of `to`.
   */
  | { id: string; type: 'setPoints'; boxId: string; from: number[]; to: number[] }
  /** Labels changed. */
  | { id: string; type: 'setLabel'; changes: LabelChange[] }
  /** Every box replaced (bulk set: an import, an auto-labelling result). */
  | { id: string; type: 'setBoxes'; before: Box[]; after: Box[] };

/** What a command is applied to: the annotation store's raw, history-free mutations. */
export interface CommandTarget {
  getBox(id: string): Readonly<Box> | undefined;
  /** Adds the box, or replaces the box with the same id. */
  putBox(box: Box): void;
  removeBox(id: string): void;
  /** Replaces every box. */
  replaceAll(boxes: readonly Box[]): void;
}

/** A fresh id for a command (a UUID where available, else time + counter + random). */
export function newCommandId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  counter += 1;
  return `${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
let counter = 0;

/** A plain copy of a box (no extra fields, nothing shared with the store; a polygon's points copied). */
export function copyBox(b: Readonly<Box>): Box {
  const box: Box = { id: b.id, x: b.x, y: b.y, width: b.width, height: b.height, label: b.label };
  if (b.points) box.points = b.points.slice();
  return box;
}

function existing(target: CommandTarget, id: string): Readonly<Box> {
  const box = target.getBox(id);
  if (!box) throw new RangeError(`command refers to an unknown box: ${id}`);
  return box;
}

/** Applies `command` to `target`. Throws a RangeError when it names a box that is missing. */
export function applyCommand(target: CommandTarget, command: BoxCommand): void {
  switch (command.type) {
    case 'addBoxes':
      for (const b of command.boxes) target.putBox(copyBox(b));
      return;
    case 'deleteBoxes':
      for (const b of command.boxes) {
        existing(target, b.id);
        target.removeBox(b.id);
      }
      return;
    case 'moveBoxes':
      for (const m of command.moves) {
        const box = copyBox(existing(target, m.boxId));
        // Relative to where the points are now, so that applying a command twice changes nothing.
        if (box.points) {
          const b = pointsBounds(box.points);
          box.points = translatePoints(box.points, m.to.x - b.x, m.to.y - b.y);
        }
        target.putBox({ ...box, x: m.to.x, y: m.to.y });
      }
      return;
    case 'resizeBox': {
      const box = copyBox(existing(target, command.boxId));
      if (box.points) box.points = scalePoints(box.points, pointsBounds(box.points), command.to);
      const { x, y, width, height } = command.to;
      target.putBox({ ...box, x, y, width, height });
      return;
    }
    case 'setPoints': {
      const box = copyBox(existing(target, command.boxId));
      target.putBox({ ...box, ...pointsBounds(command.to), points: command.to.slice() });
      return;
    }
    case 'setLabel':
      for (const c of command.changes) target.putBox({ ...copyBox(existing(target, c.boxId)), label: c.to });
      return;
    case 'setBoxes':
      target.replaceAll(command.after);
  }
}

/** The command that undoes `command`, under the id `id` (every applied change has its own id). */
export function invertCommand(command: BoxCommand, id: string): BoxCommand {
  switch (command.type) {
    case 'addBoxes':
      return { id, type: 'deleteBoxes', boxes: command.boxes.map(copyBox) };
    case 'deleteBoxes':
      return { id, type: 'addBoxes', boxes: command.boxes.map(copyBox) };
    case 'moveBoxes':
      return {
        id,
        type: 'moveBoxes',
        moves: command.moves.map((m) => ({ boxId: m.boxId, from: { ...m.to }, to: { ...m.from } })),
      };
    case 'resizeBox':
      return { id, type: 'resizeBox', boxId: command.boxId, from: { ...command.to }, to: { ...command.from } };
    case 'setPoints':
      return { id, type: 'setPoints', boxId: command.boxId, from: command.to.slice(), to: command.from.slice() };
    case 'setLabel':
      return {
        id,
        type: 'setLabel',
        changes: command.changes.map((c) => ({ boxId: c.boxId, from: c.to, to: c.from })),
      };
    case 'setBoxes':
      return { id, type: 'setBoxes', before: command.after.map(copyBox), after: command.before.map(copyBox) };
  }
}

/** A copy of `command` under another id (a redo is a new operation for the journal). */
export function withId(command: BoxCommand, id: string): BoxCommand {
  return { ...structuredClone(command), id };
}
