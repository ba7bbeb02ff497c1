import { BOX_FLAGS } from '../../shaders';
import type { AnnotationStore } from '../AnnotationStore';
import type { Rect } from '../types';
import type { BoxBuffer } from './BoxBuffer';

/** Boxes written by one {@link BoxStream.step} by default (≈1–3 ms). */
const BUILD_CHUNK = 3000;

function meets(a: Rect, x: number, y: number, w: number, h: number): boolean {
  return x <= a.x + a.width && x + w >= a.x && y <= a.y + a.height && y + h >= a.y;
}

/**
 * The boxes near the view as GPU box data, double-buffered: the front buffer is drawn while a
 * replacement for a new area is written into the back one a chunk per frame, then they swap —
 * so moving into a dense area never costs one long frame. Edits rewrite the front's entries in
 * place (sub-range uploads); an edit during a build restarts it, so the swap never shows stale
 * boxes.
 */
export class BoxStream {
  /** Which of the two buffers is drawn. */
  front: 0 | 1 = 0;
  /** The area the front covers (image px), or null when it must be rebuilt. */
  rect: Rect | null = null;
  private slots: number[] = [];
  private slotToIndex = new Int32Array(0);
  private pending: number[] = [];
  /** The replacement being written; `slots` is null until the deferred index query ran. */
  private build: { slots: number[] | null; rect: Rect; next: number; maxWidth: number } | null = null;
  /** Widest box in the front buffer, image px (an upper bound after edits): no label can show below its zoom. */
  maxWidth = 0;
  private restart = false;

  /**
   * `defer` runs the index query of a new area later (the engine: in a task after the frame, then
   * it asks for a frame; default: at once): a query for ~8,000 boxes took a few ms of the frame
   * that started it.
   */
  constructor(
    private readonly store: AnnotationStore,
    private readonly colors: () => Uint32Array,
    private readonly defer: (run: () => void) => void = (run) => run(),
  ) {}

  /** Boxes in the front buffer. */
  get length(): number {
    return this.slots.length;
  }

  /** Whether a replacement is being written (the caller keeps asking for frames). */
  get building(): boolean {
    return this.build !== null;
  }

  /** Makes room for slot indices below `n`. */
  ensureSlots(n: number): void {
    if (this.slotToIndex.length >= n) return;
    const map = new Int32Array(Math.max(n, this.slotToIndex.length * 2, 1024)).fill(-1);
    map.set(this.slotToIndex);
    this.slotToIndex = map;
  }

  /** Forgets everything (a load: slot numbers now mean other boxes). */
  clear(buffers: readonly [BoxBuffer, BoxBuffer]): void {
    for (const s of this.slots) this.slotToIndex[s] = -1;
    this.slots = [];
    this.rect = null;
    this.maxWidth = 0;
    this.build = null;
    this.pending = [];
    buffers[0].length = 0;
    buffers[1].length = 0;
  }

  /** Abandons a build in progress (the box map took over). */
  cancel(): void {
    this.build = null;
    this.restart = false;
  }

  /** Starts building the stream for `rect` (the slots meeting it, from the store's index). */
  start(rect: Rect): void {
    const build: NonNullable<BoxStream['build']> = { slots: null, rect, next: 0, maxWidth: 0 };
    this.build = build;
    this.defer(() => {
      // A newer start, a cancel or an edit's restart may have come first.
      if (this.build === build && build.slots === null) build.slots = this.store.querySlots(rect, []);
    });
  }

