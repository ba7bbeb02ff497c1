import type { FileHandle } from 'node:fs/promises';
import type { RandomAccessSource } from '../../contract/datasetFormat/types';

/**
 * The shared zip reader's random access over an open file: each read is one positioned read, so
 * memory holds only what the reader asks for, whatever the zip's size. A short read (the file
 * ended) returns fewer bytes, which the reader reports as a truncated zip.
 */
export async function fileSource(handle: FileHandle): Promise<RandomAccessSource> {
  const { size } = await handle.stat();
  return {
    size,
    async read(offset, length) {
      const want = Math.max(0, Math.min(length, size - offset));
      const buffer = Buffer.alloc(want);
      let done = 0;
      while (done < want) {
        const { bytesRead } = await handle.read(buffer, done, want - done, offset + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return new Uint8Array(buffer.buffer, buffer.byteOffset, done);
    },
  };
}
