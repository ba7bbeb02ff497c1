import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflate } from 'node:zlib';

/*
 * libvips (as built into sharp) cannot read BMP. An uploaded BMP is kept as the original, and a
 * PNG copy is written for the decoder to read — streamed a block of rows at a time, so memory
 * stays small whatever the size. Supported: uncompressed 24- and 32-bit and 8-bit palette BMPs
 * (what cameras, scanners and Windows tools write); anything else is refused as not decodable.
 */

export interface BmpHeader {
  width: number;
  height: number;
  /** Rows are stored bottom-up (the usual case) unless the height is negative. */
  bottomUp: boolean;
  bitsPerPixel: 8 | 24 | 32;
  dataOffset: number;
  rowBytes: number;
  /** RGB triples for 8-bit images. */
  palette: Buffer | null;
}

const HEADER_BYTES = 54;

/** The header of a BMP file, or null when it is not one this module can convert. */
export async function readBmpHeader(file: string): Promise<BmpHeader | null> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEADER_BYTES, 0);
    if (bytesRead < HEADER_BYTES || head.toString('latin1', 0, 2) !== 'BM') return null;
    const dataOffset = head.readUInt32LE(10);
    const infoSize = head.readUInt32LE(14);
    const width = head.readInt32LE(18);
    const rawHeight = head.readInt32LE(22);
    const planes = head.readUInt16LE(26);
    const bits = head.readUInt16LE(28);
    const compression = head.readUInt32LE(30);
    if (infoSize < 40 || planes !== 1 || width <= 0 || rawHeight === 0 || rawHeight === -0x80000000) return null;
    if (bits !== 8 && bits !== 24 && bits !== 32) return null;
    // BI_RGB, or BI_BITFIELDS for 32-bit (read as BGRX, the masks every writer uses).
    if (!(compression === 0 || (compression === 3 && bits === 32))) return null;
    const height = Math.abs(rawHeight);
    const rowBytes = Math.ceil((width * bits) / 32) * 4;
    if (dataOffset + rowBytes * height > size) return null;
    let palette: Buffer | null = null;
    if (bits === 8) {
      const colours = head.readUInt32LE(46) || 256;
      if (colours > 256) return null;
      const raw = Buffer.alloc(colours * 4);
      await handle.read(raw, 0, raw.length, 14 + infoSize);
      palette = Buffer.alloc(256 * 3);
      for (let i = 0; i < colours; i++) {
        palette[i * 3] = raw[i * 4 + 2] ?? 0;
        palette[i * 3 + 1] = raw[i * 4 + 1] ?? 0;
        palette[i * 3 + 2] = raw[i * 4] ?? 0;
      }
    }
    return { width, height, bottomUp: rawHeight > 0, bitsPerPixel: bits, dataOffset, rowBytes, palette };
  } finally {
    await handle.close();
  }
}

function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}

/** Rows read per block: a few MB at most for the widest images allowed. */
const BLOCK_ROWS = 16;

/** Writes `target` as an 8-bit RGB PNG of the BMP `source` (header from {@link readBmpHeader}). */
export async function convertBmpToPng(source: string, header: BmpHeader, target: string): Promise<void> {
  const { width, height, bottomUp, bitsPerPixel, dataOffset, rowBytes, palette } = header;
  const handle = await open(source, 'r');
  try {
    async function* rows() {
      const block = Buffer.alloc(rowBytes * BLOCK_ROWS);
      for (let top = 0; top < height; top += BLOCK_ROWS) {
        const count = Math.min(BLOCK_ROWS, height - top);
        const out = Buffer.alloc(count * (1 + width * 3));
        for (let r = 0; r < count; r++) {
          const y = top + r;
          const stored = bottomUp ? height - 1 - y : y;
          await handle.read(block, 0, rowBytes, dataOffset + stored * rowBytes);
          let o = r * (1 + width * 3) + 1; // filter byte 0 (none) first
          for (let x = 0; x < width; x++, o += 3) {
            if (bitsPerPixel === 8) {
              const i = (block[x] ?? 0) * 3;
              out[o] = palette?.[i] ?? 0;
              out[o + 1] = palette?.[i + 1] ?? 0;
              out[o + 2] = palette?.[i + 2] ?? 0;
            } else {
              const p = x * (bitsPerPixel / 8);
              out[o] = block[p + 2] ?? 0;
              out[o + 1] = block[p + 1] ?? 0;
              out[o + 2] = block[p] ?? 0;
            }
          }
        }
        yield out;
      }
    }
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 2; // RGB
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = (t: Transform) => {
      if (pendingBytes === 0) return;
      t.push(pngChunk('IDAT', Buffer.concat(pending, pendingBytes)));
      pending = [];
      pendingBytes = 0;
    };
    const chunker = new Transform({
      transform(data: Buffer, _enc, done) {
        pending.push(data);
        pendingBytes += data.length;
        if (pendingBytes >= 256 * 1024) flush(this);
        done();
      },
      flush(done) {
        flush(this);
        this.push(pngChunk('IEND', Buffer.alloc(0)));
        done();
      },
    });
    const out = createWriteStream(target, { flags: 'wx' });
    out.write(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr)]));
    await pipeline(Readable.from(rows()), createDeflate({ level: 1 }), chunker, out);
  } finally {
    await handle.close();
  }
}
