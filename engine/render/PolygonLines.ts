import { POLYGON_VERTEX } from '../../shaders';
import type { AnnotationStore } from '../AnnotationStore';
import type { Rect } from '../types';

const WORDS = POLYGON_VERTEX.words;
/** Spare segments a polygon's range gets, so inserting a vertex or two rewrites it in place. */
const HEADROOM = 2;
/** Culling grid: cells per side over the polygons' extent. */
const GRID = 32;

/** 0xRRGGBBAA as the little-endian word whose bytes are R, G, B, A (the vertex colour layout). */
export function colorWord(rgba: number): number {
  return ((rgba >>> 24) | (((rgba >>> 16) & 255) << 8) | (((rgba >>> 8) & 255) << 16) | ((rgba & 255) << 24)) >>> 0;
}

/**
 * The CPU side of the polygon outlines: every polygon of the store as GL line segments (two
 * vertices a segment, POLYGON_VERTEX layout) in one array that mirrors the GPU buffer. Each
 * polygon slot owns a range of segments (its vertex count plus a little headroom) for as long
 * as it fits, so an edit rewrites only that range and marks it dirty for a sub-range upload;
 * unused segments and deleted polygons get alpha 0 (not drawn). A polygon that outgrows its
 * range moves to the end; the hole is reclaimed at the next {@link rebuild} (a load, new
 * labels). Nothing here runs per polygon per frame.
 *
 * Culling: a rebuild lays the ranges out cell by cell of a {@link GRID}² grid over the polygons'
 * extent and keeps each cell's segment span and the union of its polygons' boxes (grown when
 * one of them moves); {@link visibleRanges} then returns only the spans of cells meeting the
 * view, merged, plus the tail of ranges allocated since the rebuild — a few draw calls, and no
 * vertex work for polygons far off screen.
 */
export class PolygonLines {
  private f32 = new Float32Array(0);
  private u32 = new Uint32Array(0);
  private bytes = new Uint8Array(0);
  /** Segments in use (the draw count is twice this). */
  used = 0;
  private start = new Int32Array(0);
  private cap = new Int32Array(0);
  private cellOf = new Int32Array(0);
  /** Per cell: first and end segment. */
  private cellSpan = new Int32Array(2 * GRID * GRID);
  /** Per cell: x0, y0, x1, y1 of its polygons' boxes (image px; grown on edits). */
  private cellBounds = new Float64Array(4 * GRID * GRID);
  /** Segments from here on were allocated after the last rebuild (always drawn). */
  private tail = 0;
  private dirtyMin = Infinity;
  private dirtyMax = -1;

  /** Mean edge length of the polygons at the last rebuild, image px (picks the level of detail). */
  meanEdge = 0;

  /**
   * `maxVertices`: a coarse level of detail keeps at most about this many vertices a polygon
   * (every k-th), for zooms where its edges would be a pixel or two on screen.
   */
  constructor(
    private readonly store: AnnotationStore,
    private readonly colors: () => Uint32Array,
    private readonly maxVertices = Infinity,
  ) {
    // The coarse level is rewritten in place unless it gains a vertex: no spare segments.
    this.headroom = maxVertices === Infinity ? HEADROOM : 0;
  }

  private readonly headroom: number;

  /** Vertices kept of `n` (and the stride between them). */
  private kept(n: number): { m: number; step: number } {
    const step = n > this.maxVertices ? Math.ceil(n / this.maxVertices) : 1;
    return { m: Math.ceil(n / step), step };
  }

  /** Vertices to draw. */
  get vertexCount(): number {
    return 2 * this.used;
  }

  /** The vertex bytes (the whole array; its size changes when it grows). */
  get data(): Uint8Array {
    return this.bytes;
  }

  /** Byte range written since the last {@link takeDirty}: [start, end), empty when equal. */
  takeDirty(): { start: number; end: number } {
    const r =
      this.dirtyMax < 0
        ? { start: 0, end: 0 }
        : { start: this.dirtyMin * 2 * POLYGON_VERTEX.bytes, end: this.dirtyMax * 2 * POLYGON_VERTEX.bytes };
    this.dirtyMin = Infinity;
    this.dirtyMax = -1;
    return r;
  }

