/**
 * The annotations of one image: boxes (by id, and densely by GPU slot), label classes, the
 * selection and the hovered box. Every edit goes through {@link AnnotationStore.execute} (or
 * undo/redo) as a {@link BoxCommand} and comes out as one 'annotations' event with the slot range
 * to re-upload; the spatial index follows every change.
 *
 * GPU layout: box `b` lives in slot `slotOf(b.id)` for as long as it exists. `rects` holds
 * x, y, width, height (float32) per slot and `labelsBySlot` the label index, -1 for a free slot
 * (draw it hidden). Slots are reused after deletes; `slotCount` is the high-water mark, so the
 * renderer draws `slotCount` instances and re-uploads just the event's range after an edit.
 */
import { AnnotationFlags, type AnnotationFlagState } from './AnnotationFlags';
import { applyCommand, copyBox, type BoxCommand, type CommandTarget } from './commands';
import { Emitter } from './emitter';
import { History, type HistoryOptions } from './history';
import { BoxIndex, type BoxIndexOptions } from './spatial/BoxIndex';
import { BoxSlots } from './BoxSlots';
import { handleAt } from './spatial/handles';
import { fitPoints } from './spatial/polygonGeometry';
import { pointInPolygon, smallestContaining } from './spatial/polygonHit';
import type { Box, Hit, LabelClass, Rect, Vec2 } from './types';

/** Slots [start, end) whose data changed. Empty when start === end. */
export interface SlotRange {
  start: number;
  end: number;
}

/**
 * Where a change came from: journal 'edit', 'undo' and 'redo'; never 'preview' (a drag's live
 * preview), 'load', 'flags' (boxes hidden or shown: view state) or 'remote' (a change the save
 * layer applied from elsewhere: the server's version after a conflict, edits restored from the
 * journal; not undoable).
 */
export type ChangeSource = 'edit' | 'undo' | 'redo' | 'preview' | 'load' | 'flags' | 'remote';

/** A non-undoable change from outside the user's editing (see {@link AnnotationStore.applyRemote}). */
export interface RemoteChange {
  /** Boxes to add or replace (by id). */
  put?: readonly Box[];
  /** Ids of boxes to delete (unknown ids are ignored). */
  remove?: readonly string[];
}

/** Payload of the 'annotations' event: what changed and which GPU slots to re-upload. */
export interface AnnotationChange {
  /** The applied command (null for a live preview or a load). */
  command: BoxCommand | null;
  source: ChangeSource;
  slots: SlotRange;
  /** True when `rects`/`labelsBySlot` were reallocated: re-create the GPU buffers. */
  reallocated: boolean;
}

/** Events of the {@link AnnotationStore} (re-emitted by EngineCore). */
export interface AnnotationEvents {
  annotations: AnnotationChange;
  selection: { ids: readonly string[] };
  hover: { id: string | null };
  labels: { labels: readonly LabelClass[] };
  history: { canUndo: boolean; canRedo: boolean };
  /** Hidden or locked flags changed for `ids` (read them with `getFlags`). */
  flags: { ids: readonly string[] };
}

/** Initial labels, history limit/ids and spatial index tuning. */
export interface AnnotationStoreOptions {
  labels?: readonly LabelClass[];
  history?: HistoryOptions;
  index?: BoxIndexOptions;
}

/** Boxes, labels, selection and hover of one image, edited through commands (see the file comment). */
export class AnnotationStore {
  readonly history: History;
  private readonly events = new Emitter<AnnotationEvents>();
  private readonly index: BoxIndex;
  private readonly byId = new Map<string, Box>();
  private readonly slots = new BoxSlots();
  private readonly flags = new AnnotationFlags();
  private labelClasses: readonly LabelClass[];
  private selected = new Set<string>();
  private hovered: string | null = null;
  private touchedMin = Infinity;
  private touchedMax = -1;
  /** The change in progress removed or hid boxes (the selection and hover may hold them). */
  private lostBoxes = false;
  private readonly target: CommandTarget;

  constructor(options: AnnotationStoreOptions = {}) {
    this.history = new History(options.history);
    this.index = new BoxIndex(options.index);
    this.labelClasses = options.labels ?? [];
    this.target = {
      getBox: (id) => this.byId.get(id),
      putBox: (box) => this.put(box),
      removeBox: (id) => this.remove(id),
      replaceAll: (boxes) => this.replaceAll(boxes),
    };
  }

  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends keyof AnnotationEvents>(type: K, listener: (payload: AnnotationEvents[K]) => void): () => void {
    return this.events.on(type, listener);
  }

