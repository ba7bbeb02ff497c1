import { z } from 'zod';

/*
 * Dataset import (spec section 3, issue "Projects and datasets"): a Pascal VOC or COCO zip is
 * uploaded, checked on the server (whatever the client's worker already checked) and applied in
 * one transaction — all or nothing — by the `dataset.import` job, which leaves a report.
 *
 * POST projects/:projectId/imports `importCreateSchema` → 201 `{ importId }` (admin: an import
 *   may create label classes).
 * PUT  projects/:projectId/imports/:importId with the raw zip bytes (streamed, counted against
 *   the declared size, must start with a zip signature: `import_not_zip`) → 202 `importSchema`
 *   in state 'queued'.
 * GET  projects/:projectId/imports → recent imports (`importListSchema`), newest first.
 * GET  projects/:projectId/imports/:importId → `importSchema` (poll until 'done' or 'failed').
 *
 * A rejected import ('failed') writes nothing: `error` is one of IMPORT_ERROR_CODES and
 * `errorEntry` names the zip entry at fault when there is one (for `label_invalid`, the label
 * name). A finished one lists in its report what was imported and every entry that was skipped,
 * with the reason. An import whose zip has not arrived within a day is closed as
 * 'import_failed' when the project's next import is declared. The list holds the 20 newest.
 */

/** Largest zip accepted. */
export const IMPORT_MAX_BYTES = 4 * 1024 * 1024 * 1024;
/** Most entries in the zip's central directory. */
export const IMPORT_MAX_ENTRIES = 200_000;
/** Largest total of uncompressed bytes (declared and actually inflated). */
export const IMPORT_MAX_UNCOMPRESSED_BYTES = 16 * 1024 * 1024 * 1024;
/** Largest single annotation file (VOC XML, COCO JSON, split lists, label map). */
export const IMPORT_MAX_TEXT_BYTES = 256 * 1024 * 1024;
/** Highest uncompressed ÷ compressed ratio of an entry larger than 1 MiB (deflate bombs reach 1000+). */
export const IMPORT_MAX_RATIO = 200;

export const IMPORT_FORMATS = ['voc', 'coco'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_STATES = ['uploading', 'queued', 'running', 'done', 'failed'] as const;

/** Why a whole import was rejected (nothing written). Translated under `datasetImport.error.*`. */
export const IMPORT_ERROR_CODES = [
  'import_not_zip', // not a zip, or its directory cannot be read
  'zip_unsafe_path', // an absolute path, a '..' segment, a drive letter or a backslash (zip-slip)
  'zip_symlink', // an entry is a symbolic link
  'zip_encrypted', // an encrypted entry
  'zip_unsupported', // a compression method other than stored/deflate, or a multi-disk zip
  'zip_too_many_entries', // more than IMPORT_MAX_ENTRIES
  'zip_too_large', // declared or inflated bytes over the limits
  'zip_bomb', // an entry's compression ratio over IMPORT_MAX_RATIO, or it inflates past its declared size
  'zip_corrupt', // CRC mismatch, truncated data, local header disagreeing with the directory
  'format_unknown', // neither a VOC layout (Annotations/*.xml) nor a COCO JSON found
  'annotation_malformed', // an XML or JSON annotation file that does not parse or lacks required fields
  'too_many_labels', // the import would take the project past its label limit
  'label_invalid', // a label name the project cannot hold (1–8 characters) or a colour clash
  'import_failed', // anything else (the server log has the detail)
] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

/** Why one entry was left out of an import that went ahead. Translated under `datasetImport.skip.*`. */
export const IMPORT_SKIP_REASONS = [
  'not_image', // a file that is neither an image nor a known annotation file
  'image_invalid', // an image whose bytes do not decode as a supported type
  'image_missing', // an annotation naming an image that is not in the zip
  'duplicate_name', // a second image with a file name already imported or already in the project
  'box_out_of_bounds', // a box outside the image (left out; the image is still imported)
  'box_too_small', // a box under MIN_BOX_SIDE px a side (left out; the image is still imported)
  'polygon_out_of_bounds', // a polygon vertex more than POLYGON_CLAMP_PX outside the image (left out)
  'polygon_invalid', // a polygon outside POLYGON_VERTICES_MIN..MAX vertices, or with a coordinate that is not a number
  'segmentation_rle', // a COCO run-length (mask) segmentation, not read (the annotation is left out)
  'too_many_annotations', // an image with more than ANNOTATIONS_PER_IMAGE_MAX annotations (the rest left out)
  'tag_invalid', // an image tag that is empty or longer than 6 characters (`detail`: the tag; left out)
  'too_many_tags', // a tag past the third of an image (`detail`: the tag; left out)
  'label_color_invalid', // a label map line or COCO category colour that is no colour (`detail`: the label; palette colour)
  'label_color_taken', // a label's colour another label already has (`detail`: the label; palette colour)
] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

export const importCreateSchema = z
  .object({ fileName: z.string().min(1).max(255), bytes: z.number().int().positive().max(IMPORT_MAX_BYTES) })
  .strict();
/** 201 answer of POST …/imports: the import to PUT the zip to. */
export const importCreatedSchema = z.object({ importId: z.string() });

/** `detail` names what inside the entry was left out (a tag, a label) when the entry alone does not say. */
export const importSkipSchema = z.object({
  entry: z.string(),
  reason: z.enum(IMPORT_SKIP_REASONS),
  detail: z.string().optional(),
});
export type ImportSkip = z.infer<typeof importSkipSchema>;
export const importReportSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  images: z.number(),
  annotations: z.number(),
  /** Label classes the import created (existing ones of the same name are reused). */
  labelsCreated: z.array(z.string()),
  skipped: z.array(importSkipSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  bytes: z.number(),
  state: z.enum(IMPORT_STATES),
  /** 0 to 1 while running. */
  progress: z.number(),
  error: z.enum(IMPORT_ERROR_CODES).nullable(),
  errorEntry: z.string().nullable(),
  report: importReportSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DatasetImport = z.infer<typeof importSchema>;
export const importListSchema = z.array(importSchema);
