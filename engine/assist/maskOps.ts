/**
 * Binary-mask clean-up for {@link proposeRegion}: the 4-connected component around the seeds,
 * holes filled, and a small closing that smooths one-pixel notches. Masks are Uint8Array, 1 =
 * object, row-major.
 */

/** Pushes pixel `j` when it is on `mask` and not yet in `out`; returns the new stack top. */
function visit(mask: Uint8Array, out: Uint8Array, stack: Int32Array, top: number, j: number): number {
  if (mask[j] !== 1 || out[j] === 1) return top;
  out[j] = 1;
  stack[top] = j;
  return top + 1;
}

/** Marks in `out` (1) the 4-connected component of `mask` containing pixel `start`; returns its size. */
function fillComponent(mask: Uint8Array, width: number, start: number, out: Uint8Array, stack: Int32Array): number {
  if (mask[start] !== 1 || out[start] === 1) return 0;
  const n = mask.length;
  let top = 0;
  let size = 0;
  stack[top++] = start;
  out[start] = 1;
  while (top > 0) {
    const i = stack[--top]!;
    size += 1;
    const x = i % width;
    if (x > 0) top = visit(mask, out, stack, top, i - 1);
    if (x < width - 1) top = visit(mask, out, stack, top, i + 1);
    if (i >= width) top = visit(mask, out, stack, top, i - width);
    if (i < n - width) top = visit(mask, out, stack, top, i + width);
  }
  return size;
}

/**
 * The largest of the 4-connected components of `mask` that contain one of `seeds` (pixel
 * indices), or null when no seed lies on the mask.
 */
export function seedComponent(mask: Uint8Array, width: number, seeds: readonly number[]): Uint8Array | null {
  const stack = new Int32Array(mask.length);
  let best: Uint8Array | null = null;
  let bestSize = 0;
  for (const seed of seeds) {
    if (best?.[seed] === 1) continue;
    const out = new Uint8Array(mask.length);
    const size = fillComponent(mask, width, seed, out, stack);
    if (size > bestSize) {
      best = out;
      bestSize = size;
    }
  }
  return best;
}

/** Fills the holes of `mask` in place: background not 4-connected to the border becomes object. */
export function fillHoles(mask: Uint8Array, width: number, height: number): void {
  const n = width * height;
  const outside = new Uint8Array(n);
  const inverse = new Uint8Array(n);
  for (let i = 0; i < n; i++) inverse[i] = mask[i] === 1 ? 0 : 1;
  const stack = new Int32Array(n);
  const edge = (i: number) => {
    if (inverse[i] === 1 && outside[i] === 0) fillComponent(inverse, width, i, outside, stack);
  };
  for (let x = 0; x < width; x++) {
    edge(x);
    edge((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    edge(y * width);
    edge(y * width + width - 1);
  }
  for (let i = 0; i < n; i++) if (outside[i] === 0) mask[i] = 1;
}

/**
 * One 3 × 3 (square) dilation (`value` 1) or erosion (`value` 0), returned as a new mask: a
 * pixel becomes `value` when any pixel of its 3 × 3 neighbourhood (inside the mask) has it,
 * done as a row pass then a column pass.
 */
function morph(mask: Uint8Array, width: number, height: number, value: 0 | 1): Uint8Array {
  const rows = mask.slice();
  for (let y = 0; y < height; y++) {
    const o = y * width;
    for (let x = 0; x < width; x++) {
      if (mask[o + x] === value) continue;
      if ((x > 0 && mask[o + x - 1] === value) || (x < width - 1 && mask[o + x + 1] === value)) rows[o + x] = value;
    }
  }
  const out = rows.slice();
  for (let y = 0; y < height; y++) {
    const o = y * width;
    const up = y > 0 ? o - width : o;
    const down = y < height - 1 ? o + width : o;
    for (let x = 0; x < width; x++) if (rows[up + x] === value || rows[down + x] === value) out[o + x] = value;
  }
  return out;
}

/** Morphological closing (dilate, then erode) with a 3 × 3 square; pixels at the window edge stay. */
export function close(mask: Uint8Array, width: number, height: number): Uint8Array {
  return morph(morph(mask, width, height, 1), width, height, 0);
}