  // ---- reads ---------------------------------------------------------------------------

  /** Number of boxes. */
  get size(): number {
    return this.byId.size;
  }

  /** The box with `id` (the store's own object: do not mutate it). */
  get(id: string): Readonly<Box> | undefined {
    return this.byId.get(id);
  }

  /** Copies of every box, in slot order. */
  boxes(): Box[] {
    const out: Box[] = [];
    for (let slot = 0; slot < this.slots.count; slot++) {
      const id = this.slots.idAt(slot);
      const box = id === undefined ? undefined : this.byId.get(id);
      if (box) out.push(copyBox(box));
    }
    return out;
  }

  /** The slot of a box, or -1. */
  slotOf(id: string): number {
    return this.slots.slotOf(id);
  }

  /** The id of the box in `slot`, if any. */
  idAt(slot: number): string | undefined {
    return this.slots.idAt(slot);
  }

  /** Slots in use, free ones included: the instance count to draw. */
  get slotCount(): number {
    return this.slots.count;
  }

  /** x, y, width, height per slot (float32), for GPU upload; valid up to `slotCount`. */
  get rects(): Float32Array {
    return this.slots.rects;
  }

  /** Label index per slot, -1 for a free slot; valid up to `slotCount`. */
  get labelsBySlot(): Int32Array {
    return this.slots.labels;
  }

  /** 1 per slot holding a polygon (drawn by the polygon layer, not as a rectangle), else 0. */
  get shapesBySlot(): Uint8Array {
    return this.slots.shapes;
  }

  get labels(): readonly LabelClass[] {
    return this.labelClasses;
  }

  get selection(): ReadonlySet<string> {
    return this.selected;
  }

  get hover(): string | null {
    return this.hovered;
  }

  /** The hidden and locked flags of a box (both false for an unknown id). */
  getFlags(id: string): AnnotationFlagState {
    return this.flags.get(id);
  }

  isHidden(id: string): boolean {
    return this.flags.isHidden(id);
  }

  isLocked(id: string): boolean {
    return this.flags.isLocked(id);
  }

  /** Number of hidden boxes. */
  get hiddenCount(): number {
    return this.flags.hiddenCount;
  }

  /** Ids of every box, hidden ones included, in slot order. */
  ids(): string[] {
    const out: string[] = [];
    for (let slot = 0; slot < this.slots.count; slot++) {
      const id = this.slots.idAt(slot);
      if (id !== undefined) out.push(id);
    }
    return out;
  }

  /**
   * What is under the image point `p`: a resize handle of the single selected box (within
   * `handleRadius` image px; handles take priority; a locked box has none), else the smallest
   * visible box containing `p`. Hidden boxes are not in the spatial index, so never hit.
   */
  hitTest(p: Vec2, handleRadius: number): Hit | null {
    if (this.selected.size === 1) {
      const [id] = this.selected;
      const box = id === undefined || this.flags.isLocked(id) ? undefined : this.byId.get(id);
      // A polygon is reshaped by its vertices (polygonEdit.ts), not by box handles.
      const handle = box && !box.points ? handleAt(box, p.x, p.y, handleRadius) : null;
      if (box && handle) return { boxId: box.id, handle };
    }
    let slot = this.index.hitTest(p.x, p.y);
    // The smallest box is a polygon the point is outside of: look among every box there.
    if (
      slot >= 0 &&
      this.slots.shapes[slot] === 1 &&
      !pointInPolygon(this.byId.get(this.slots.idAt(slot)!)!.points!, p.x, p.y)
    )
      slot = smallestContaining(
        this.index.search({ x: p.x, y: p.y, width: 0, height: 0 }),
        this.slots.rects,
        (s) => this.byId.get(this.slots.idAt(s)!)?.points,
        p.x,
        p.y,
      );
    const boxId = slot < 0 ? undefined : this.slots.idAt(slot);
    return boxId === undefined ? null : { boxId, handle: 'body' };
  }

  /** Ids of the boxes meeting `rect` (image px; touching counts), in no particular order. */
  queryRect(rect: Rect): string[] {
    return this.index.search(rect).map((slot) => this.slots.idAt(slot)!);
  }

