/**
 * A picked File as the zip reader's random-access source: each read is a `Blob.slice`, so only
 * the bytes asked for (the central directory, one annotation file) are ever in memory, never
 * the whole zip.
 */
import type { RandomAccessSource } from '../../contract/datasetFormat/types';

export function blobSource(blob: Blob): RandomAccessSource {
  return {
    size: blob.size,
    async read(offset: number, length: number): Promise<Uint8Array> {
      const start = Math.max(0, Math.min(offset, blob.size));
      const end = Math.max(start, Math.min(offset + length, blob.size));
      return new Uint8Array(await blob.slice(start, end).arrayBuffer());
    },
  };
}
