import { BOX_VERTEX } from '../../shaders';

const BOX_BYTES = BOX_VERTEX.bytes * BOX_VERTEX.perBox;
const F32_PER_VERTEX = BOX_VERTEX.bytes / 4;

/**
 * A list of boxes as GPU vertices (eight per box, see BOX_VERTEX) with a CPU mirror. Writes mark
 * box ranges dirty; {@link flush} uploads only those ranges with `bufferSubData`, so editing one
 * box moves 192 bytes, not the whole list.
 */
export class BoxBuffer {
  readonly buffer: WebGLBuffer;
  /** Boxes in use (the draw covers `length * 8` vertices). */
  length = 0;
  private capacity = 0;
  private f32 = new Float32Array(0);
  private u32 = new Uint32Array(0);
  private u8 = new Uint8Array(0);
  /** Sorted, disjoint [start, end) box ranges waiting for upload. */
  private dirty: Array<[number, number]> = [];
  private realloc = true;
  /** Bytes sent by the last flush (stats, tests). */
  lastUploadBytes = 0;

  constructor(private readonly gl: WebGL2RenderingContext, initialCapacity = 256) {
    const b = gl.createBuffer();
    if (!b) throw new Error('createBuffer failed');
    this.buffer = b;
    this.grow(initialCapacity);
  }

  /** Makes room for `boxes` entries (doubling, keeping data); the next flush re-allocates. */
  ensureCapacity(boxes: number): void {
    if (boxes > this.capacity) this.grow(Math.max(boxes, this.capacity * 2));
  }

  private grow(capacity: number): void {
    const bytes = new ArrayBuffer(capacity * BOX_BYTES);
    const u8 = new Uint8Array(bytes);
    u8.set(this.u8);
    this.u8 = u8;
    this.f32 = new Float32Array(bytes);
    this.u32 = new Uint32Array(bytes);
    this.capacity = capacity;
    this.realloc = true;
  }

  /**
   * Writes box `i` (all eight vertices): image-px rect, RGBA bytes, BOX_FLAGS bits, label index
   * (the label pass's atlas cell). Bulk writers pass `mark = false` and mark the whole range once
   * (range merging per box is the slow part).
   */
  set(i: number, x: number, y: number, w: number, h: number, rgba: number, flags: number, label = 0, mark = true): void {
    const { f32, u32 } = this;
    // Whole 32-bit words: the colour bytes R, G, B, A in memory order (little-endian), then flags.
    const color = (((rgba & 255) << 24) | (((rgba >>> 8) & 255) << 16) | (((rgba >>> 16) & 255) << 8) | (rgba >>> 24)) >>> 0;
    // Flags in byte 20, the label in bytes 22–23 (little-endian uint16).
    const tail = ((flags & 255) | ((label & 0xffff) << 16)) >>> 0;
    let w0 = i * BOX_VERTEX.perBox * F32_PER_VERTEX;
    for (let v = 0; v < BOX_VERTEX.perBox; v++, w0 += F32_PER_VERTEX) {
      f32[w0] = x;
      f32[w0 + 1] = y;
      f32[w0 + 2] = w;
      f32[w0 + 3] = h;
      u32[w0 + 4] = color;
      u32[w0 + 5] = tail;
    }
    if (mark) this.markDirty(i, i + 1);
  }

  /** Rewrites only the flags of box `i`. */
  setFlags(i: number, flags: number): void {
    for (let v = 0; v < BOX_VERTEX.perBox; v++) this.u8[(i * BOX_VERTEX.perBox + v) * BOX_VERTEX.bytes + BOX_VERTEX.flagsOffset] = flags;
    this.markDirty(i, i + 1);
  }

  /** Flags of box `i`. */
  flags(i: number): number {
    return this.u8[i * BOX_BYTES + BOX_VERTEX.flagsOffset] ?? 0;
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

  /** Uploads what changed: the whole store after a capacity change, else dirty ranges only. */
  flush(): void {
    const { gl } = this;
    this.lastUploadBytes = 0;
    if (!this.realloc && this.dirty.length === 0) return;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    if (this.realloc) {
      this.realloc = false;
      this.dirty = [];
      gl.bufferData(gl.ARRAY_BUFFER, this.u8, gl.DYNAMIC_DRAW);
      this.lastUploadBytes = this.u8.byteLength;
      return;
    }
    for (const [start, end] of this.dirty) {
      const e = Math.min(end, this.capacity);
      if (e <= start) continue;
      gl.bufferSubData(gl.ARRAY_BUFFER, start * BOX_BYTES, this.u8, start * BOX_BYTES, (e - start) * BOX_BYTES);
      this.lastUploadBytes += (e - start) * BOX_BYTES;
    }
    this.dirty = [];
  }

  /** Binds the buffer's attributes to the currently bound VAO. */
  bindAttributes(rectLoc: number, colorLoc: number, flagsLoc: number, labelLoc = -1): void {
    const { gl } = this;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    const stride = BOX_VERTEX.bytes;
    if (rectLoc >= 0) {
      gl.enableVertexAttribArray(rectLoc);
      gl.vertexAttribPointer(rectLoc, 4, gl.FLOAT, false, stride, BOX_VERTEX.rectOffset);
    }
    if (colorLoc >= 0) {
      gl.enableVertexAttribArray(colorLoc);
      gl.vertexAttribPointer(colorLoc, 4, gl.UNSIGNED_BYTE, true, stride, BOX_VERTEX.colorOffset);
    }
    if (flagsLoc >= 0) {
      gl.enableVertexAttribArray(flagsLoc);
      // Not normalised: the shader reads the bit flags as a float 0..255.
      gl.vertexAttribPointer(flagsLoc, 1, gl.UNSIGNED_BYTE, false, stride, BOX_VERTEX.flagsOffset);
    }
    if (labelLoc >= 0) {
      gl.enableVertexAttribArray(labelLoc);
      gl.vertexAttribIPointer(labelLoc, 1, gl.UNSIGNED_SHORT, stride, BOX_VERTEX.labelOffset);
    }
  }

  dispose(): void {
    this.gl.deleteBuffer(this.buffer);
  }
}

/** Packs RGBA bytes into the 32-bit colour {@link BoxBuffer.set} takes. */
export function packRgba(r: number, g: number, b: number, a: number): number {
  return ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
}
