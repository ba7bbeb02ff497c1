import { z } from 'zod';

/*
 * Annotations of a project's images (spec sections 2, 3, 9). Paths are relative to the API base;
 * membership scoping as for every project route (another project's ids → 404).
 *
 * GET projects/:projectId/images/:imageId/annotations → `imageAnnotationsSchema` (worker and up):
 *   every annotation with its `version`, and the image's `revision` (bumped by every change).
 * GET projects/:projectId/annotations?imageIds=a,b,c (≤ ANNOTATION_BATCH_MAX ids of this project;
 *   unknown ids are left out) → `annotationBatchSchema`: what exports read a page at a time.
 * POST projects/:projectId/images/:imageId/annotations/ops `annotationOpsRequestSchema` → 200
 *   `annotationOpsResponseSchema` (worker and up; how the labeling studio saves). Operations are
 *   applied in order, all or nothing, each exactly once: an `opId` the server has already applied
 *   (for this image) is not applied again and answers its stored result. A `put` creates
 *   (`baseVersion: null`) or replaces (`baseVersion` = the version the edit started from) one
 *   annotation; a `delete` removes one. A stale `baseVersion` (or a create whose id exists, or a
 *   replace/delete of a missing id) refuses the whole request with 409 `annotation_conflict` and
 *   `conflicts` (each with the server's current annotation, null when it is gone); nothing is
 *   applied. Box rules as for PUT; polygons need POLYGON_VERTICES_MIN..MAX vertices inside the
 *   image (their x, y, width, height are the server's bounding box of `points`). The request
 *   body and the rows written grow with the operations sent, never with the image's count.
 * PUT projects/:projectId/images/:imageId/annotations `annotationsPutSchema` → 200
 *   `imageAnnotationsSchema`: replaces the image's whole set in one transaction (worker and up).
 *   Boxes must lie inside the image and be at least MIN_BOX_SIDE px a side (`box_invalid` with
 *   the index), labels must be the project's (`label_not_found`).
 * Every write updates the image's labeled flag, annotation count and label ids.
 */

/** Smallest box side in image pixels (spec section 9); the engine rejects smaller drawings too. */
export const MIN_BOX_SIDE = 20;
/** Most annotations one image may carry. */
export const ANNOTATIONS_PER_IMAGE_MAX = 100_000;
/** Most image ids in one batch read. */
export const ANNOTATION_BATCH_MAX = 500;

/** Most operations in one ops request. */
export const ANNOTATION_OPS_MAX = 1_000;
/** A polygon's vertex count bounds. */
export const POLYGON_VERTICES_MIN = 3;
export const POLYGON_VERTICES_MAX = 2_000;

/**
 * 'box': x, y, width, height in image pixels (top-left origin); 'polygon': `points` as flat
 * [x0, y0, x1, y1, …] image pixels, x/y/width/height its bounding box; 'class': the whole image
 * (classification projects: one per image; geometry 0).
 */
export const ANNOTATION_KINDS = ['box', 'polygon', 'class'] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];

/**
 * Who made an annotation: a person, or a model (auto labeling) whose label no person has accepted
 * yet. Any write of the annotation by a person (an edit, or accepting it unchanged) makes it 'person'.
 */
export const ANNOTATION_SOURCES = ['person', 'machine'] as const;
export type AnnotationSource = (typeof ANNOTATION_SOURCES)[number];

export const annotationSchema = z.object({
  id: z.string(),
  labelId: z.string(),
  kind: z.enum(ANNOTATION_KINDS),
  /** Absent: 'person'. */
  source: z.enum(ANNOTATION_SOURCES).optional(),
  /** The model's confidence (machine labels). */
  score: z.number().nullable().optional(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  /** Polygons only. */
  points: z.array(z.number()).optional(),
  /** 1 when created, +1 on every change: the base version an edit names. */
  version: z.number().int(),
});
export type Annotation = z.infer<typeof annotationSchema>;

export const imageAnnotationsSchema = z.object({
  imageId: z.string(),
  /** The image's annotation revision: bumped by every applied write. */
  revision: z.number().int(),
  annotations: z.array(annotationSchema),
});
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
    points: z
      .array(z.number().finite())
      .min(POLYGON_VERTICES_MIN * 2)
      .max(POLYGON_VERTICES_MAX * 2)
      .optional(),
  })
  .strict();
export type AnnotationWrite = z.infer<typeof annotationWriteSchema>;
export const annotationsPutSchema = z
  .object({ annotations: z.array(annotationWriteSchema).max(ANNOTATIONS_PER_IMAGE_MAX) })
  .strict();
export type AnnotationsPut = z.infer<typeof annotationsPutSchema>;

/** An operation's id: a UUID made by the client once, kept across retries. */
const opIdSchema = z.string().min(8).max(64);

/** One operation of an ops request (see the file comment). */
export const annotationOpSchema = z.discriminatedUnion('type', [
  z
    .object({
      opId: opIdSchema,
      type: z.literal('put'),
      /** null: a create. */
      baseVersion: z.number().int().min(1).nullable(),
      annotation: annotationWriteSchema.extend({ id: z.string().min(1).max(64) }),
    })
    .strict(),
  z
    .object({
      opId: opIdSchema,
      type: z.literal('delete'),
      id: z.string().min(1).max(64),
      baseVersion: z.number().int().min(1),
    })
    .strict(),
]);
export type AnnotationOp = z.infer<typeof annotationOpSchema>;

export const annotationOpsRequestSchema = z
  .object({ ops: z.array(annotationOpSchema).min(1).max(ANNOTATION_OPS_MAX) })
  .strict();
export type AnnotationOpsRequest = z.infer<typeof annotationOpsRequestSchema>;

/** What one applied operation did: the annotation's new version (null once deleted). */
export const annotationOpResultSchema = z.object({
  opId: z.string(),
  id: z.string(),
  version: z.number().int().nullable(),
  /** true when this opId had been applied before and this is its stored answer. */
  replayed: z.boolean(),
});
export type AnnotationOpResult = z.infer<typeof annotationOpResultSchema>;

export const annotationOpsResponseSchema = z.object({
  imageId: z.string(),
  revision: z.number().int(),
  /** The image's annotation count after the request. */
  count: z.number().int(),
  results: z.array(annotationOpResultSchema),
});
export type AnnotationOpsResponse = z.infer<typeof annotationOpsResponseSchema>;

/** One refused operation of a 409 `annotation_conflict` (in the error body's `conflicts`). */
export const annotationConflictSchema = z.object({
  opId: z.string(),
  id: z.string(),
  /** The server's annotation now; null when it does not exist. */
  current: annotationSchema.nullable(),
});
export type AnnotationConflict = z.infer<typeof annotationConflictSchema>;
