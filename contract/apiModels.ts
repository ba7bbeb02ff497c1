import { z } from 'zod';
import { BACKBONES, NETWORKS, TASKS } from './apiTraining';
import { MODEL_TAG_MAX } from './validationConsole';

/*
 * Models (spec sections 2, 3, 8; issue "Training and models"). Project scoping and roles as for
 * trainings (admins and members; workers 403).
 *
 * GET  projects/:projectId/models → `modelListSchema` (newest first).
 * GET  projects/:projectId/models/:modelId → `modelSchema`.
 * GET  projects/:projectId/models/:modelId/download → the model zip (application/zip,
 *   Content-Disposition attachment): `model.json` + `weights.bin` (TF.js LayersModel, the whole
 *   network from pixels to outputs), `manifest.json` (`modelManifestSchema`), `README.md` (a
 *   standalone Node and browser snippet).
 * POST projects/:projectId/models with the zip as the raw body (Content-Type application/zip,
 *   at most MODEL_UPLOAD_MAX_BYTES; `?tag=` optional model tag) → 201 `modelSchema`; 400
 *   `model_invalid` with `modelError` (one of MODEL_UPLOAD_ERROR_CODES): 'Failed to upload model.'
 *   with the code. The project's labels must hold every label the manifest names (by name).
 * PUT  projects/:projectId/models/:modelId `{ tag }` → 200 `modelSchema` (rename the tag).
 * DELETE projects/:projectId/models/:modelId → 204 (admin).
 * PUT  projects/:projectId/assist-model `{ modelId: string | null }` → 200 (admin and member): the
 *   model the studio's assist AI and auto labeling use; GET projects/:projectId/assist-model →
 *   `{ model: modelSchema | null }` (worker and up: labelers use assist AI).
 * POST projects/:projectId/auto-labels `autoLabelCreateSchema` → 202 `{ jobId }`: runs the model
 *   over the unlabeled images on a trainer; its annotations are machine labels until a person
 *   accepts them. GET projects/:projectId/auto-labels/:jobId → `autoLabelJobSchema`.
 */

export const MODEL_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
export const MODEL_FORMAT = 'maru-model';
export const MODEL_FORMAT_VERSION = 1;

/** Why an uploaded model zip was refused ('Failed to upload model.' + the code). */
export const MODEL_UPLOAD_ERROR_CODES = [
  'model_not_zip', // not a zip, or unreadable
  'model_too_large', // over MODEL_UPLOAD_MAX_BYTES, or inflates past the limits
  'model_manifest_missing', // no manifest.json
  'model_manifest_invalid', // manifest.json does not match the schema (format, version, task, labels…)
  'model_files_missing', // model.json or a weights file it names is missing
  'model_weights_invalid', // weights do not match model.json's specs, or the model does not load
  'model_output_mismatch', // the network's output shape does not fit the manifest's task and labels
  'model_task_mismatch', // a detection model for a classification project, or the other way round
  'model_labels_unknown', // the manifest names labels the project does not have
] as const;
export type ModelUploadErrorCode = (typeof MODEL_UPLOAD_ERROR_CODES)[number];

/** How pixels become the network's input (every model of this format uses this one). */
export const preprocessingSchema = z.object({
  /** Resize the whole image (or view) to inputSize × inputSize, ignoring aspect ratio. */
  resize: z.literal('stretch'),
  channels: z.literal('rgb'),
  /**
   * What the model's first layer does to its input: value = pixel (0–255) × scale + offset. Feed
   * raw RGB pixel values 0–255; the rescale is inside the model.
   */
  scale: z.number(),
  offset: z.number(),
});

/**
 * Detection output: a grid of gridSize × gridSize cells, each with (numClasses) centre
 * heat-map logits then 4 box values; see ml/README.md for the decoding (also in the zip's README).
 */
export const detectionHeadSchema = z.object({
  encoding: z.literal('center-grid-v1'),
  gridSize: z.number().int().min(1).max(256),
  /** Suggested score threshold (the evaluation's best F1) and the NMS IoU. */
  scoreThreshold: z.number().min(0).max(1),
  nmsIou: z.number().min(0).max(1),
  maxDetections: z.number().int().min(1).max(1000),
});

/** manifest.json of a model zip. */
export const modelManifestSchema = z.object({
  format: z.literal(MODEL_FORMAT),
  version: z.literal(MODEL_FORMAT_VERSION),
  task: z.enum(TASKS),
  network: z.enum(NETWORKS),
  backbone: z.enum(BACKBONES),
  inputSize: z.number().int().min(32).max(1024),
  /** Output index i is labels[i]. */
  labels: z
    .array(z.object({ name: z.string().min(1).max(64), color: z.string().regex(/^#[0-9a-f]{6}$/i) }))
    .min(1)
    .max(1000),
  preprocessing: preprocessingSchema,
  detection: detectionHeadSchema.nullable(),
  metrics: z.record(z.string(), z.number()),
  createdAt: z.string(),
  trainingId: z.string().nullable(),
  tag: z.string().max(MODEL_TAG_MAX).nullable(),
});
export type ModelManifest = z.infer<typeof modelManifestSchema>;

export const modelSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  tag: z.string().nullable(),
  task: z.enum(TASKS),
  network: z.enum(NETWORKS),
  backbone: z.enum(BACKBONES),
  inputSize: z.number().int(),
  /** Project label ids in output order (matched by name at upload). */
  labels: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
  metrics: z.record(z.string(), z.number()),
  trainingId: z.string().nullable(),
  source: z.enum(['trained', 'uploaded']),
  bytes: z.number().int(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** This project's assist model. */
  assist: z.boolean(),
  /** The market resource it was exported from (a bought model); null or absent otherwise. */
  resourceId: z.string().nullish(),
});
export type Model = z.infer<typeof modelSchema>;
export const modelListSchema = z.object({ items: z.array(modelSchema) });
export const modelTagUpdateSchema = z.object({ tag: z.string().max(MODEL_TAG_MAX).nullable() }).strict();
export const assistModelUpdateSchema = z.object({ modelId: z.string().min(1).max(64).nullable() }).strict();
export const assistModelSchema = z.object({ model: modelSchema.nullable() });

export const autoLabelCreateSchema = z
  .object({
    modelId: z.string().min(1).max(64),
    /** Predictions below this score are not written. */
    threshold: z.number().min(0.05).max(0.99),
    /** Only images with no annotation (default) — labeled images are never touched. */
    limit: z.number().int().min(1).max(100_000).optional(),
  })
  .strict();
export type AutoLabelCreate = z.infer<typeof autoLabelCreateSchema>;
export const autoLabelJobSchema = z.object({
  jobId: z.string(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number(),
  images: z.number().int(),
  labeledImages: z.number().int(),
  annotations: z.number().int(),
  error: z.string().nullable(),
});
