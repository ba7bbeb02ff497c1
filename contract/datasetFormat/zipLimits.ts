import { IMPORT_MAX_ENTRIES, IMPORT_MAX_RATIO, IMPORT_MAX_UNCOMPRESSED_BYTES } from '../apiImports';

/** The reader's limits; the defaults are the import's (contract/apiImports.ts), tests pass small ones. */
export interface ZipLimits {
  /** Most file and directory entries in the central directory. */
  maxEntries: number;
  /** Largest sum of the entries' declared uncompressed sizes. */
  maxUncompressedBytes: number;
  /** Highest uncompressed ÷ compressed ratio of an entry larger than `ratioFloorBytes`. */
  maxRatio: number;
  /** Entries up to this size are exempt from the ratio check (small text files compress well). */
  ratioFloorBytes: number;
  /** Bytes read from the source at a time. */
  chunkBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: IMPORT_MAX_ENTRIES,
  maxUncompressedBytes: IMPORT_MAX_UNCOMPRESSED_BYTES,
  maxRatio: IMPORT_MAX_RATIO,
  ratioFloorBytes: 1024 * 1024,
  chunkBytes: 1024 * 1024,
};
