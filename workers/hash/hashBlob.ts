import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** Files up to this size are hashed by `crypto.subtle` in one read (native, several times faster). */
export const ONE_READ_MAX = 64 * 1024 * 1024;
/**
 * Larger files are read in slices of this size, so memory stays flat whatever the file, and fed
 * to @noble/hashes' incremental SHA-256: `crypto.subtle.digest` takes one buffer only, and exists
 * only on secure pages.
 */
export const SLICE_BYTES = 4 * 1024 * 1024;

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The SHA-256 of a file's bytes as lower-case hex, the same text as the server's blob key.
 * `onProgress` hears the bytes read so far for the sliced path.
 */
export async function hashBlob(blob: Blob, onProgress?: (read: number) => void): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle && blob.size <= ONE_READ_MAX) {
    const digest = await subtle.digest('SHA-256', await blob.arrayBuffer());
    onProgress?.(blob.size);
    return hex(digest);
  }
  const hasher = sha256.create();
  for (let offset = 0; offset < blob.size; offset += SLICE_BYTES) {
    const slice = await blob.slice(offset, offset + SLICE_BYTES).arrayBuffer();
    hasher.update(new Uint8Array(slice));
    onProgress?.(Math.min(blob.size, offset + SLICE_BYTES));
  }
  return bytesToHex(hasher.digest());
}
