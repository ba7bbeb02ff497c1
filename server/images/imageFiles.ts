import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../blobs/BlobStore';
import type { Database } from '../db/schema';
import { parsePyramidRef, type PyramidManifest } from './imagePyramid';

/** Temporary files of uploads and processing live under DATA_DIR/tmp (same disk as the data). */
export function tmpRootOf(dataDir: string): string {
  return path.join(dataDir, 'tmp');
}

/**
 * Removes what a crashed process left in the temporary folder: entries older than `maxAgeMs`
 * (another process sharing DATA_DIR may be using younger ones). Called at start-up.
 */
export async function sweepTmp(tmpRoot: string, maxAgeMs = 24 * 60 * 60 * 1000, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(tmpRoot).catch(() => [] as string[])) {
    const entry = path.join(tmpRoot, name);
    const info = await stat(entry).catch(() => null);
    if (info && now - info.mtimeMs > maxAgeMs) {
      await rm(entry, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Runs `work` with the blob copied to a local temporary file (libvips reads files with bounded
 * memory; the S3 store has no local path), removed afterwards.
 */
export async function withBlobFile<T>(
  blobs: BlobStore,
  key: string,
  tmpRoot: string,
  work: (file: string) => Promise<T>,
): Promise<T> {
  const blob = await blobs.get(key);
  if (!blob) throw new Error('The original image file is missing.');
  await mkdir(tmpRoot, { recursive: true });
  const dir = await mkdtemp(path.join(tmpRoot, 'blob-'));
  try {
    const file = path.join(dir, 'original');
    await pipeline(blob.stream, createWriteStream(file));
    return await work(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Reads a pyramid manifest from the blob store (small JSON). */
export async function readManifest(blobs: BlobStore, key: string): Promise<PyramidManifest | null> {
  const blob = await blobs.get(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as PyramidManifest;
}

/**
 * Deletes the blobs of images that are gone (after their rows were deleted): original,
 * thumbnail and pyramid manifest — except those another image still uses (keys are content
 * hashes, so two uploads of the same file share them). Tiles are left: a uniform tile (a white
 * margin) has the same bytes, hence the same key, in many pyramids, and only a sweep over all
 * manifests can tell that one is unused.
 */
export async function releaseImageBlobs(
  db: Kysely<Database>,
  blobs: BlobStore,
  rows: readonly { blob_key: string; thumb_key: string | null; pyramid: string | null }[],
): Promise<void> {
  // A market snapshot (resource_images) shares its images' blobs, and so do the buyers' copies.
  const used = async (column: 'blob_key' | 'thumb_key' | 'pyramid', value: string) =>
    !!(await db.selectFrom('images').select('id').where(column, '=', value).executeTakeFirst()) ||
    !!(await db.selectFrom('resource_images').select('position').where(column, '=', value).executeTakeFirst());
  for (const row of rows) {
    if (!(await used('blob_key', row.blob_key))) await blobs.delete(row.blob_key);
    if (row.thumb_key && !(await used('thumb_key', row.thumb_key))) await blobs.delete(row.thumb_key);
    const ref = parsePyramidRef(row.pyramid);
    if (ref && row.pyramid && !(await used('pyramid', row.pyramid))) await blobs.delete(ref.manifest);
  }
}
