/**
 * CRC-32 (the zip/gzip polynomial), slicing-by-16: sixteen 256-entry tables consume 16 bytes per
 * step, read as four aligned 32-bit words. fflate's own CRC takes one byte per table lookup;
 * for stored (already compressed) images the CRC is nearly all the work a zip writer does, so
 * this is what sets the export's speed. The import reader checks every entry with it too (hence
 * here in contract/, shared by both). Little-endian word reads: every platform we run on.
 */
const TABLES = (() => {
  const t = new Int32Array(16 * 256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    t[i] = c;
  }
  for (let i = 0; i < 256; i++) {
    for (let s = 1; s < 16; s++) {
      const prev = t[(s - 1) * 256 + i]!;
      t[s * 256 + i] = (prev >>> 8) ^ t[prev & 255]!;
    }
  }
  return t;
})();

/**
 * Continues a CRC-32 over `data`: pass the previous result (0 to start); answers the unsigned
 * CRC of everything seen so far.
 */
export function crc32(data: Uint8Array, previous = 0): number {
  const t = TABLES;
  let c = ~previous;
  let i = 0;
  const n = data.length;
  // Bytes one at a time until the read position is 4-byte aligned in the underlying buffer.
  while (i < n && ((data.byteOffset + i) & 3) !== 0) {
    c = t[(c ^ data[i]!) & 255]! ^ (c >>> 8);
    i++;
  }
  const words = (n - i) >>> 4;
  if (words > 0) {
    const w = new Uint32Array(data.buffer, data.byteOffset + i, words * 4);
    for (let j = 0; j < w.length; j += 4) {
      const a = w[j]! ^ c;
      const b = w[j + 1]!;
      const d = w[j + 2]!;
      const e = w[j + 3]!;
      c =
        t[3840 + (a & 255)]! ^
        t[3584 + ((a >>> 8) & 255)]! ^
        t[3328 + ((a >>> 16) & 255)]! ^
        t[3072 + (a >>> 24)]! ^
        t[2816 + (b & 255)]! ^
        t[2560 + ((b >>> 8) & 255)]! ^
        t[2304 + ((b >>> 16) & 255)]! ^
        t[2048 + (b >>> 24)]! ^
        t[1792 + (d & 255)]! ^
        t[1536 + ((d >>> 8) & 255)]! ^
        t[1280 + ((d >>> 16) & 255)]! ^
        t[1024 + (d >>> 24)]! ^
        t[768 + (e & 255)]! ^
        t[512 + ((e >>> 8) & 255)]! ^
        t[256 + ((e >>> 16) & 255)]! ^
        t[e >>> 24]!;
    }
    i += words * 16;
  }
  for (; i < n; i++) c = t[(c ^ data[i]!) & 255]! ^ (c >>> 8);
  return ~c >>> 0;
}