  /** Rewrites everything from the store (compacting the ranges). */
  rebuild(): void {
    const { store } = this;
    const n = store.slotCount;
    this.start = new Int32Array(Math.max(n, 256)).fill(-1);
    this.cap = new Int32Array(Math.max(n, 256));
    this.cellOf = new Int32Array(Math.max(n, 256)).fill(-1);
    const shapes = store.shapesBySlot;
    const labels = store.labelsBySlot;
    const r = store.rects;
    // The grid spans the polygons' boxes.
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    const slots: number[] = [];
    for (let s = 0; s < n; s++) {
      if (shapes[s] !== 1 || (labels[s] ?? -1) < 0) continue;
      slots.push(s);
      x0 = Math.min(x0, r[4 * s]!);
      y0 = Math.min(y0, r[4 * s + 1]!);
      x1 = Math.max(x1, r[4 * s]! + r[4 * s + 2]!);
      y1 = Math.max(y1, r[4 * s + 1]! + r[4 * s + 3]!);
    }
    const cw = Math.max(1e-9, (x1 - x0) / GRID);
    const ch = Math.max(1e-9, (y1 - y0) / GRID);
    const cellCount = new Int32Array(GRID * GRID + 1);
    let total = 0;
    let length = 0;
    let edges = 0;
    for (const s of slots) {
      const i = Math.min(GRID - 1, Math.floor((r[4 * s]! + r[4 * s + 2]! / 2 - x0) / cw));
      const j = Math.min(GRID - 1, Math.floor((r[4 * s + 1]! + r[4 * s + 3]! / 2 - y0) / ch));
      this.cellOf[s] = j * GRID + i;
      cellCount[j * GRID + i + 1]! += 1;
      const points = this.pointsAt(s);
      const n = points.length >> 1;
      total += this.kept(n).m + this.headroom;
      for (let i = 0, j = n - 1; i < n; j = i++)
        length += Math.hypot(points[2 * i]! - points[2 * j]!, points[2 * i + 1]! - points[2 * j + 1]!);
      edges += n;
    }
    this.meanEdge = edges > 0 ? length / edges : 0;
    // Slots in cell order (a counting sort), so each cell's ranges are one span.
    for (let c = 1; c <= GRID * GRID; c++) cellCount[c]! += cellCount[c - 1]!;
    const ordered = new Int32Array(slots.length);
    for (const s of slots) ordered[cellCount[this.cellOf[s]!]!++] = s;
    this.used = 0;
    this.tail = Number.MAX_SAFE_INTEGER;
    this.ensure(total);
    this.u32.fill(0);
    this.cellSpan.fill(0);
    this.cellBounds.fill(0);
    let cell = -1;
    for (const s of ordered) {
      const c = this.cellOf[s]!;
      if (c !== cell) {
        cell = c;
        this.cellSpan[2 * c] = this.used;
        this.cellBounds.set([Infinity, Infinity, -Infinity, -Infinity], 4 * c);
      }
      this.write(s);
      this.cellSpan[2 * c + 1] = this.used;
    }
    this.tail = this.used;
    this.markDirty(0, Math.max(1, this.used));
  }

  /** Slot `s` changed (added, moved, reshaped, relabelled, hidden or deleted). */
  update(s: number): void {
    if (s >= this.start.length) this.growSlots(s + 1);
    this.write(s);
  }

  /** The segment range slot `s` owns (tests), or null. */
  rangeOf(s: number): { start: number; capacity: number } | null {
    const start = this.start[s] ?? -1;
    return start < 0 ? null : { start, capacity: this.cap[s] ?? 0 };
  }

  private pointsAt(s: number): readonly number[] {
    const id = this.store.idAt(s);
    return (id === undefined ? undefined : this.store.get(id)?.points) ?? [];
  }

