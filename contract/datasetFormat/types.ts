import type { ImportErrorCode, ImportFormat, ImportSkip } from '../apiImports';
import type { Split } from '../apiProjects';

/*
 * The shape of a dataset zip as both the browser's import worker and the server's import job
 * read it. The code is shared so that the two sides apply the same rules; the server never
 * trusts the client's check and runs it again.
 */

/** Random access to the zip's bytes: a File/Blob in the browser, a temporary file on the server. */
export interface RandomAccessSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** One file entry of the central directory, after the safety checks (directories are dropped). */
export interface ZipEntryInfo {
  /** The entry's path inside the zip, '/'-separated, checked against zip-slip. */
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** 0 stored, 8 deflate. */
  method: 0 | 8;
  crc32: number;
  /** Offset of the entry's local header. */
  localHeaderOffset: number;
}

/** An opened zip whose directory passed every check; entries are read on demand. */
export interface DatasetZip {
  readonly entries: readonly ZipEntryInfo[];
  /**
   * The entry's bytes, inflated with its declared size enforced (more → `zip_bomb`) and its
   * CRC-32 checked (`zip_corrupt`). `maxBytes` refuses larger entries with `zip_too_large`.
   */
  read(entry: ZipEntryInfo, maxBytes?: number): Promise<Uint8Array>;
  /**
   * The same bytes, with the same checks, handed over chunk by chunk (a few MiB at most each), so
   * that a large image reaches storage without being held whole. The next chunk waits for an
   * async `onChunk`; a failed check throws after the chunks already handed over.
   */
  stream(entry: ZipEntryInfo, onChunk: ChunkSink): Promise<void>;
}

/** Receives an entry's bytes in order. */
export type ChunkSink = (chunk: Uint8Array) => void | Promise<void>;

/** Why a whole import stops; `entry` names the zip entry at fault when there is one. */
export class DatasetImportError extends Error {
  constructor(
    readonly code: ImportErrorCode,
    readonly entry: string | null = null,
  ) {
    super(entry ? `${code}: ${entry}` : code);
    this.name = 'DatasetImportError';
  }
}

/** A box of the plan, in image pixels (top-left origin), by label name. */
export interface PlannedBox {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A polygon of the plan: flat [x0, y0, x1, y1, …] image pixels, fitted to the image (polygonGeometry.ts). */
export interface PlannedPolygon {
  label: string;
  points: number[];
}

export interface PlannedImage {
  /** The image's zip entry. */
  entry: string;
  /** The name it gets in the project: the entry's file name, or its COCO record's `original_file_name`. */
  fileName: string;
  /**
   * Split from ImageSets/Main lists (VOC), else a COCO record's `split`, else a COCO file's name
   * (instances_val.json); null when none says (the project's seeded split decides).
   */
  split: Split | null;
  /** Size as the annotation states it (null when none); the server checks it against the decoded image. */
  width: number | null;
  height: number | null;
  boxes: PlannedBox[];
  polygons: PlannedPolygon[];
  /** Whole-image labels (classification lists), by name. */
  classes: string[];
  /** The image's tags (COCO `images[].tags`), already held to the tag rules (planImageTags.ts). */
  tags: string[];
}

/** A colour the zip gives a label (label map, or a COCO category's `color`): lower-case '#rrggbb'. */
export interface PlannedLabelColor {
  name: string;
  color: string;
  /** The entry that gave it (named when the project refuses the colour). */
  entry: string;
}

export interface ImportPlan {
  format: ImportFormat;
  images: PlannedImage[];
  /** Every label name the plan uses, in order of first use. */
  labels: string[];
  /** Colours for labels the import creates; a label the project already has keeps its own. */
  labelColors: PlannedLabelColor[];
  skipped: ImportSkip[];
}
