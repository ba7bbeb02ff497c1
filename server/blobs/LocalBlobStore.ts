import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isBlobKey, type BlobInfo, type BlobObject, type BlobRangeRead, type BlobStore } from './BlobStore';
import { assertByteRange, resolveByteRange, type ByteRange } from './ByteRange';

/**
 * Blobs as files under `<root>/<aa>/<key>`. A put streams into a temporary file while hashing,
 * then renames it into place: a reader never sees a half-written blob, and a crash leaves only
 * a temp file behind. The rename also gives bytes stored again a fresh modification time, which
 * the garbage collector's grace period relies on.
 */
export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!isBlobKey(key)) throw new Error('Invalid blob key');
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(data: Readable | Uint8Array): Promise<string> {
    const tmpDir = path.join(this.root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    const hash = createHash('sha256');
    const hasher = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const source = data instanceof Readable ? data : Readable.from([Buffer.from(data)]);
    try {
      await pipeline(source, hasher, createWriteStream(tmp, { flags: 'wx' }));
      const key = hash.digest('hex');
      const target = this.pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmp, target);
      return key;
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async get(key: string): Promise<BlobObject | null> {
    if (!isBlobKey(key)) return null;
    const file = this.pathOf(key);
    try {
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async getRange(key: string, range: ByteRange): Promise<BlobRangeRead | null> {
    assertByteRange(range);
    if (!isBlobKey(key)) return null;
    const file = this.pathOf(key);
    let total: number;
    try {
      total = (await stat(file)).size;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    const slice = resolveByteRange(range, total);
    if (!slice) return { kind: 'unsatisfiable', total };
    const { start, end } = slice;
    return { kind: 'slice', stream: createReadStream(file, { start, end }), size: end - start + 1, start, end, total };
  }

  async has(key: string): Promise<boolean> {
    if (!isBlobKey(key)) return false;
    try {
      await stat(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isBlobKey(key)) return;
    await rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<BlobInfo> {
    const shards = await readdir(this.root).catch(() => [] as string[]);
    for (const shard of shards) {
      // Only the <aa>/ folders hold blobs (tmp/ and trash/ do not).
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      const names = await readdir(path.join(this.root, shard)).catch(() => [] as string[]);
      for (const key of names) {
        if (!isBlobKey(key) || !key.startsWith(shard)) continue;
        const info = await stat(path.join(this.root, shard, key)).catch(() => null);
        if (info?.isFile()) yield { key, size: info.size, modifiedAt: info.mtime };
      }
    }
  }

  /**
   * Moves the file aside first, then looks at its time: a put that landed between the check and
   * the move is seen on the moved file and put back, and a put after the move writes a new file.
   * The kernel stamps files from a clock that lags Date.now() by up to a tick (a few ms), so a
   * blob is kept when its time is within a second of the cutoff, as on S3.
   */
  async deleteIfOlderThan(key: string, cutoff: Date): Promise<boolean> {
    if (!isBlobKey(key)) return false;
    const file = this.pathOf(key);
    const young = (mtimeMs: number) => mtimeMs + 1000 > cutoff.getTime();
    const before = await stat(file).catch(() => null);
    if (!before || young(before.mtimeMs)) return false;
    const trash = path.join(this.root, 'trash');
    await mkdir(trash, { recursive: true });
    const held = path.join(trash, randomUUID());
    try {
      await rename(file, held);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw e;
    }
    const moved = await stat(held);
    if (young(moved.mtimeMs)) {
      await rename(held, file);
      return false;
    }
    await rm(held, { force: true });
    return true;
  }
}
