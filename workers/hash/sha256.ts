/*
 * SHA-256 (FIPS 180-4) fed in pieces, for files too large to hand to `crypto.subtle.digest` in
 * one buffer (it has no incremental form) and for pages without `crypto.subtle` (it exists only
 * in secure contexts). The result equals the server's blob key for the same bytes.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

export class Sha256 {
  private readonly h = new Int32Array(INITIAL);
  private readonly w = new Int32Array(64);
  /** The bytes of a block not yet complete. */
  private readonly tail = new Uint8Array(64);
  private tailLength = 0;
  private total = 0;
  private finished = false;

  update(bytes: Uint8Array): this {
    if (this.finished) throw new Error('Sha256: update after digest');
    this.total += bytes.length;
    let offset = 0;
    if (this.tailLength > 0) {
      const take = Math.min(64 - this.tailLength, bytes.length);
      this.tail.set(bytes.subarray(0, take), this.tailLength);
      this.tailLength += take;
      offset = take;
      if (this.tailLength < 64) return this;
      this.blocks(this.tail, 0, 64);
      this.tailLength = 0;
    }
    const whole = offset + Math.floor((bytes.length - offset) / 64) * 64;
    this.blocks(bytes, offset, whole);
    this.tail.set(bytes.subarray(whole), 0);
    this.tailLength = bytes.length - whole;
    return this;
  }

  /** The hash as lower-case hex; the hasher cannot be fed after this. */
  digestHex(): string {
    if (this.finished) throw new Error('Sha256: digest twice');
    const bits = this.total * 8;
    const padLength = this.tailLength < 56 ? 64 - this.tailLength : 128 - this.tailLength;
    const pad = new Uint8Array(padLength);
    pad[0] = 0x80;
    const view = new DataView(pad.buffer);
    // The bit length as a 64-bit big-endian number (files up to 2^53 bytes).
    view.setUint32(padLength - 8, Math.floor(bits / 0x100000000));
    view.setUint32(padLength - 4, bits >>> 0);
    this.total -= padLength;
    this.update(pad);
    this.finished = true;
    let hex = '';
    for (const word of this.h) hex += (word >>> 0).toString(16).padStart(8, '0');
    return hex;
  }

  /** Compresses the 64-byte blocks of `bytes` from `start` to `end`. */
  private blocks(bytes: Uint8Array, start: number, end: number): void {
    const { h, w } = this;
    for (let p = start; p < end; p += 64) {
      for (let i = 0; i < 16; i++) {
        const j = p + i * 4;
        w[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
      }
      for (let i = 16; i < 64; i++) {
        const a = w[i - 15]!;
        const b = w[i - 2]!;
        const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
        const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
        w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
      }
      let a = h[0]!;
      let b = h[1]!;
      let c = h[2]!;
      let d = h[3]!;
      let e = h[4]!;
      let f = h[5]!;
      let g = h[6]!;
      let k = h[7]!;
      for (let i = 0; i < 64; i++) {
        const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
        const ch = (e & f) ^ (~e & g);
        const t1 = (k + s1 + ch + K[i]! + w[i]!) | 0;
        const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
        const maj = (a & b) ^ (a & c) ^ (b & c);
        const t2 = (s0 + maj) | 0;
        k = g;
        g = f;
        f = e;
        e = (d + t1) | 0;
        d = c;
        c = b;
        b = a;
        a = (t1 + t2) | 0;
      }
      h[0] = (h[0]! + a) | 0;
      h[1] = (h[1]! + b) | 0;
      h[2] = (h[2]! + c) | 0;
      h[3] = (h[3]! + d) | 0;
      h[4] = (h[4]! + e) | 0;
      h[5] = (h[5]! + f) | 0;
      h[6] = (h[6]! + g) | 0;
      h[7] = (h[7]! + k) | 0;
    }
  }
}
