/**
 * CRC-32 (IEEE 802.3, the zip format's checksum), updated chunk by chunk so that an entry is
 * checked while it streams. fflate keeps its own table private, hence this small copy.
 */
const TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** The CRC-32 of `data` continued from `previous` (0 for the first chunk); an unsigned 32-bit number. */
export function crc32(data: Uint8Array, previous = 0): number {
  let c = ~previous;
  for (let i = 0; i < data.length; i += 1) c = TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
