import { createHash } from 'node:crypto';
import { open, mkdtemp, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

/** A blob read once and hashed: its key (sha256 hex), size, and its bytes to read back by range. */
export interface SpooledBlob {
  key: string;
  size: number;
  /** Bytes `start` (inclusive) to `end` (exclusive). */
  read(start: number, end: number): Promise<Buffer<ArrayBuffer>>;
  /** Removes the temporary file, if one was needed. */
  dispose(): Promise<void>;
}

/**
 * Reads the bytes once while hashing them: the S3 key is their hash, known only at the end, and
 * S3 wants each request's length up front. Up to `memoryBytes` stay in memory (tiles, thumbnails
 * and manifests never touch the disk); a larger blob goes to a temporary file, so memory stays
 * bounded whatever the size. A failing source rejects and leaves no file behind.
 */
export async function spoolBlob(data: Readable | Uint8Array, memoryBytes: number): Promise<SpooledBlob> {
  if (!(data instanceof Readable)) {
    const { buffer } = data;
    // A view of a plain ArrayBuffer is used as it is; shared memory is copied.
    const bytes =
      buffer instanceof ArrayBuffer ? Buffer.from(buffer, data.byteOffset, data.byteLength) : Buffer.from(data);
    return inMemory(createHash('sha256').update(bytes).digest('hex'), bytes);
  }
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  let dir: string | null = null;
  let file: FileHandle | null = null;
  try {
    for await (const chunk of data) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      hash.update(bytes);
      size += bytes.length;
      if (file) {
        await file.write(bytes);
        continue;
      }
      chunks.push(bytes);
      if (size > memoryBytes) {
        dir = await mkdtemp(path.join(tmpdir(), 'blob-'));
        file = await open(path.join(dir, 'body'), 'w+');
        for (const held of chunks.splice(0)) await file.write(held);
      }
    }
  } catch (e) {
    await file?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    throw e;
  }
  const key = hash.digest('hex');
  if (!file || !dir) return inMemory(key, Buffer.concat(chunks, size));
  const handle = file;
  const folder = dir;
  return {
    key,
    size,
    async read(start, end) {
      const out = Buffer.allocUnsafe(end - start);
      let done = 0;
      while (done < out.length) {
        const { bytesRead } = await handle.read(out, done, out.length - done, start + done);
        if (bytesRead === 0) throw new Error('The spooled blob is shorter than written');
        done += bytesRead;
      }
      return out;
    },
    async dispose() {
      await handle.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

function inMemory(key: string, bytes: Buffer<ArrayBuffer>): SpooledBlob {
  return {
    key,
    size: bytes.length,
    read: async (start, end) => bytes.subarray(start, end),
    dispose: async () => {},
  };
}