  private write(s: number): void {
    const label = this.store.labelsBySlot[s] ?? -1;
    const points = label >= 0 && this.store.shapesBySlot[s] === 1 ? this.pointsAt(s) : [];
    const { m: n, step } = this.kept(points.length >> 1);
    let start = this.start[s] ?? -1;
    const cap = this.cap[s] ?? 0;
    if (n === 0) {
      if (start >= 0) this.clear(start, start + cap);
      return;
    }
    if (start < 0 || n > cap) {
      if (start >= 0) this.clear(start, start + cap);
      // A range allocated during a rebuild stays in its cell's span; a later one is in the tail.
      if (this.used >= this.tail) this.cellOf[s] = -1;
      start = this.used;
      this.ensure(start + n + this.headroom);
      this.used = start + n + this.headroom;
      this.start[s] = start;
      this.cap[s] = n + this.headroom;
    }
    const c = this.cellOf[s] ?? -1;
    if (c >= 0) {
      const r = this.store.rects;
      const b = this.cellBounds;
      b[4 * c] = Math.min(b[4 * c]!, r[4 * s]!);
      b[4 * c + 1] = Math.min(b[4 * c + 1]!, r[4 * s + 1]!);
      b[4 * c + 2] = Math.max(b[4 * c + 2]!, r[4 * s]! + r[4 * s + 2]!);
      b[4 * c + 3] = Math.max(b[4 * c + 3]!, r[4 * s + 1]! + r[4 * s + 3]!);
    }
    const color = this.colors()[label] ?? 0xff808080;
    const f = this.f32;
    const u = this.u32;
    for (let i = 0; i < n; i++) {
      const a = 2 * i * step;
      const b = i + 1 === n ? 0 : a + 2 * step;
      const o = (start + i) * 2 * WORDS;
      f[o] = points[a]!;
      f[o + 1] = points[a + 1]!;
      u[o + 2] = color;
      f[o + 3] = points[b]!;
      f[o + 4] = points[b + 1]!;
      u[o + 5] = color;
    }
    const end = start + (this.cap[s] ?? n);
    for (let k = start + n; k < end; k++) {
      u[k * 2 * WORDS + 2] = 0;
      u[k * 2 * WORDS + 5] = 0;
    }
    this.markDirty(start, end);
  }

  /**
   * Vertex ranges to draw for the view `rect` (image px), into `out` as [first, count, …]: the
   * spans of the grid cells meeting it (adjacent ones merged) and the tail.
   */
  visibleRanges(rect: Rect, out: number[] = []): number[] {
    out.length = 0;
    const x1 = rect.x + rect.width;
    const y1 = rect.y + rect.height;
    const b = this.cellBounds;
    let runStart = -1;
    let runEnd = -1;
    const push = () => {
      if (runEnd > runStart) out.push(2 * runStart, 2 * (runEnd - runStart));
    };
    for (let c = 0; c < GRID * GRID; c++) {
      const s0 = this.cellSpan[2 * c]!;
      const s1 = this.cellSpan[2 * c + 1]!;
      if (s1 <= s0 || b[4 * c]! > x1 || b[4 * c + 2]! < rect.x || b[4 * c + 1]! > y1 || b[4 * c + 3]! < rect.y)
        continue;
      if (s0 === runEnd) runEnd = s1;
      else {
        push();
        runStart = s0;
        runEnd = s1;
      }
    }
    push();
    if (this.used > this.tail) out.push(2 * this.tail, 2 * (this.used - this.tail));
    return out;
  }

  /** Hides segments [a, b) (alpha 0). */
  private clear(a: number, b: number): void {
    for (let k = a; k < b; k++) {
      this.u32[k * 2 * WORDS + 2] = 0;
      this.u32[k * 2 * WORDS + 5] = 0;
    }
    this.markDirty(a, b);
  }

  private markDirty(a: number, b: number): void {
    if (a < this.dirtyMin) this.dirtyMin = a;
    if (b > this.dirtyMax) this.dirtyMax = b;
  }

  /** Room for `segments` segments (doubling; the next upload re-allocates the GPU buffer). */
  private ensure(segments: number): void {
    const have = this.u32.length / (2 * WORDS);
    if (segments <= have) return;
    const next = Math.max(segments, 2 * have, 1024);
    const u32 = new Uint32Array(next * 2 * WORDS);
    u32.set(this.u32);
    this.u32 = u32;
    this.f32 = new Float32Array(u32.buffer);
    this.bytes = new Uint8Array(u32.buffer);
  }

  private growSlots(n: number): void {
    const size = Math.max(n, 2 * this.start.length, 256);
    const start = new Int32Array(size).fill(-1);
    start.set(this.start);
    const cap = new Int32Array(size);
    cap.set(this.cap);
    const cellOf = new Int32Array(size).fill(-1);
    cellOf.set(this.cellOf);
    this.cellOf = cellOf;
    this.start = start;
    this.cap = cap;
  }
}
