import type { Readable } from 'node:stream';
import type { ByteRange } from './ByteRange';

/** A stored blob: its bytes as a stream, and its size. */
export interface BlobObject {
  stream: Readable;
  size: number;
}

/** Bytes `start` to `end` inclusive (`size` of them) of a blob of `total` bytes. */
export interface BlobSlice extends BlobObject {
  start: number;
  end: number;
  total: number;
}

/**
 * A ranged read: the slice, or `unsatisfiable` when the range selects no byte of the blob (it
 * starts past the end, or the blob is empty), with the blob's size, which an HTTP 416 answer reports.
 */
export type BlobRangeRead = ({ kind: 'slice' } & BlobSlice) | { kind: 'unsatisfiable'; total: number };

/** A stored blob as a listing shows it. */
export interface BlobInfo {
  key: string;
  size: number;
  /** When the bytes were last stored: a put of bytes already present refreshes it. */
  modifiedAt: Date;
}

/**
 * Content-addressed file storage: a blob's key is the sha256 (hex) of its bytes, so the same
 * bytes are stored once and a key never changes meaning. Local folder or S3-compatible store.
 */
export interface BlobStore {
  /** Stores the bytes (streamed: memory stays bounded) and returns their key. */
  put(data: Readable | Uint8Array): Promise<string>;
  /** The blob, or null when no blob has that key. */
  get(key: string): Promise<BlobObject | null>;
  /**
   * Part of the blob (an end past the last byte is read as the last byte), or null when no blob
   * has that key. Throws a RangeError for a range no request could mean (see assertByteRange).
   */
  getRange(key: string, range: ByteRange): Promise<BlobRangeRead | null>;
  has(key: string): Promise<boolean>;
  /** Removes the blob; no error if it is already gone. */
  delete(key: string): Promise<void>;
  /** Every blob, in no particular order, read page by page (memory stays bounded). */
  list(): AsyncIterable<BlobInfo>;
  /**
   * Removes the blob only if it was last stored before `cutoff`; true when it was removed. The
   * garbage collector uses it so that bytes stored again since its listing (an upload of the same
   * file that has not written its row yet) survive.
   */
  deleteIfOlderThan(key: string, cutoff: Date): Promise<boolean>;
}

/** Keys are lower-case sha256 hex; anything else is refused before it reaches a path or URL. */
export const BLOB_KEY_PATTERN = /^[0-9a-f]{64}$/;

export function isBlobKey(key: string): boolean {
  return BLOB_KEY_PATTERN.test(key);
}
