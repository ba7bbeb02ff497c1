import { z } from 'zod';
import { IMAGE_STATES } from './apiProjects';

/*
 * What the upload panel asks besides the upload itself (server/routes/uploads.ts): which of the
 * files about to go up the project already holds, and how the images of finished uploads are
 * doing. Both are POSTs so that a batch of ids or hashes never outgrows a URL.
 */

/** A SHA-256 of a file's bytes as lower-case hex: the same text as the server's blob key. */
export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Hashes asked about in one request. */
export const UPLOAD_HASHES_MAX = 500;

/**
 * POST projects/:projectId/uploads/duplicates `{ hashes }` → 200 `{ matches }`: for each hash
 * whose bytes an image of the project already has, the oldest such image. Hashes the project
 * does not hold are left out. Advisory: an upload of the same bytes is still accepted (a second
 * image) when the user chooses to keep it.
 */
export const uploadDuplicatesQuerySchema = z
  .object({ hashes: z.array(z.string().regex(SHA256_HEX)).min(1).max(UPLOAD_HASHES_MAX) })
  .strict();
export const uploadDuplicateSchema = z.object({
  hash: z.string(),
  imageId: z.string(),
  fileName: z.string(),
  folder: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** How many images of the project hold these bytes. */
  count: z.number(),
});
export type UploadDuplicate = z.infer<typeof uploadDuplicateSchema>;
export const uploadDuplicatesSchema = z.object({ matches: z.array(uploadDuplicateSchema) });

/** Image ids asked about in one request. */
export const UPLOAD_STATE_IDS_MAX = 200;

/**
 * Why an image's processing failed, as an `errors:` key: `image_invalid` (the file is no sound
 * image after all) or `image_processing_failed` (anything else: the reason is logged).
 */
export const IMAGE_FAILURES = ['image_invalid', 'image_processing_failed'] as const;
export type ImageFailure = (typeof IMAGE_FAILURES)[number];

/**
 * POST projects/:projectId/uploads/states `{ imageIds }` → 200 `{ images }`: the state of each
 * image of the project among them (deleted or unknown ids are left out) and, when it failed,
 * why. The upload panel asks this for its rows still processing.
 */
export const uploadStatesQuerySchema = z
  .object({ imageIds: z.array(z.string().min(1).max(64)).min(1).max(UPLOAD_STATE_IDS_MAX) })
  .strict();
export const uploadImageStateSchema = z.object({
  id: z.string(),
  state: z.enum(IMAGE_STATES),
  error: z.enum(IMAGE_FAILURES).nullable(),
});
export type UploadImageState = z.infer<typeof uploadImageStateSchema>;
export const uploadStatesSchema = z.object({ images: z.array(uploadImageStateSchema) });
