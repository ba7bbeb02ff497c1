import { z } from 'zod';
import { imageQuerySchema } from './apiProjects';

/*
 * Deleting images (project admins). Paths relative to the API base.
 *
 * POST projects/:projectId/image-deletions with `imageDeleteSchema`:
 *   - `{ imageIds }`: exactly these images (at most IMAGE_DELETE_MAX). An id that is not an image
 *     of the project (another project's ids too) answers 404 `not_found` and deletes nothing.
 *   - `{ filter, exceptIds? }`: every image matching the image list's filters (the same keys as
 *     GET …/images, without sort and paging) except the ticked-off `exceptIds` ("select all
 *     matching the filter"). Exceptions that match nothing are ignored.
 *   - `dryRun: true` answers the counts without deleting: what the confirmation dialog states.
 *   → 200 `imageDeleteResultSchema`: the images and annotations deleted (or that would be).
 *
 * One transaction: the images with their annotations, tag links (tag names no image uses any
 * more go too), annotation history and locks, the uploads' link to them and the viewer's atlas
 * pages that show them, all or nothing. Every count (project images and labeled images, label
 * annotation counts) is computed from the rows, so it agrees afterwards. The files (original,
 * thumbnail, tiles) are content-addressed and may be shared, so they stay for the blob garbage
 * collector. DELETE projects/:projectId/images/:imageId deletes one image the same way (204).
 */

/**
 * The most ids one request may name (ids or exceptions): a thousand UUIDs stay well inside the
 * API's 64 KiB JSON body limit. Larger selections are made as "all matching the filter".
 */
export const IMAGE_DELETE_MAX = 1000;

const imageIdSchema = z.string().min(1).max(64);

/** The list's filters (contract/apiProjects.ts imageQuerySchema) without sort and paging. */
export const imageDeleteFilterSchema = imageQuerySchema.pick({
  tag: true,
  label: true,
  labeled: true,
  split: true,
  q: true,
});
export type ImageDeleteFilter = z.input<typeof imageDeleteFilterSchema>;

export const imageDeleteByIdsSchema = z
  .object({
    imageIds: z.array(imageIdSchema).min(1).max(IMAGE_DELETE_MAX),
    dryRun: z.boolean().optional(),
  })
  .strict();

export const imageDeleteByFilterSchema = z
  .object({
    filter: imageDeleteFilterSchema,
    exceptIds: z.array(imageIdSchema).max(IMAGE_DELETE_MAX).optional(),
    dryRun: z.boolean().optional(),
  })
  .strict();

export const imageDeleteSchema = z.union([imageDeleteByIdsSchema, imageDeleteByFilterSchema]);
export type ImageDeleteRequest = z.input<typeof imageDeleteSchema>;

export const imageDeleteResultSchema = z.object({
  images: z.number().int().nonnegative(),
  annotations: z.number().int().nonnegative(),
});
export type ImageDeleteResult = z.output<typeof imageDeleteResultSchema>;
