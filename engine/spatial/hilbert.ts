/**
 * Hilbert curve index of a point on a 2^16 × 2^16 grid, and a radix sort by it. Used to pack
 * the static R-tree: items close on the curve are close in the plane, so consecutive runs of
 * items make compact tree nodes.
 */

/**
 * The position of (`x`, `y`) (integers in [0, 65535]) along the Hilbert curve, as an unsigned
 * 32-bit integer. Branch-free algorithm by rawrunprotected (public domain,
 * https://github.com/rawrunprotected/hilbert_curves), as used by flatbush.
 */
export function hilbert(x: number, y: number): number {
  let a = x ^ y;
  let b = 0xffff ^ a;
  let c = 0xffff ^ (x | y);
  let d = x & (y ^ 0xffff);

  let A = a | (b >> 1);
  let B = (a >> 1) ^ a;
  let C = c ^ ((c >> 1) ^ (b & (d >> 1)));
  let D = d ^ ((a & (c >> 1)) ^ (d >> 1));

  a = (A & (A >> 2)) ^ (B & (B >> 2));
  b = (A & (B >> 2)) ^ (B & ((A ^ B) >> 2));
  c = C ^ ((A & (C >> 2)) ^ (B & (D >> 2)));
  d = D ^ ((B & (C >> 2)) ^ ((A ^ B) & (D >> 2)));

  A = (a & (a >> 4)) ^ (b & (b >> 4));
  B = (a & (b >> 4)) ^ (b & ((a ^ b) >> 4));
  C = c ^ ((a & (c >> 4)) ^ (b & (d >> 4)));
  D = d ^ ((b & (c >> 4)) ^ ((a ^ b) & (d >> 4)));

  c = C ^ ((A & (C >> 8)) ^ (B & (D >> 8)));
  d = D ^ ((B & (C >> 8)) ^ ((A ^ B) & (D >> 8)));

  c ^= c >> 1;
  d ^= d >> 1;
  a = x ^ y;
  b = d | (0xffff ^ (a | c));

  a = (a | (a << 8)) & 0x00ff00ff;
  a = (a | (a << 4)) & 0x0f0f0f0f;
  a = (a | (a << 2)) & 0x33333333;
  a = (a | (a << 1)) & 0x55555555;

  b = (b | (b << 8)) & 0x00ff00ff;
  b = (b | (b << 4)) & 0x0f0f0f0f;
  b = (b | (b << 2)) & 0x33333333;
  b = (b | (b << 1)) & 0x55555555;

  return ((b << 1) | a) >>> 0;
}

/**
 * The permutation that sorts `keys` ascending (stable): an LSD radix sort in three 11-bit
 * passes that moves the keys along with the indices, so every pass reads sequentially. O(n);
 * about 8× faster than an indirect radix sort and 2× faster than a native typed-array sort at
 * a million keys on this machine. Returns indices into `keys` (which it does not modify).
 */
export function sortByKey(keys: Uint32Array): Uint32Array {
  const n = keys.length;
  let src = Uint32Array.from(keys);
  let dst = new Uint32Array(n);
  let order = new Uint32Array(n);
  let next = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const counts = new Uint32Array(2048);
  for (let shift = 0; shift < 32; shift += 11) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(src[i]! >>> shift) & 0x7ff]! += 1;
    // A pass where every key shares the digit changes nothing: skip it.
    if (n > 0 && counts[(src[0]! >>> shift) & 0x7ff] === n) continue;
    let sum = 0;
    for (let b = 0; b < 2048; b++) {
      const c = counts[b]!;
      counts[b] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const k = src[i]!;
      const d = counts[(k >>> shift) & 0x7ff]!++;
      dst[d] = k;
      next[d] = order[i]!;
    }
    let t = order;
    order = next;
    next = t;
    t = src;
    src = dst;
    dst = t;
  }
  return order;
}
