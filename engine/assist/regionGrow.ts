/**
 * The pixel work behind {@link proposeRegion}, on planar float images: box-average shrinking,
 * a binomial blur, a colour gradient, and a marker flood (priority-flood watershed) that grows
 * the object from the positive clicks and the background from the window border and the
 * negative clicks, pixel by pixel in order of gradient, so the two meet on the strongest edge
 * between them. Pure typed-array code: it runs the same in a worker, in Node and in tests.
 */

/** A planar RGB image (three Float32Array channels), `width` × `height`. */
export interface Planes {
  width: number;
  height: number;
  r: Float32Array;
  g: Float32Array;
  b: Float32Array;
}

/** RGBA pixels, row-major, 4 bytes a pixel. */
export interface Rgba {
  width: number;
  height: number;
  data: ArrayLike<number>;
}

/** A pixel rectangle of an image (integers). */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part `rect` of `image` shrunk by the integer `factor` (each output pixel averages its
 * factor × factor block, clipped at the edges) into planar floats. Factor 1 copies.
 */
export function shrink(image: Rgba, rect: PixelRect, factor: number): Planes {
  const { data } = image;
  const w = Math.ceil(rect.width / factor);
  const h = Math.ceil(rect.height / factor);
  const r = new Float32Array(w * h);
  const g = new Float32Array(w * h);
  const b = new Float32Array(w * h);
  if (factor === 2) return shrinkByTwo(image, rect, { width: w, height: h, r, g, b });
  // One output row's sums, interleaved: small enough to stay in cache while its rows are read.
  const acc = new Float64Array(w * 3);
  for (let oy = 0; oy < h; oy++) {
    acc.fill(0);
    const y0 = oy * factor;
    const y1 = Math.min(rect.height, y0 + factor);
    for (let y = y0; y < y1; y++) {
      let src = ((rect.y + y) * image.width + rect.x) * 4;
      for (let ox = 0, x = 0; ox < w; ox++) {
        const end = Math.min(rect.width, x + factor);
        let sr = 0;
        let sg = 0;
        let sb = 0;
        for (; x < end; x++, src += 4) {
          sr += data[src]!;
          sg += data[src + 1]!;
          sb += data[src + 2]!;
        }
        acc[ox * 3] = acc[ox * 3]! + sr;
        acc[ox * 3 + 1] = acc[ox * 3 + 1]! + sg;
        acc[ox * 3 + 2] = acc[ox * 3 + 2]! + sb;
      }
    }
    const rows = y1 - y0;
    for (let ox = 0; ox < w; ox++) {
      // Edge blocks may be clipped: each divides by its own pixel count.
      const inv = 1 / (rows * (Math.min(rect.width, (ox + 1) * factor) - ox * factor));
      const o = oy * w + ox;
      r[o] = acc[ox * 3]! * inv;
      g[o] = acc[ox * 3 + 1]! * inv;
      b[o] = acc[ox * 3 + 2]! * inv;
    }
  }
  return { width: w, height: h, r, g, b };
}

/** {@link shrink} by 2, the usual case (1024² to 512²): each output reads its 2 × 2 block once. */
function shrinkByTwo(image: Rgba, rect: PixelRect, out: Planes): Planes {
  const { data } = image;
  const { width: w, height: h, r, g, b } = out;
  const stride = image.width * 4;
  for (let oy = 0; oy < h; oy++) {
    const y = oy * 2;
    // A clipped edge block repeats its pixels, which averages the same as dividing by its count.
    const dy = y + 1 < rect.height ? stride : 0;
    let a = ((rect.y + y) * image.width + rect.x) * 4;
    for (let ox = 0; ox < w; ox++, a += 8) {
      const dx = ox * 2 + 1 < rect.width ? 4 : 0;
      const o = oy * w + ox;
      r[o] = (data[a]! + data[a + dx]! + data[a + dy]! + data[a + dy + dx]!) * 0.25;
      g[o] = (data[a + 1]! + data[a + dx + 1]! + data[a + dy + 1]! + data[a + dy + dx + 1]!) * 0.25;
      b[o] = (data[a + 2]! + data[a + dx + 2]! + data[a + dy + 2]! + data[a + dy + dx + 2]!) * 0.25;
    }
  }
  return out;
}

