import { z } from 'zod';
import { RESOURCE_KINDS } from './routes';
import { V } from './validationMessages';
import { resourceDescriptionSchema, resourceNameSchema } from './validationConsole';

/*
 * The market (spec sections 2, 3, 4, 5, 6; issue "Market and payments"). A resource is a frozen
 * snapshot of a project's dataset (images, annotations and label classes at posting time) or one
 * of its trained models, posted by a project admin. The server checks it (`checking` →
 * `pending` or `check_failed`), a platform admin reviews it (`approved` or `rejected` with a
 * reason the seller sees); only approved public resources are listed. Paths relative to the API base.
 *
 * Seller (signed in):
 * GET  resources/sources → `resourceSourcesSchema`: the projects where the caller is admin, with
 *   their models and whether the dataset's current snapshot or a model is already posted.
 * POST resources (multipart: `data` = JSON `resourceCreateSchema`, `covers` = 0..5 image files,
 *   each < COVER_MAX_BYTES, png/jpeg/bmp by content) → 201 `resourceSchema` ('checking'; a
 *   `resource.check` job follows). 409 `resource_already_posted` for a snapshot or model already on
 *   the market; 403 when the caller is not the project's admin; 415 `image_invalid` for a cover.
 * GET  resources/mine → `resourceListSchema` (every state, newest first).
 * PATCH resources/:resourceId `resourceUpdateSchema` → `resourceSchema` (seller).
 * DELETE resources/:resourceId → 204 (seller or platform admin): off the market; buyers keep theirs.
 *
 * Platform admins:
 * GET  admin/resources?state=pending → `resourceListSchema` (the review queue, oldest first).
 * POST admin/resources/:resourceId/review `resourceReviewSchema` → `resourceSchema`.
 *
 * Public (a token, when sent, fills `bookmarked`, `purchased` and `mine`):
 * GET  market/resources?`marketQuerySchema` → `marketPageSchema` (approved public resources only).
 * GET  market/resources/:resourceId → `resourceSchema` (approved public; a private or unapproved one
 *   only for its seller, platform admins and its buyers; 404 for anyone else).
 * GET  market/resources/:resourceId/covers/:index → the cover image (same visibility).
 * GET  market/resources/:resourceId/samples/:index → a sample image of a dataset (a JPEG ≤ 512 px).
 *
 * Signed in:
 * PUT / DELETE resources/:resourceId/bookmark → 204; GET bookmarks → `resourceListSchema`.
 * GET  purchases → `purchaseListSchema` (the caller's; orders and payments: contract/apiPayments.ts).
 * POST purchases/:purchaseId/export `resourceExportSchema` → 200 `resourceExportResultSchema`:
 *   a dataset into a new or existing project where the buyer is admin (label classes merged by
 *   name; 409 `label_room` when they would pass PROJECT_LABELS_MAX), a model into a project of the
 *   same task (then a pre-trained model in the training wizard and deployable).
 * GET  sales?from=&to= (ISO dates, inclusive) → `salesReportSchema` (the seller's).
 */

export { RESOURCE_KINDS, type ResourceKind } from './routes';

/** Fields of use (spec 3). At least one is required to post. */
export const RESOURCE_FIELDS = ['manufacture', 'finance', 'medical'] as const;
export type ResourceField = (typeof RESOURCE_FIELDS)[number];

/** Data formats: VOC or COCO for datasets, TF.js for models. */
export const DATASET_FORMATS = ['voc', 'coco'] as const;
export const RESOURCE_FORMATS = ['voc', 'coco', 'tfjs'] as const;
export type ResourceFormat = (typeof RESOURCE_FORMATS)[number];

export const RESOURCE_VISIBILITIES = ['public', 'private'] as const;
export type ResourceVisibility = (typeof RESOURCE_VISIBILITIES)[number];