  /**
   * Writes the next `boxes` entries into the back buffer; swaps when complete. Returns true on
   * swap. The caller calls it again while its frame has time left.
   */
  step(buffers: readonly [BoxBuffer, BoxBuffer], boxes = BUILD_CHUNK): boolean {
    const b = this.build;
    if (!b) return false;
    if (this.restart) {
      // Boxes changed during the build: start over from the index's current answer.
      this.restart = false;
      b.slots = this.store.querySlots(b.rect, []);
      b.next = 0;
      b.maxWidth = 0;
    }
    if (!b.slots) return false;
    const back = buffers[this.front === 0 ? 1 : 0];
    back.ensureCapacity(b.slots.length);
    const end = Math.min(b.slots.length, b.next + Math.max(1, boxes));
    const r = this.store.rects;
    const labels = this.store.labelsBySlot;
    const shapes = this.store.shapesBySlot;
    const colors = this.colors();
    let maxWidth = b.maxWidth;
    for (let i = b.next; i < end; i++) {
      const s = b.slots[i] ?? 0;
      const label = labels[s] ?? -1;
      const w = r[4 * s + 2] ?? 0;
      if (w > maxWidth) maxWidth = w;
      back.set(
        i,
        r[4 * s] ?? 0,
        r[4 * s + 1] ?? 0,
        r[4 * s + 2] ?? 0,
        r[4 * s + 3] ?? 0,
        label >= 0 ? (colors[label] ?? 0x808080ff) : 0,
        label < 0 ? BOX_FLAGS.hidden : shapes[s] === 1 ? BOX_FLAGS.shape : 0,
        Math.max(0, label),
        false,
      );
    }
    back.markDirty(b.next, end);
    b.next = end;
    b.maxWidth = maxWidth;
    if (end < b.slots.length) return false;
    back.length = b.slots.length;
    for (const s of this.slots) this.slotToIndex[s] = -1;
    b.slots.forEach((s, i) => {
      this.slotToIndex[s] = i;
    });
    this.slots = b.slots;
    this.rect = b.rect;
    this.maxWidth = b.maxWidth;
    this.front = this.front === 0 ? 1 : 0;
    this.build = null;
    this.pending = [];
    return true;
  }

  /** A slot's box changed: rewrite it in the front (or add it when it entered the area). */
  onSlotChanged(s: number): void {
    if (this.build) this.restart = true;
    if (!this.rect) return;
    const r = this.store.rects;
    if ((this.slotToIndex[s] ?? -1) >= 0) this.pending.push(s);
    else if (
      (this.store.labelsBySlot[s] ?? -1) >= 0 &&
      meets(this.rect, r[4 * s] ?? 0, r[4 * s + 1] ?? 0, r[4 * s + 2] ?? 0, r[4 * s + 3] ?? 0)
    )
      this.pending.push(s);
  }

  /** Applies edits to the front buffer. */
  flush(front: BoxBuffer): void {
    if (this.pending.length === 0) return;
    const r = this.store.rects;
    const labels = this.store.labelsBySlot;
    const shapes = this.store.shapesBySlot;
    const colors = this.colors();
    for (const s of this.pending) {
      let i = this.slotToIndex[s] ?? -1;
      if (i < 0) {
        i = this.slots.length;
        front.ensureCapacity(i + 1);
        this.slotToIndex[s] = i;
        this.slots.push(s);
        front.length = this.slots.length;
      }
      const label = labels[s] ?? -1;
      this.maxWidth = Math.max(this.maxWidth, r[4 * s + 2] ?? 0);
      front.set(
        i,
        r[4 * s] ?? 0,
        r[4 * s + 1] ?? 0,
        r[4 * s + 2] ?? 0,
        r[4 * s + 3] ?? 0,
        label >= 0 ? (colors[label] ?? 0x808080ff) : 0,
        label < 0 ? BOX_FLAGS.hidden : shapes[s] === 1 ? BOX_FLAGS.shape : 0,
        Math.max(0, label),
      );
    }
    this.pending = [];
  }

  /**
   * Front boxes meeting `rect`, counted up to `max + 1` (the label rule only needs to know
   * whether there are more than `max`).
   */
  countIn(rect: Rect, max: number): number {
    const r = this.store.rects;
    const labels = this.store.labelsBySlot;
    const x0 = rect.x;
    const y0 = rect.y;
    const x1 = rect.x + rect.width;
    const y1 = rect.y + rect.height;
    let n = 0;
    for (const s of this.slots) {
      const x = r[4 * s] ?? 0;
      const y = r[4 * s + 1] ?? 0;
      if (
        x <= x1 &&
        y <= y1 &&
        x + (r[4 * s + 2] ?? 0) >= x0 &&
        y + (r[4 * s + 3] ?? 0) >= y0 &&
        (labels[s] ?? -1) >= 0 &&
        ++n > max
      )
        break;
    }
    return n;
  }

  /** Front slots whose boxes meet `rect` (tests). */
  slotsIn(rect: Rect, out: number[] = []): number[] {
    out.length = 0;
    const r = this.store.rects;
    for (const s of this.slots) {
      if (
        (this.store.labelsBySlot[s] ?? -1) >= 0 &&
        meets(rect, r[4 * s] ?? 0, r[4 * s + 1] ?? 0, r[4 * s + 2] ?? 0, r[4 * s + 3] ?? 0)
      )
        out.push(s);
    }
    return out;
  }
}
