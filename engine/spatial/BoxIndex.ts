/**
 * The box spatial index of the annotation store: answers "which box is under the cursor"
 * (smallest area wins) and "which boxes meet this rectangle" (drag-select, visible boxes),
 * while boxes are added, moved and deleted.
 *
 * Design (chosen by `npm run bench:hittest`, see BENCHMARKS.md): a static packed R-tree
 * ({@link PackedRTree}) over the boxes as of the last rebuild, plus a small dynamic set of
 * slots added or changed since, scanned linearly. A changed or deleted slot keeps its stale
 * leaf in the tree but loses its mark in `inTree` (a tombstone), so tree queries skip it. When
 * the dynamic set outgrows {@link BoxIndexOptions.rebuildThreshold} — or tombstones reach a
 * quarter of the tree — the next query rebuilds the tree (about 150 ms per million boxes here),
 * so a drag that edits one box never rebuilds anything.
 *
 * Boxes are keyed by slot (a small non-negative integer, the store's stable GPU slot) and are
 * closed rectangles: a point on the edge is inside. Ties in area go to the larger slot, the
 * one the renderer draws last (on top).
 */
import { PackedRTree, type PackedRTreeOptions } from './PackedRTree';
import type { Rect } from '../types';

/** Tuning of a {@link BoxIndex}: tree packing and rebuild policy. */
export interface BoxIndexOptions {
  /** Packing of the static tree (see {@link PackedRTreeOptions}; defaults are measured best). */
  tree?: PackedRTreeOptions;
  /**
   * Largest dynamic set before a rebuild, given the number of live boxes. Default:
   * clamp(2·√n, 64, 2048) — the dynamic scan stays within a few µs while a million-box index
   * rebuilds at most once per two thousand edits.
   */
  rebuildThreshold?: (liveCount: number) => number;
}

const defaultThreshold = (n: number) => Math.max(64, Math.min(2048, Math.ceil(2 * Math.sqrt(n))));

/** Dynamic box index: static packed tree + small dynamic set (see the file comment). */
export class BoxIndex {
  private readonly treeOptions: PackedRTreeOptions;
  private readonly threshold: (liveCount: number) => number;
  /** minX, minY, maxX, maxY per slot (current truth). */
  private coords = new Float64Array(0);
  private live = new Uint8Array(0);
  /** 1 when the tree's leaf for the slot is current; the tree's leaf mask. */
  private inTree = new Uint8Array(0);
  /** Position of the slot in `dyn`, or -1. */
  private dynPos = new Int32Array(0);
  private dyn = new Int32Array(64);
  private dynCount = 0;
  private tree: PackedRTree | null = null;
  private tombstones = 0;
  private liveCount = 0;
  private rebuilds = 0;

  constructor(options: BoxIndexOptions = {}) {
    this.treeOptions = options.tree ?? {};
    this.threshold = options.rebuildThreshold ?? defaultThreshold;
  }

  /** Number of boxes in the index. */
  get size(): number {
    return this.liveCount;
  }

  /** Counters for diagnostics and tests. */
  get stats(): { tree: number; dynamic: number; tombstones: number; rebuilds: number } {
    return { tree: this.tree?.size ?? 0, dynamic: this.dynCount, tombstones: this.tombstones, rebuilds: this.rebuilds };
  }

  /**
   * Replaces the whole content: slot `slots[i]` gets the box `rects[4i..4i+3]` = x, y, width,
   * height. Builds the tree at once (bulk load; no dynamic part).
   */
  load(slots: ArrayLike<number>, rects: ArrayLike<number>, count = slots.length): void {
    let maxSlot = -1;
    for (let i = 0; i < count; i++) maxSlot = Math.max(maxSlot, slots[i]!);
    this.coords = new Float64Array(0);
    this.live = new Uint8Array(0);
    this.inTree = new Uint8Array(0);
    this.dynPos = new Int32Array(0);
    this.ensureCapacity(maxSlot + 1);
    this.dynCount = 0;
    this.liveCount = 0;
    for (let i = 0; i < count; i++) {
      const slot = slots[i]!;
      if (this.live[slot] !== 1) this.liveCount += 1;
      this.writeCoords(slot, rects[4 * i]!, rects[4 * i + 1]!, rects[4 * i + 2]!, rects[4 * i + 3]!);
      this.live[slot] = 1;
    }
    this.rebuild();
  }

  /** Removes every box. */
  clear(): void {
    this.load([], [], 0);
  }

  /** Whether `slot` holds a box. */
  has(slot: number): boolean {
    return this.live[slot] === 1;
  }

  /** Adds or moves the box of `slot` (x, y, width, height in image px). */
  set(slot: number, x: number, y: number, width: number, height: number): void {
    this.ensureCapacity(slot + 1);
    const c = this.coords;
    const s4 = 4 * slot;
    if (this.live[slot] === 1) {
      if (c[s4] === x && c[s4 + 1] === y && c[s4 + 2] === x + width && c[s4 + 3] === y + height) return;
    } else {
      this.live[slot] = 1;
      this.liveCount += 1;
    }
    if (this.inTree[slot] === 1) {
      this.inTree[slot] = 0;
      this.tombstones += 1;
    }
    this.writeCoords(slot, x, y, width, height);
    if (this.dynPos[slot]! < 0) {
      if (this.dynCount === this.dyn.length) {
        const grown = new Int32Array(this.dyn.length * 2);
        grown.set(this.dyn);
        this.dyn = grown;
      }
      this.dynPos[slot] = this.dynCount;
      this.dyn[this.dynCount++] = slot;
    }
  }

