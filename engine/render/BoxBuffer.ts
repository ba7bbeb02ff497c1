import { BOX_DATA } from '../../shaders';
import { setNearest } from './glProgram';

const WORDS = BOX_DATA.wordsPerBox;
/** Boxes per texture row. */
const ROW_BOXES = BOX_DATA.rowTexels / BOX_DATA.texelsPerBox;

/**
 * A list of boxes in a data texture (BOX_DATA: two RGBA32UI texels a box) with a CPU mirror.
 * The box and label shaders read it by box index, so a box costs 32 bytes to write and upload
 * however many vertices draw it. Writes mark box ranges dirty; {@link flush} uploads only those
 * ranges with `texSubImage2D` (a few row pieces each), so editing one box moves 32 bytes.
 */
export class BoxBuffer {
  readonly texture: WebGLTexture;
  /** Boxes in use. */
  length = 0;
  private capacity = 0;
  private u32 = new Uint32Array(0);
  private f32 = new Float32Array(0);
  /** Sorted, disjoint [start, end) box ranges waiting for upload. */
  private dirty: Array<[number, number]> = [];
  private realloc = true;
  /** Bytes sent by the last flush (stats, tests). */
  lastUploadBytes = 0;

  constructor(
    private readonly gl: WebGL2RenderingContext,
    initialCapacity = 256,
  ) {
    const t = gl.createTexture();
    if (!t) throw new Error('createTexture failed');
    this.texture = t;
    this.grow(initialCapacity);
  }

  /** Makes room for `boxes` entries (doubling, keeping data); the next flush re-allocates. */
  ensureCapacity(boxes: number): void {
    if (boxes > this.capacity) this.grow(Math.max(boxes, this.capacity * 2));
  }

  private grow(capacity: number): void {
    // Whole texture rows.
    const rounded = Math.ceil(Math.max(1, capacity) / ROW_BOXES) * ROW_BOXES;
    const u32 = new Uint32Array(rounded * WORDS);
    u32.set(this.u32);
    this.u32 = u32;
    this.f32 = new Float32Array(u32.buffer);
    this.capacity = rounded;
    this.realloc = true;
  }

  /**
   * Writes box `i`: image-px rect, RGBA bytes (0xRRGGBBAA), BOX_FLAGS bits, label index (the
   * label pass's atlas cell). Bulk writers pass `mark = false` and mark the whole range once
   * (range merging per box is the slow part).
   */
  set(
    i: number,
    x: number,
    y: number,
    w: number,
    h: number,
    rgba: number,
    flags: number,
    label = 0,
    mark = true,
  ): void {
    const o = i * WORDS;
    const f32 = this.f32;
    const u32 = this.u32;
    f32[o] = x;
    f32[o + 1] = y;
    f32[o + 2] = w;
    f32[o + 3] = h;
    // Colour bytes R, G, B, A from the low byte up; flags in the low byte, the label above.
    u32[o + 4] =
      ((rgba >>> 24) | (((rgba >>> 16) & 255) << 8) | (((rgba >>> 8) & 255) << 16) | ((rgba & 255) << 24)) >>> 0;
    u32[o + 5] = ((flags & 255) | ((label & 0xffff) << 16)) >>> 0;
    if (mark) this.markDirty(i, i + 1);
  }

  /** Rewrites only the flags of box `i`. */
  setFlags(i: number, flags: number): void {
    const o = i * WORDS + 5;
    this.u32[o] = (((this.u32[o] ?? 0) & ~255) | (flags & 255)) >>> 0;
    this.markDirty(i, i + 1);
  }

  /** Flags of box `i`. */
  flags(i: number): number {
    return (this.u32[i * WORDS + 5] ?? 0) & 255;
  }

  /** Marks boxes [start, end) for upload; nearby ranges merge so a flush stays a few calls. */
  markDirty(start: number, end: number): void {
    if (end <= start || this.realloc) return;
    const gap = 64;
    const merged: Array<[number, number]> = [];
    let s = start;
    let e = end;
    for (const r of this.dirty) {
      if (r[1] + gap < s || e + gap < r[0]) merged.push(r);
      else {
        s = Math.min(s, r[0]);
        e = Math.max(e, r[1]);
      }
    }
    merged.push([s, e]);
    merged.sort((a, b) => a[0] - b[0]);
    // Many scattered edits: one covering upload beats dozens of calls.
    this.dirty = merged.length > 16 ? [[merged[0]?.[0] ?? s, merged[merged.length - 1]?.[1] ?? e]] : merged;
  }

  /** Uploads what changed: the whole texture after a capacity change, else dirty ranges only. */
  flush(): void {
    const { gl } = this;
    this.lastUploadBytes = 0;
    if (!this.realloc && this.dirty.length === 0) return;
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    if (this.realloc) {
      this.realloc = false;
      this.dirty = [];
      setNearest(gl);
      gl.texImage2D(
        gl.TEXTURE_2D,
        0,
        gl.RGBA32UI,
        BOX_DATA.rowTexels,
        this.capacity / ROW_BOXES,
        0,
        gl.RGBA_INTEGER,
        gl.UNSIGNED_INT,
        this.u32,
      );
      this.lastUploadBytes = this.u32.byteLength;
      return;
    }
    for (const [start, end] of this.dirty) {
      const e = Math.min(end, this.capacity);
      if (e <= start) continue;
      // A partial first row, whole rows, a partial last row.
      const r0 = Math.floor(start / ROW_BOXES);
      const r1 = Math.floor((e - 1) / ROW_BOXES);
      if (r0 === r1) this.uploadRow(r0, start % ROW_BOXES, e - r0 * ROW_BOXES);
      else {
        this.uploadRow(r0, start % ROW_BOXES, ROW_BOXES);
        if (r1 > r0 + 1) {
          gl.texSubImage2D(
            gl.TEXTURE_2D,
            0,
            0,
            r0 + 1,
            BOX_DATA.rowTexels,
            r1 - r0 - 1,
            gl.RGBA_INTEGER,
            gl.UNSIGNED_INT,
            this.u32,
            (r0 + 1) * ROW_BOXES * WORDS,
          );
        }
        this.uploadRow(r1, 0, e - r1 * ROW_BOXES);
      }
      this.lastUploadBytes += (e - start) * WORDS * 4;
    }
    this.dirty = [];
  }

  /** Uploads boxes [b0, b1) of texture row `row` (indices within the row). */
  private uploadRow(row: number, b0: number, b1: number): void {
    if (b1 <= b0) return;
    const { gl } = this;
    const t = BOX_DATA.texelsPerBox;
    gl.texSubImage2D(
      gl.TEXTURE_2D,
      0,
      b0 * t,
      row,
      (b1 - b0) * t,
      1,
      gl.RGBA_INTEGER,
      gl.UNSIGNED_INT,
      this.u32,
      (row * ROW_BOXES + b0) * WORDS,
    );
  }

  dispose(): void {
    this.gl.deleteTexture(this.texture);
  }
}

/** Packs RGBA bytes into the 32-bit colour {@link BoxBuffer.set} takes. */
export function packRgba(r: number, g: number, b: number, a: number): number {
  return ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
}
