import { POLYGON_VERTEX } from '../../shaders';
import type { AnnotationStore } from '../AnnotationStore';

const WORDS = POLYGON_VERTEX.words;
/** Spare segments a polygon's range gets, so inserting a vertex or two rewrites it in place. */
const HEADROOM = 2;

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
 * labels). Nothing here runs per frame.
 */
export class PolygonLines {
  private f32 = new Float32Array(0);
  private u32 = new Uint32Array(0);
  private bytes = new Uint8Array(0);
  /** Segments in use (the draw count is twice this). */
  used = 0;
  private start = new Int32Array(0);
  private cap = new Int32Array(0);
  private dirtyMin = Infinity;
  private dirtyMax = -1;

  constructor(
    private readonly store: AnnotationStore,
    private readonly colors: () => Uint32Array,
  ) {}

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
    let total = 0;
    const shapes = store.shapesBySlot;
    for (let s = 0; s < n; s++) if (shapes[s] === 1) total += this.pointsAt(s).length / 2 + HEADROOM;
    this.used = 0;
    this.ensure(total);
    this.u32.fill(0);
    for (let s = 0; s < n; s++) if (shapes[s] === 1) this.write(s);
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
    const n = points.length >> 1;
    let start = this.start[s] ?? -1;
    const cap = this.cap[s] ?? 0;
    if (n === 0) {
      if (start >= 0) this.clear(start, start + cap);
      return;
    }
    if (start < 0 || n > cap) {
      if (start >= 0) this.clear(start, start + cap);
      start = this.used;
      this.ensure(start + n + HEADROOM);
      this.used = start + n + HEADROOM;
      this.start[s] = start;
      this.cap[s] = n + HEADROOM;
    }
    const color = this.colors()[label] ?? 0xff808080;
    const f = this.f32;
    const u = this.u32;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      const o = (start + i) * 2 * WORDS;
      f[o] = points[2 * i]!;
      f[o + 1] = points[2 * i + 1]!;
      u[o + 2] = color;
      f[o + 3] = points[2 * j]!;
      f[o + 4] = points[2 * j + 1]!;
      u[o + 5] = color;
    }
    const end = start + (this.cap[s] ?? n);
    for (let k = start + n; k < end; k++) {
      u[k * 2 * WORDS + 2] = 0;
      u[k * 2 * WORDS + 5] = 0;
    }
    this.markDirty(start, end);
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
    this.start = start;
    this.cap = cap;
  }
}