/** checking → pending (review) | check_failed; pending → approved | rejected. */
export const APPROVAL_STATES = ['checking', 'check_failed', 'pending', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** Why the server's check refused a resource (shown to the seller). */
export const RESOURCE_CHECK_ERRORS = [
  'snapshot_unreadable', // an image of the snapshot is missing or does not decode
  'snapshot_counts', // the snapshot's images, annotations or labels differ from what was recorded
  'model_unreadable', // the model zip does not open or load
  'model_run_failed', // the model does not run on a sample, or its outputs are not finite
  'cover_unreadable', // a cover image does not decode
] as const;
export type ResourceCheckError = (typeof RESOURCE_CHECK_ERRORS)[number];

/** Spec 5 and 9: at most 5 covers, each under 10 MB. */
export const COVER_MAX_COUNT = 5;
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/bmp'] as const;
/** File name endings a cover may have (the content decides). */
export const COVER_EXTENSIONS = ['png', 'jpeg', 'jpg', 'bmp'] as const;
/** Prices in won: 0 is free. */
export const RESOURCE_PRICE_MAX = 100_000_000;
/** A project holds at most this many label classes (exports into it merge within this room). */
export const PROJECT_LABELS_MAX = 100;
/** Sample images of a dataset shown on its page. */
export const RESOURCE_SAMPLES_MAX = 6;
export const REJECT_REASON_MAX = 200;
export const MARKET_PAGE_SIZE = 12;

const priceSchema = z
  .number({ error: V.required })
  .int({ error: V.numeric })
  .min(0, { error: V.numeric })
  .max(RESOURCE_PRICE_MAX, { error: V.numeric });

export const resourceCreateSchema = z
  .object({
    projectId: z.string().min(1).max(64),
    kind: z.enum(RESOURCE_KINDS),
    /** For a model: which of the project's models. */
    modelId: z.string().min(1).max(64).optional(),
    name: resourceNameSchema,
    description: resourceDescriptionSchema,
    price: priceSchema,
    format: z.enum(RESOURCE_FORMATS),
    fields: z.array(z.enum(RESOURCE_FIELDS)).min(1, { error: V.resourceFields }).max(RESOURCE_FIELDS.length),
    visibility: z.enum(RESOURCE_VISIBILITIES),
  })
  .strict()
  .refine((r) => (r.kind === 'model') === (r.modelId !== undefined), { error: V.required, path: ['modelId'] })
  .refine((r) => (r.kind === 'model' ? r.format === 'tfjs' : r.format !== 'tfjs'), {
    error: V.resourceFormat,
    path: ['format'],
  });
export type ResourceCreate = z.infer<typeof resourceCreateSchema>;

export const resourceUpdateSchema = z
  .object({
    visibility: z.enum(RESOURCE_VISIBILITIES).optional(),
    description: resourceDescriptionSchema.optional(),
    price: priceSchema.optional(),
  })
  .strict();
export type ResourceUpdate = z.infer<typeof resourceUpdateSchema>;

export const resourceReviewSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }).strict(),
  z
    .object({
      decision: z.literal('reject'),
      reason: z.string().trim().min(1, { error: V.required }).max(REJECT_REASON_MAX, { error: V.max200 }),
    })
    .strict(),
]);
export type ResourceReview = z.infer<typeof resourceReviewSchema>;

const labelSchema = z.object({ name: z.string(), color: z.string() });

/** A box or class of a sample image, in the image's pixels (a class annotation has no box). */
export const sampleAnnotationSchema = z.object({
  label: z.string(),
  color: z.string(),
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
});
export const resourceSampleSchema = z.object({
  index: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  annotations: z.array(sampleAnnotationSchema),
});
export type ResourceSample = z.infer<typeof resourceSampleSchema>;

