import { z } from 'zod';

/*
 * Annotations of a project's images (spec sections 2, 3, 9). Paths are relative to the API base;
 * membership scoping as for every project route (another project's ids → 404).
 *
 * GET projects/:projectId/images/:imageId/annotations → `imageAnnotationsSchema` (worker and up).
 * GET projects/:projectId/annotations?imageIds=a,b,c (≤ ANNOTATION_BATCH_MAX ids of this project;
 *   unknown ids are left out) → `annotationBatchSchema`: what exports read a page at a time.
 * PUT projects/:projectId/images/:imageId/annotations `annotationsPutSchema` → 200
 *   `imageAnnotationsSchema`: replaces the image's whole set in one transaction (worker and up;
 *   the labeling studio saves through it). Boxes must lie inside the image and be at least
 *   MIN_BOX_SIDE px a side (`box_invalid` with the index), labels must be the project's
 *   (`label_not_found`). Updates the image's labeled flag and label ids.
 */

/** Smallest box side in image pixels (spec section 9); the engine rejects smaller drawings too. */
export const MIN_BOX_SIDE = 20;
/** Most annotations one image may carry. */
export const ANNOTATIONS_PER_IMAGE_MAX = 10_000;
/** Most image ids in one batch read. */
export const ANNOTATION_BATCH_MAX = 500;

/** 'box': x, y, width, height in image pixels (top-left origin); 'class': the whole image. */
export const ANNOTATION_KINDS = ['box', 'class'] as const;

export const annotationSchema = z.object({
  id: z.string(),
  labelId: z.string(),
  kind: z.enum(ANNOTATION_KINDS),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type Annotation = z.infer<typeof annotationSchema>;

export const imageAnnotationsSchema = z.object({ imageId: z.string(), annotations: z.array(annotationSchema) });
export type ImageAnnotations = z.infer<typeof imageAnnotationsSchema>;

export const annotationBatchQuerySchema = z
  .object({
    imageIds: z
      .string()
      .min(1)
      .max(ANNOTATION_BATCH_MAX * 40)
      .transform((s) => s.split(','))
      .pipe(z.array(z.string().min(1).max(64)).max(ANNOTATION_BATCH_MAX)),
  })
  .strict();
export const annotationBatchSchema = z.object({ items: z.array(imageAnnotationsSchema) });

/** One annotation as written; `id` keeps an existing annotation's id, else the server makes one. */
export const annotationWriteSchema = z
  .object({
    id: z.string().min(1).max(64).optional(),
    labelId: z.string().min(1).max(64),
    kind: z.enum(ANNOTATION_KINDS),
    x: z.number().finite().default(0),
    y: z.number().finite().default(0),
    width: z.number().finite().default(0),
    height: z.number().finite().default(0),
  })
  .strict();
export const annotationsPutSchema = z
  .object({ annotations: z.array(annotationWriteSchema).max(ANNOTATIONS_PER_IMAGE_MAX) })
  .strict();
export type AnnotationsPut = z.infer<typeof annotationsPutSchema>;
