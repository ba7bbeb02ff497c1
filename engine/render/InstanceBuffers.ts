/**
 * CPU mirror and GPU buffers of per-instance box data (rect as 4 float32, colour as 4 bytes,
 * flags as 1 byte), one entry per slot. Writes mark slot ranges dirty; {@link flush} uploads only
 * those ranges with `bufferSubData`, so editing one box of 100,000 moves 25 bytes, not 2.5 MB.
 */
export class InstanceBuffers {
  capacity = 0;
  rects = new Float32Array(0);
  colors = new Uint8Array(0);
  flags = new Uint8Array(0);
  readonly rectBuffer: WebGLBuffer;
  readonly colorBuffer: WebGLBuffer;
  readonly flagBuffer: WebGLBuffer;
  /** Sorted, disjoint [start, end) slot ranges waiting for upload. */
  private dirty: Array<[number, number]> = [];
  private needsRealloc = true;
  /** Bytes sent to the GPU by the last flush (for stats and tests). */
  lastUploadBytes = 0;

  constructor(private readonly gl: WebGL2RenderingContext, initialCapacity = 1024) {
    const make = () => {
      const b = gl.createBuffer();
      if (!b) throw new Error('createBuffer failed');
      return b;
    };
    this.rectBuffer = make();
    this.colorBuffer = make();
    this.flagBuffer = make();
    this.grow(initialCapacity);
  }

  /** Makes room for `slots` entries (doubling), keeping the data; the next flush re-allocates. */
  ensureCapacity(slots: number): void {
    if (slots > this.capacity) this.grow(Math.max(slots, this.capacity * 2));
  }

  private grow(capacity: number): void {
    const rects = new Float32Array(capacity * 4);
    const colors = new Uint8Array(capacity * 4);
    const flags = new Uint8Array(capacity);
    rects.set(this.rects);
    colors.set(this.colors);
    flags.set(this.flags);
    this.rects = rects;
    this.colors = colors;
    this.flags = flags;
    this.capacity = capacity;
    this.needsRealloc = true;
  }

  /** Marks slots [start, end) for upload; nearby ranges merge so a flush stays a few calls. */
  markDirty(start: number, end: number): void {
    if (end <= start) return;
    const gap = 256;
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
    // Many scattered edits: one covering upload is cheaper than dozens of calls.
    this.dirty = merged.length > 16 ? [[merged[0]?.[0] ?? s, merged[merged.length - 1]?.[1] ?? e]] : merged;
  }

  get hasPending(): boolean {
    return this.needsRealloc || this.dirty.length > 0;
  }

  /** Uploads what changed: everything after a capacity change, else the dirty ranges only. */
  flush(): void {
    const { gl } = this;
    this.lastUploadBytes = 0;
    if (this.needsRealloc) {
      this.needsRealloc = false;
      this.dirty = [];
      for (const [buffer, data] of [[this.rectBuffer, this.rects], [this.colorBuffer, this.colors], [this.flagBuffer, this.flags]] as const) {
        gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
        gl.bufferData(gl.ARRAY_BUFFER, data, gl.DYNAMIC_DRAW);
        this.lastUploadBytes += data.byteLength;
      }
      return;
    }
    for (const [start, endRaw] of this.dirty) {
      const end = Math.min(endRaw, this.capacity);
      if (end <= start) continue;
      gl.bindBuffer(gl.ARRAY_BUFFER, this.rectBuffer);
      gl.bufferSubData(gl.ARRAY_BUFFER, start * 16, this.rects, start * 4, (end - start) * 4);
      gl.bindBuffer(gl.ARRAY_BUFFER, this.colorBuffer);
      gl.bufferSubData(gl.ARRAY_BUFFER, start * 4, this.colors, start * 4, (end - start) * 4);
      gl.bindBuffer(gl.ARRAY_BUFFER, this.flagBuffer);
      gl.bufferSubData(gl.ARRAY_BUFFER, start, this.flags, start, end - start);
      this.lastUploadBytes += (end - start) * 25;
    }
    this.dirty = [];
  }

  /** Binds the three buffers as per-instance attributes of the currently bound VAO. */
  bindAttributes(rectLoc: number, colorLoc: number, flagLoc: number): void {
    const { gl } = this;
    const bind = (buffer: WebGLBuffer, loc: number, size: number, type: number, normalized: boolean) => {
      if (loc < 0) return;
      gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
      gl.enableVertexAttribArray(loc);
      gl.vertexAttribPointer(loc, size, type, normalized, 0, 0);
      gl.vertexAttribDivisor(loc, 1);
    };
    bind(this.rectBuffer, rectLoc, 4, gl.FLOAT, false);
    bind(this.colorBuffer, colorLoc, 4, gl.UNSIGNED_BYTE, true);
    // Not normalised: the shader reads the bit flags as a float 0..255.
    bind(this.flagBuffer, flagLoc, 1, gl.UNSIGNED_BYTE, false);
  }

  dispose(): void {
    this.gl.deleteBuffer(this.rectBuffer);
    this.gl.deleteBuffer(this.colorBuffer);
    this.gl.deleteBuffer(this.flagBuffer);
  }
}