export const resourceSchema = z.object({
  id: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  format: z.enum(RESOURCE_FORMATS),
  fields: z.array(z.enum(RESOURCE_FIELDS)),
  visibility: z.enum(RESOURCE_VISIBILITIES),
  approval: z.enum(APPROVAL_STATES),
  /** For the seller and platform admins: why it was rejected or failed its check. */
  rejectReason: z.string().nullable(),
  checkError: z.enum(RESOURCE_CHECK_ERRORS).nullable(),
  seller: z.object({ id: z.string(), name: z.string() }),
  /** The project subtype it came from (IMAGE_OBJECT_DETECTION …). */
  subtype: z.string(),
  /** Number of cover images (GET …/covers/0..n-1). */
  covers: z.number().int(),
  labels: z.array(labelSchema),
  counts: z.object({ images: z.number().int(), annotations: z.number().int(), labels: z.number().int() }),
  /** Datasets: sample images with their annotations (GET …/samples/:index). */
  samples: z.array(resourceSampleSchema),
  /** Models: network, input size and test metrics (contract/apiTraining.ts metrics, as stored). */
  model: z
    .object({
      task: z.string(),
      network: z.string(),
      inputSize: z.number().int(),
      metrics: z.record(z.string(), z.unknown()),
    })
    .nullable(),
  bytes: z.number().int(),
  purchases: z.number().int(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  /** Filled when the request carried a token. */
  bookmarked: z.boolean(),
  purchased: z.boolean(),
  mine: z.boolean(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const resourceListSchema = z.object({ items: z.array(resourceSchema) });
export type ResourceList = z.infer<typeof resourceListSchema>;

export const MARKET_SORTS = ['newest', 'price_asc', 'price_desc', 'popular'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

/** The market's query string (every value a string in the URL). */
export const marketQuerySchema = z.object({
  kind: z.enum(RESOURCE_KINDS).optional(),
  q: z.string().trim().max(50).optional(),
  /** Comma-separated fields of use; a resource matches when it has any of them. */
  fields: z
    .string()
    .optional()
    .transform((s) => (s ? s.split(',').filter(Boolean) : []))
    .pipe(z.array(z.enum(RESOURCE_FIELDS))),
  format: z.enum(RESOURCE_FORMATS).optional(),
  priceMin: z.coerce.number().int().min(0).optional(),
  priceMax: z.coerce.number().int().min(0).optional(),
  free: z
    .enum(['1', 'true'])
    .optional()
    .transform((v) => v !== undefined),
  sort: z.enum(MARKET_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(48).default(MARKET_PAGE_SIZE),
});
export type MarketQuery = z.infer<typeof marketQuerySchema>;

export const marketPageSchema = z.object({
  items: z.array(resourceSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MarketPage = z.infer<typeof marketPageSchema>;

export const resourceSourcesSchema = z.object({
  projects: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      kind: z.string(),
      subtype: z.string(),
      images: z.number().int(),
      annotations: z.number().int(),
      labels: z.number().int(),
      /** The dataset as it is now was already posted (a later change makes a new snapshot). */
      datasetPosted: z.boolean(),
      models: z.array(
        z.object({
          id: z.string(),
          tag: z.string().nullable(),
          network: z.string(),
          task: z.string(),
          createdAt: z.string(),
          posted: z.boolean(),
        }),
      ),
    }),
  ),
});
export type ResourceSources = z.infer<typeof resourceSourcesSchema>;

export const purchaseSchema = z.object({
  id: z.string(),
  resource: resourceSchema,
  price: z.number().int(),
  orderId: z.string().nullable(),
  purchasedAt: z.string(),
  /** Exports of this purchase into projects, newest first. */
  exports: z.array(z.object({ projectId: z.string(), projectTitle: z.string(), at: z.string() })),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchaseListSchema = z.object({ items: z.array(purchaseSchema) });

export const resourceExportSchema = z.discriminatedUnion('target', [
  z
    .object({
      target: z.literal('new'),
      title: resourceNameSchema,
      /** An organization where the buyer is owner or admin (else 403; not a member: 404); omitted: a personal project. */
      organizationId: z.string().min(1).max(64).optional(),
    })
    .strict(),
  z.object({ target: z.literal('existing'), projectId: z.string().min(1).max(64) }).strict(),
]);
export type ResourceExport = z.infer<typeof resourceExportSchema>;
export const resourceExportResultSchema = z.object({
  projectId: z.string(),
  images: z.number().int(),
  annotations: z.number().int(),
  labelsAdded: z.number().int(),
  /** For a model: the model's id in the project. */
  modelId: z.string().nullable(),
});
export type ResourceExportResult = z.infer<typeof resourceExportResultSchema>;

export const salesReportSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Per resource in the period, highest total first. */
  resources: z.array(
    z.object({
      resourceId: z.string(),
      name: z.string(),
      kind: z.enum(RESOURCE_KINDS),
      count: z.number().int(),
      total: z.number().int(),
    }),
  ),
  /** Each sale in the period, newest first. */
  sales: z.array(
    z.object({
      purchaseId: z.string(),
      resourceId: z.string(),
      name: z.string(),
      buyer: z.string(),
      price: z.number().int(),
      at: z.string(),
    }),
  ),
  count: z.number().int(),
  total: z.number().int(),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