/** One pass of the separable binomial [1 4 6 4 1] / 16 blur, edges clamped, in place. */
export function blur(p: Planes): void {
  const { width: w, height: h } = p;
  const line = new Float32Array(w + 4);
  const copy = new Float32Array(w * h);
  for (const c of [p.r, p.g, p.b]) {
    // Rows through a padded line (edges repeated) so the kernel has no branches.
    for (let y = 0; y < h; y++) {
      const o = y * w;
      line[0] = line[1] = c[o]!;
      line.set(c.subarray(o, o + w), 2);
      line[w + 2] = line[w + 3] = c[o + w - 1]!;
      for (let x = 0; x < w; x++)
        c[o + x] = (line[x]! + 4 * line[x + 1]! + 6 * line[x + 2]! + 4 * line[x + 3]! + line[x + 4]!) * 0.0625;
    }
    // Columns a whole row at a time (memory order), from a copy.
    copy.set(c);
    for (let y = 0; y < h; y++) {
      const a = Math.max(0, y - 2) * w;
      const b = Math.max(0, y - 1) * w;
      const m = y * w;
      const d = Math.min(h - 1, y + 1) * w;
      const e = Math.min(h - 1, y + 2) * w;
      for (let x = 0; x < w; x++)
        c[m + x] = (copy[a + x]! + 4 * copy[b + x]! + 6 * copy[m + x]! + 4 * copy[d + x]! + copy[e + x]!) * 0.0625;
    }
  }
}

/** Colour gradient magnitude: the central differences of the three channels, summed in quadrature. */
export function gradient(p: Planes): Float32Array {
  const { width: w, height: h, r: R, g: G, b: B } = p;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const up = Math.max(0, y - 1) * w;
    const down = Math.min(h - 1, y + 1) * w;
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const l = row + (x > 0 ? x - 1 : 0);
      const r = row + (x < w - 1 ? x + 1 : x);
      const rx = R[r]! - R[l]!;
      const gx = G[r]! - G[l]!;
      const bx = B[r]! - B[l]!;
      const ry = R[down + x]! - R[up + x]!;
      const gy = G[down + x]! - G[up + x]!;
      const by = B[down + x]! - B[up + x]!;
      out[row + x] = Math.sqrt(rx * rx + gx * gx + bx * bx + ry * ry + gy * gy + by * by);
    }
  }
  return out;
}

/** Priority levels of the flood's bucket queue. */
const LEVELS = 4096;

/** Label values of {@link flood}'s output. */
export const UNLABELLED = 0;
export const OBJECT = 1;
export const BACKGROUND = 2;
/** The flood's padding frame: never grown into. */
const FRAME = 255;

/**
 * Marker-controlled flood: `labels` holds OBJECT and BACKGROUND markers (0 elsewhere) and is
 * filled in place. Pixels are taken in order of max(gradient, level reached), ties first-in
 * first-out (a flat area fills breadth-first from both sides), each getting the label of the
 * neighbour that reached it. The gradient is quantised on a square-root scale so weak edges
 * keep their order (a low-contrast object's rim still stands above the noise).
 */
export function flood(width: number, height: number, grad: Float32Array, labels: Uint8Array): void {
  const n = width * height;
  let max = 0;
  for (let i = 0; i < n; i++) if (grad[i]! > max) max = grad[i]!;
  const scale = max > 0 ? (LEVELS - 1) / Math.sqrt(max) : 0;
  // A grid padded by one pixel whose frame is already "labelled", so neighbours need no bounds checks.
  const pw = width + 2;
  const pn = pw * (height + 2);
  const level = new Uint16Array(pn);
  const lab = new Uint8Array(pn).fill(FRAME);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const j = (y + 1) * pw + x + 1;
      level[j] = Math.min(LEVELS - 1, Math.sqrt(grad[i]!) * scale) | 0;
      lab[j] = labels[i]!;
    }
  }
  // A FIFO per level: `next` links pixels, `head`/`tail` the ends of each level's list.
  const head = new Int32Array(LEVELS).fill(-1);
  const tail = new Int32Array(LEVELS).fill(-1);
  const next = new Int32Array(pn);
  for (let j = 0; j < pn; j++) {
    if (lab[j] !== OBJECT && lab[j] !== BACKGROUND) continue;
    next[j] = -1;
    if (tail[0]! < 0) head[0] = j;
    else next[tail[0]!] = j;
    tail[0] = j;
  }
  // Appending to the level being drained is fine: the walk reaches it. Unrolled over the four
  // neighbours: this loop is most of the proposal's time.
  for (let q = 0; q < LEVELS; q++) {
    let i = head[q]!;
    while (i >= 0) {
      const label = lab[i]!;
      for (let k = 0; k < 4; k++) {
        const j = k === 0 ? i - 1 : k === 1 ? i + 1 : k === 2 ? i - pw : i + pw;
        if (lab[j] !== UNLABELLED) continue;
        lab[j] = label;
        const lj = level[j]!;
        const qj = lj > q ? lj : q;
        next[j] = -1;
        const t = tail[qj]!;
        if (t < 0) head[qj] = j;
        else next[t] = j;
        tail[qj] = j;
      }
      i = next[i]!;
    }
  }
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) labels[y * width + x] = lab[(y + 1) * pw + x + 1]!;
}