  /**
   * Slots of the boxes meeting `rect` (image px; touching counts), into `out`. The renderer's
   * culling works in slots: going through ids would cost a string-keyed lookup per box.
   */
  querySlots(rect: Rect, out: number[] = []): number[] {
    out.length = 0;
    return this.index.search(rect, out);
  }

  // ---- edits ---------------------------------------------------------------------------

  /** Applies a command, records it for undo and emits 'annotations' (source 'edit'). */
  execute(command: BoxCommand): void {
    this.run(command, 'edit');
    this.history.push(command);
    this.emitHistory();
  }

  /**
   * Undoes the last command; returns the inverse command that was applied, or null. A recorded
   * command that no longer applies (a remote change removed a box it names) is dropped and the
   * one before it is undone instead.
   */
  undo(): BoxCommand | null {
    let command = this.history.undo();
    while (command && !this.applies(command)) {
      this.history.dropUndone();
      command = this.history.undo();
    }
    if (command) this.run(command, 'undo');
    this.emitHistory();
    return command;
  }

  /** Redoes the last undone command; returns what was applied, or null (skips as undo does). */
  redo(): BoxCommand | null {
    let command = this.history.redo();
    while (command && !this.applies(command)) {
      this.history.dropDone();
      command = this.history.redo();
    }
    if (command) this.run(command, 'redo');
    this.emitHistory();
    return command;
  }

  /**
   * Writes boxes without recording history (the live preview of a drag); the tool commits one
   * command at pointer-up, or previews the originals back on cancel. Each box must exist.
   */
  preview(boxes: readonly Box[]): void {
    this.begin();
    for (const b of boxes) {
      if (!this.byId.has(b.id)) throw new RangeError(`preview of an unknown box: ${b.id}`);
      const box = copyBox(b);
      // A polygon previewed at a moved or resized box: its points follow the box.
      if (box.points) box.points = fitPoints(box.points, box);
      this.put(box);
    }
    this.end(null, 'preview');
  }

  /** Replaces every box (loading an image's annotations): clears history, flags, selection, hover. */
  load(boxes: readonly Box[]): void {
    const flagged = this.flags.hiddenCount + this.flags.lockedCount > 0;
    this.flags.clear();
    this.begin();
    this.replaceAll(boxes);
    this.history.clear();
    this.end(null, 'load');
    this.emitHistory();
    if (flagged) this.events.emit('flags', { ids: [] });
  }

  /**
   * Applies a change that did not come from this user's editing (the server's version after a
   * conflict, edits restored from the journal): one 'annotations' event with source 'remote'
   * and no command, and nothing recorded for undo. Undo and redo skip a recorded command that
   * no longer applies (it names a box the remote change removed).
   */
  applyRemote(change: RemoteChange): void {
    this.begin();
    for (const b of change.put ?? []) this.put(copyBox(b));
    for (const id of change.remove ?? []) {
      this.remove(id);
      this.flags.forget(id);
    }
    this.end(null, 'remote');
  }

  /**
   * Hides or shows boxes (view state: no command, no history). A hidden box leaves the spatial
   * index (not hit, not in a marquee) and its slot is drawn as free; it also leaves the
   * selection. Emits 'annotations' (source 'flags', for the renderer) and 'flags'.
   */
  setHidden(ids: Iterable<string>, on: boolean): void {
    const changed: string[] = [];
    this.begin();
    for (const id of ids) {
      const box = this.byId.get(id);
      if (!box || !this.flags.setHidden(id, on)) continue;
      changed.push(id);
      this.put(box);
    }
    if (changed.length === 0) return;
    this.end(null, 'flags');
    this.events.emit('flags', { ids: changed });
  }

  /** Locks or unlocks boxes (view state: no command, no history); emits 'flags'. */
  setLocked(ids: Iterable<string>, on: boolean): void {
    const changed: string[] = [];
    for (const id of ids) if (this.byId.has(id) && this.flags.setLocked(id, on)) changed.push(id);
    if (changed.length > 0) this.events.emit('flags', { ids: changed });
  }

  setLabels(labels: readonly LabelClass[]): void {
    this.labelClasses = labels.map((l) => ({ ...l }));
    this.events.emit('labels', { labels: this.labelClasses });
  }

