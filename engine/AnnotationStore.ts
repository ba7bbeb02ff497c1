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
import { applyCommand, copyBox, type BoxCommand, type CommandTarget } from './commands';
import { Emitter } from './emitter';
import { History, type HistoryOptions } from './history';
import { BoxIndex, type BoxIndexOptions } from './spatial/BoxIndex';
import { BoxSlots } from './BoxSlots';
import { handleAt } from './spatial/handles';
import type { Box, Hit, LabelClass, Rect, Vec2 } from './types';

/** Slots [start, end) whose data changed. Empty when start === end. */
export interface SlotRange {
  start: number;
  end: number;
}

/** Where a change came from: journal 'edit', 'undo' and 'redo'; never 'preview' or 'load'. */
export type ChangeSource = 'edit' | 'undo' | 'redo' | 'preview' | 'load';

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
  private labelClasses: readonly LabelClass[];
  private selected = new Set<string>();
  private hovered: string | null = null;
  private touchedMin = Infinity;
  private touchedMax = -1;
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

  get labels(): readonly LabelClass[] {
    return this.labelClasses;
  }

  get selection(): ReadonlySet<string> {
    return this.selected;
  }

  get hover(): string | null {
    return this.hovered;
  }

  /**
   * What is under the image point `p`: a resize handle of the single selected box (within
   * `handleRadius` image px; handles take priority), else the smallest box containing `p`.
   */
  hitTest(p: Vec2, handleRadius: number): Hit | null {
    if (this.selected.size === 1) {
      const [id] = this.selected;
      const box = id === undefined ? undefined : this.byId.get(id);
      const handle = box ? handleAt(box, p.x, p.y, handleRadius) : null;
      if (box && handle) return { boxId: box.id, handle };
    }
    const slot = this.index.hitTest(p.x, p.y);
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

  /** Undoes the last command; returns the inverse command that was applied, or null. */
  undo(): BoxCommand | null {
    const command = this.history.undo();
    if (command) {
      this.run(command, 'undo');
      this.emitHistory();
    }
    return command;
  }

  /** Redoes the last undone command; returns what was applied, or null. */
  redo(): BoxCommand | null {
    const command = this.history.redo();
    if (command) {
      this.run(command, 'redo');
      this.emitHistory();
    }
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
      this.put(copyBox(b));
    }
    this.end(null, 'preview');
  }

  /** Replaces every box (loading an image's annotations): clears history, selection, hover. */
  load(boxes: readonly Box[]): void {
    this.begin();
    this.replaceAll(boxes);
    this.history.clear();
    this.end(null, 'load');
    this.emitHistory();
  }

  setLabels(labels: readonly LabelClass[]): void {
    this.labelClasses = labels.map((l) => ({ ...l }));
    this.events.emit('labels', { labels: this.labelClasses });
  }

  /** Sets the selection (unknown ids are dropped); emits 'selection' when it changed. */
  setSelection(ids: Iterable<string>): void {
    const next = new Set<string>();
    for (const id of ids) if (this.byId.has(id)) next.add(id);
    if (next.size === this.selected.size && [...next].every((id) => this.selected.has(id))) return;
    this.selected = next;
    this.events.emit('selection', { ids: [...next] });
  }

  /** Sets the hovered box (null for none); emits 'hover' when it changed. */
  setHover(id: string | null): void {
    const next = id !== null && this.byId.has(id) ? id : null;
    if (next === this.hovered) return;
    this.hovered = next;
    this.events.emit('hover', { id: next });
  }

  // ---- internals -----------------------------------------------------------------------

  private run(command: BoxCommand, source: ChangeSource): void {
    this.begin();
    applyCommand(this.target, command);
    this.end(command, source);
  }

  private begin(): void {
    this.touchedMin = Infinity;
    this.touchedMax = -1;
    this.slots.grew = false;
  }

  private end(command: BoxCommand | null, source: ChangeSource): void {
    const slots = this.touchedMax < 0 ? { start: 0, end: 0 } : { start: this.touchedMin, end: this.touchedMax + 1 };
    this.events.emit('annotations', { command, source, slots, reallocated: this.slots.grew });
    // Drop deleted boxes from the selection and hover.
    const gone = [...this.selected].filter((id) => !this.byId.has(id));
    if (gone.length > 0) this.setSelection([...this.selected].filter((id) => this.byId.has(id)));
    if (this.hovered !== null && !this.byId.has(this.hovered)) this.setHover(null);
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
    this.slots.write(slot, box);
    this.index.set(slot, box.x, box.y, box.width, box.height);
    this.touch(slot);
  }

  private remove(id: string): void {
    const slot = this.slots.release(id);
    if (slot < 0) return;
    this.byId.delete(id);
    this.index.remove(slot);
    this.touch(slot);
  }

  private replaceAll(boxes: readonly Box[]): void {
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
      this.slots.write(slot, box);
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
