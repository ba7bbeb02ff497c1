import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BlobStore } from './BlobStore';
import { collectBlobReferences } from './blobReferences';

/** Default time a blob no row refers to is kept (an upload's bytes are stored before its row). */
export const DEFAULT_BLOB_GC_GRACE_MS = 24 * 60 * 60 * 1000;

export interface BlobGcOptions {
  db: Kysely<Database>;
  blobs: BlobStore;
  now: () => Date;
  /** Unreferenced blobs stored more recently than this are kept. */
  graceMs?: number;
  signal?: AbortSignal;
  /** Called every few hundred blobs with the number looked at so far. */
  onProgress?: (seen: number) => Promise<void>;
}

export interface BlobGcResult {
  /** Blobs in the store when the sweep looked. */
  scanned: number;
  /** Blobs some row refers to. */
  referenced: number;
  deleted: number;
  deletedBytes: number;
  /** Unreferenced blobs kept because they are younger than the grace period. */
  young: number;
}

/**
 * Mark and sweep over the content-addressed store: collect every key rows refer to, then delete
 * the listed blobs outside that set whose bytes were last stored before now − grace. Uploads
 * store their bytes first and write their row afterwards; the grace period (much longer than any
 * upload or processing job takes to write its row) keeps those bytes, and the store's
 * `deleteIfOlderThan` re-checks the time at the moment of deletion, so bytes stored again after
 * the listing (a new upload of a file that was deleted earlier) survive too. Safe to run twice
 * or in two processes at once.
 */
export async function collectBlobGarbage(options: BlobGcOptions): Promise<BlobGcResult> {
  const { db, blobs, signal } = options;
  const cutoff = new Date(options.now().getTime() - (options.graceMs ?? DEFAULT_BLOB_GC_GRACE_MS));
  const referenced = await collectBlobReferences(db, blobs, signal);
  const result: BlobGcResult = { scanned: 0, referenced: referenced.size, deleted: 0, deletedBytes: 0, young: 0 };
  for await (const blob of blobs.list()) {
    signal?.throwIfAborted();
    result.scanned++;
    if (result.scanned % 500 === 0) await options.onProgress?.(result.scanned);
    if (referenced.has(blob.key)) continue;
    if (blob.modifiedAt.getTime() >= cutoff.getTime()) {
      result.young++;
      continue;
    }
    if (await blobs.deleteIfOlderThan(blob.key, cutoff)) {
      result.deleted++;
      result.deletedBytes += blob.size;
    } else {
      result.young++;
    }
  }
  return result;
}