  /** Removes the box of `slot` (no-op when empty). */
  remove(slot: number): void {
    if (this.live[slot] !== 1) return;
    this.live[slot] = 0;
    this.liveCount -= 1;
    if (this.inTree[slot] === 1) {
      this.inTree[slot] = 0;
      this.tombstones += 1;
    }
    const pos = this.dynPos[slot]!;
    if (pos >= 0) {
      const last = this.dyn[--this.dynCount]!;
      this.dyn[pos] = last;
      this.dynPos[last] = pos;
      this.dynPos[slot] = -1;
    }
  }

  /**
   * The slot of the smallest-area box containing the image point (`px`, `py`), or -1. Ties go
   * to the larger slot.
   */
  hitTest(px: number, py: number): number {
    this.maybeRebuild();
    let best = -1;
    let bestArea = Infinity;
    if (this.tree) {
      best = this.tree.smallestAt(px, py, this.inTree);
      bestArea = this.tree.lastArea; // no second read of the winner's coordinates
    }
    const c = this.coords;
    const dyn = this.dyn;
    for (let i = 0; i < this.dynCount; i++) {
      const slot = dyn[i]!;
      const s4 = 4 * slot;
      const x0 = c[s4]!;
      const y0 = c[s4 + 1]!;
      const x1 = c[s4 + 2]!;
      const y1 = c[s4 + 3]!;
      if (px < x0 || py < y0 || px > x1 || py > y1) continue;
      const area = (x1 - x0) * (y1 - y0);
      if (area < bestArea || (area === bestArea && slot > best)) {
        best = slot;
        bestArea = area;
      }
    }
    return best;
  }

  /**
   * Appends to `out` (and returns it) the slots whose boxes meet `rect` — touching edges
   * count — in no particular order.
   */
  search(rect: Rect, out: number[] = []): number[] {
    this.maybeRebuild();
    const minX = rect.x;
    const minY = rect.y;
    const maxX = rect.x + rect.width;
    const maxY = rect.y + rect.height;
    this.tree?.search(minX, minY, maxX, maxY, this.inTree, out);
    const c = this.coords;
    for (let i = 0; i < this.dynCount; i++) {
      const slot = this.dyn[i]!;
      const s4 = 4 * slot;
      if (maxX < c[s4]! || maxY < c[s4 + 1]! || minX > c[s4 + 2]! || minY > c[s4 + 3]!) continue;
      out.push(slot);
    }
    return out;
  }

  /** Rebuilds the tree from every live box now (normally done lazily by queries). */
  rebuild(): void {
    let maxLive = -1;
    for (let slot = this.live.length - 1; slot >= 0; slot--) {
      if (this.live[slot] === 1) {
        maxLive = slot;
        break;
      }
    }
    if (maxLive + 1 === this.liveCount) {
      // Slots 0..n-1 all live (the usual case after a load): no compaction copy.
      this.tree = new PackedRTree(null, this.coords, this.liveCount, this.treeOptions);
    } else {
      const slots = new Int32Array(this.liveCount);
      const boxes = new Float64Array(this.liveCount * 4);
      let k = 0;
      for (let slot = 0; slot < this.live.length; slot++) {
        if (this.live[slot] !== 1) continue;
        slots[k] = slot;
        for (let j = 0; j < 4; j++) boxes[4 * k + j] = this.coords[4 * slot + j]!;
        k += 1;
      }
      this.tree = new PackedRTree(slots, boxes, k, this.treeOptions);
    }
    this.inTree.set(this.live);
    for (let i = 0; i < this.dynCount; i++) this.dynPos[this.dyn[i]!] = -1;
    this.dynCount = 0;
    this.tombstones = 0;
    this.rebuilds += 1;
  }

  /** Bytes held by the index (coordinates, masks, tree). */
  get byteLength(): number {
    return (
      this.coords.byteLength +
      this.live.byteLength +
      this.inTree.byteLength +
      this.dynPos.byteLength +
      this.dyn.byteLength +
      (this.tree?.byteLength ?? 0)
    );
  }

  private maybeRebuild(): void {
    if (this.dynCount > this.threshold(this.liveCount) || this.tombstones > Math.max(64, (this.tree?.size ?? 0) / 4)) {
      this.rebuild();
    }
  }

  private writeCoords(slot: number, x: number, y: number, width: number, height: number): void {
    const s4 = 4 * slot;
    this.coords[s4] = x;
    this.coords[s4 + 1] = y;
    this.coords[s4 + 2] = x + width;
    this.coords[s4 + 3] = y + height;
  }

  private ensureCapacity(slots: number): void {
    if (slots <= this.live.length) return;
    const cap = Math.max(slots, Math.ceil(this.live.length * 1.5), 64);
    const coords = new Float64Array(cap * 4);
    coords.set(this.coords);
    this.coords = coords;
    const live = new Uint8Array(cap);
    live.set(this.live);
    this.live = live;
    const inTree = new Uint8Array(cap);
    inTree.set(this.inTree);
    this.inTree = inTree;
    const dynPos = new Int32Array(cap).fill(-1);
    dynPos.set(this.dynPos);
    this.dynPos = dynPos;
  }
}
