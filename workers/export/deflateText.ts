/**
 * Raw DEFLATE for the export's small text entries (a VOC XML file is ~1 KB): one block with the
 * fixed Huffman codes and hash-chain LZ77 over tables kept between calls. fflate's deflateSync
 * zero-fills ~170 KB of working arrays and builds dynamic Huffman trees on every call, which for
 * 1 KB of XML cost as much as the CRC of its 500 KB image and left that much garbage behind
 * (benchmarks/zip). Inputs past one window (32 KiB: the COCO JSON, long split lists) go to fflate.
 */
import { deflateSync } from 'fflate';

const WINDOW = 32768;
const HASH_BITS = 13;
const MAX_CHAIN = 32;
const MIN_MATCH = 3;
const MAX_MATCH = 258;

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
  8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];

function reverse(code: number, length: number): number {
  let r = 0;
  for (let i = 0; i < length; i++) r |= ((code >>> i) & 1) << (length - 1 - i);
  return r;
}

/** Fixed literal/length codes (RFC 1951 3.2.6), bit-reversed for LSB-first writing. */
const LIT_CODE = new Uint16Array(288);
const LIT_LENGTH = new Uint8Array(288);
for (let s = 0; s < 288; s++) {
  const [code, length] =
    s < 144 ? [0x30 + s, 8] : s < 256 ? [0x190 + s - 144, 9] : s < 280 ? [s - 256, 7] : [0xc0 + s - 280, 8];
  LIT_CODE[s] = reverse(code, length);
  LIT_LENGTH[s] = length;
}
const DIST_CODE = Uint8Array.from({ length: 30 }, (_, d) => reverse(d, 5));
/** Match length (3–258) → index into LENGTH_BASE; distance (1–32768) → index into DIST_BASE. */
const LENGTH_INDEX = new Uint8Array(MAX_MATCH + 1);
for (let i = 0; i < LENGTH_BASE.length; i++)
  for (let l = LENGTH_BASE[i]!; l <= MAX_MATCH && (i + 1 >= LENGTH_BASE.length || l < LENGTH_BASE[i + 1]!); l++)
    LENGTH_INDEX[l] = i;
LENGTH_INDEX[MAX_MATCH] = 28;
const DIST_INDEX = new Uint8Array(WINDOW + 1);
for (let i = 0; i < DIST_BASE.length; i++)
  for (let d = DIST_BASE[i]!; d <= WINDOW && (i + 1 >= DIST_BASE.length || d < DIST_BASE[i + 1]!); d++)
    DIST_INDEX[d] = i;

const head = new Int32Array(1 << HASH_BITS);
const prev = new Int32Array(WINDOW);
let out = new Uint8Array(4096);

/** The raw DEFLATE stream of `data` (what a zip entry with method 8 holds). */
export function deflateText(data: Uint8Array): Uint8Array<ArrayBuffer> {
  const n = data.length;
  if (n > WINDOW) return deflateSync(data, { level: 6 });
  // Worst case: every byte a 9-bit literal, plus the block header and end code.
  const bound = Math.ceil((n * 9) / 8) + 8;
  if (out.length < bound) out = new Uint8Array(bound);
  const o = out;
  let pos = 0;
  let acc = 0;
  let bits = 0;
  const put = (value: number, count: number) => {
    acc |= value << bits;
    bits += count;
    while (bits >= 8) {
      o[pos++] = acc & 255;
      acc >>>= 8;
      bits -= 8;
    }
  };
  const hash = (i: number) => ((data[i]! << 10) ^ (data[i + 1]! << 5) ^ data[i + 2]!) & ((1 << HASH_BITS) - 1);
  const insert = (i: number) => {
    const h = hash(i);
    prev[i] = head[h]!;
    head[h] = i;
  };

  head.fill(-1);
  put(1, 1); // BFINAL
  put(1, 2); // BTYPE 01: fixed Huffman codes
  let i = 0;
  while (i < n) {
    let bestLength = 0;
    let bestDistance = 0;
    if (i + MIN_MATCH <= n) {
      let candidate = head[hash(i)]!;
      insert(i);
      const limit = Math.min(MAX_MATCH, n - i);
      for (let chain = 0; candidate >= 0 && chain < MAX_CHAIN; chain++) {
        if (data[candidate + bestLength] === data[i + bestLength]) {
          let length = 0;
          while (length < limit && data[candidate + length] === data[i + length]) length++;
          if (length > bestLength) {
            bestLength = length;
            bestDistance = i - candidate;
            if (length === limit) break;
          }
        }
        candidate = prev[candidate]!;
      }
    }
    if (bestLength >= MIN_MATCH) {
      const li = LENGTH_INDEX[bestLength]!;
      put(LIT_CODE[257 + li]!, LIT_LENGTH[257 + li]!);
      put(bestLength - LENGTH_BASE[li]!, LENGTH_EXTRA[li]!);
      const di = DIST_INDEX[bestDistance]!;
      put(DIST_CODE[di]!, 5);
      put(bestDistance - DIST_BASE[di]!, DIST_EXTRA[di]!);
      for (let k = 1; k < bestLength; k++) if (i + k + MIN_MATCH <= n) insert(i + k);
      i += bestLength;
    } else {
      put(LIT_CODE[data[i]!]!, LIT_LENGTH[data[i]!]!);
      i++;
    }
  }
  put(LIT_CODE[256]!, LIT_LENGTH[256]!);
  if (bits > 0) o[pos++] = acc & 255;
  return o.slice(0, pos);
}