  /** Sets the selection (unknown and hidden ids are dropped); emits 'selection' when it changed. */
  setSelection(ids: Iterable<string>): void {
    const next = new Set<string>();
    for (const id of ids) if (this.byId.has(id) && !this.flags.isHidden(id)) next.add(id);
    if (next.size === this.selected.size && [...next].every((id) => this.selected.has(id))) return;
    this.selected = next;
    this.events.emit('selection', { ids: [...next] });
  }

  /** Sets the hovered box (null for none); emits 'hover' when it changed. */
  setHover(id: string | null): void {
    const next = id !== null && this.byId.has(id) && !this.flags.isHidden(id) ? id : null;
    if (next === this.hovered) return;
    this.hovered = next;
    this.events.emit('hover', { id: next });
  }

  // ---- internals -----------------------------------------------------------------------

  /** Whether every box `command` needs to exist does. */
  private applies(command: BoxCommand): boolean {
    const has = (id: string) => this.byId.has(id);
    switch (command.type) {
      case 'deleteBoxes':
        return command.boxes.every((b) => has(b.id));
      case 'moveBoxes':
        return command.moves.every((m) => has(m.boxId));
      case 'resizeBox':
      case 'setPoints':
        return has(command.boxId);
      case 'setLabel':
        return command.changes.every((c) => has(c.boxId));
      default:
        return true;
    }
  }

  private run(command: BoxCommand, source: ChangeSource): void {
    this.begin();
    applyCommand(this.target, command);
    this.end(command, source);
  }

  private begin(): void {
    this.touchedMin = Infinity;
    this.touchedMax = -1;
    this.slots.grew = false;
    this.lostBoxes = false;
  }

  private end(command: BoxCommand | null, source: ChangeSource): void {
    const slots = this.touchedMax < 0 ? { start: 0, end: 0 } : { start: this.touchedMin, end: this.touchedMax + 1 };
    this.events.emit('annotations', { command, source, slots, reallocated: this.slots.grew });
    // Drop deleted and hidden boxes from the selection and hover (only a change that removed or
    // hid boxes can have: a move of 100,000 selected boxes skips the scan).
    if (!this.lostBoxes) return;
    const gone = (id: string) => !this.byId.has(id) || this.flags.isHidden(id);
    let anyGone = false;
    for (const id of this.selected)
      if (gone(id)) {
        anyGone = true;
        break;
      }
    if (anyGone) this.setSelection(this.selected);
    if (this.hovered !== null && gone(this.hovered)) this.setHover(null);
  }

  private emitHistory(): void {
    this.events.emit('history', { canUndo: this.history.canUndo, canRedo: this.history.canRedo });
  }

  private touch(slot: number): void {
    if (slot < this.touchedMin) this.touchedMin = slot;
    if (slot > this.touchedMax) this.touchedMax = slot;
  }

  private put(box: Box): void {
    const slot = this.slots.assign(box.id);
    this.byId.set(box.id, box);
    const hidden = this.flags.isHidden(box.id);
    this.slots.write(slot, box, hidden);
    if (hidden) this.lostBoxes = true;
    if (hidden) this.index.remove(slot);
    else this.index.set(slot, box.x, box.y, box.width, box.height);
    this.touch(slot);
  }

  private remove(id: string): void {
    const slot = this.slots.release(id);
    if (slot < 0) return;
    this.lostBoxes = true;
    this.byId.delete(id);
    this.index.remove(slot);
    this.touch(slot);
  }

  private replaceAll(boxes: readonly Box[]): void {
    this.lostBoxes = true;
    const previous = this.slots.count;
    const unique = new Map<string, Box>();
    for (const b of boxes) unique.set(b.id, copyBox(b));
    this.byId.clear();
    this.slots.reset(unique.size);
    const slotList = new Int32Array(unique.size);
    const rects = new Float64Array(4 * unique.size);
    let k = 0;
    for (const box of unique.values()) {
      const slot = this.slots.assign(box.id);
      this.byId.set(box.id, box);
      const hidden = this.flags.isHidden(box.id);
      this.slots.write(slot, box, hidden);
      if (hidden) continue;
      slotList[k] = slot;
      rects[4 * k] = box.x;
      rects[4 * k + 1] = box.y;
      rects[4 * k + 2] = box.width;
      rects[4 * k + 3] = box.height;
      k += 1;
    }
    this.index.load(slotList, rects, k);
    const end = Math.max(previous, this.slots.count);
    if (end > 0) {
      this.touch(0);
      this.touch(end - 1);
    }
  }
}
