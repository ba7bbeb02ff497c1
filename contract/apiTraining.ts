import { z } from 'zod';
import { modelTagSchema, trainingIterationsSchema, TRAINING_ITERATIONS_MAX } from './validationConsole';
import { V } from './validationMessages';

/*
 * Training (spec sections 2, 3, 4, 5, 9; issue "Training and models"). Paths are relative to the
 * API base; project scoping as everywhere (another project's ids → 404). Admins and members
 * train; workers get 403 `forbidden`.
 *
 * GET  trainers → `trainerListSchema`: the trainers registered against this database (the one
 *   inside the API process and every `npm run worker -- --role trainer`), with their backend, their
 *   measured speed and whether they answered in the last TRAINER_ONLINE_MS.
 * POST projects/:projectId/trainings `trainingCreateSchema` → 202 `{ trainingId }` and a
 *   `training.run` job ('Training has started.'). 400 `validation` (fields), 400
 *   `training_too_few_images` (fewer than TRAINING_MIN_IMAGES usable labeled images in the
 *   selection, or an empty train split), 503 `trainer_unavailable` ('The learning server did not
 *   receive the request normally.') when no online trainer can take it (or the named one is not).
 * POST projects/:projectId/training-preview `trainingPreviewRequestSchema` → 200 `trainingPreviewSchema`: what
 *   a selection would train on (usable images per label and per split) — the wizard's dataset step and overview.
 *   (Not `trainings/preview`: a literal beside `trainings/:trainingId` sends Hono to its slower router.)
 * GET  projects/:projectId/trainings → `trainingListSchema` (newest first; the history table).
 * GET  projects/:projectId/trainings/:trainingId → `trainingSchema` (with `evaluation` once tested).
 * GET  projects/:projectId/trainings/:trainingId/events → text/event-stream: `event: training`
 *   with a `trainingSchema` JSON (no evaluation) whenever it changes, at most ~4 a second; the
 *   stream ends after the first message in a final status. `Last-Event-ID` is not needed: every
 *   message is the whole state.
 * POST projects/:projectId/trainings/:trainingId/stop → 202 `trainingSchema` (stop requested; the
 *   trainer stops within one batch and the status becomes 'stopped'); 409 `training_finished` when
 *   it is already in a final status.
 * GET  projects/:projectId/trainings/:trainingId/predictions/:imageId → `imagePredictionsSchema`:
 *   what the trained model predicted for one test-split image (the evaluation's mistakes open
 *   the studio with these drawn beside the labels); 404 when the image was not tested.
 */

/** Spec section 9: 'Training needs at least 10 datasets.' */
export const TRAINING_MIN_IMAGES = 10;
export { TRAINING_ITERATIONS_MAX };
/** A trainer that has not heartbeated for this long is offline. */
export const TRAINER_ONLINE_MS = 30_000;

/** Spec section 4: the steps a training goes through, in order. */
export const TRAINING_STEPS = ['ready', 'downloading', 'learning', 'uploading', 'testing', 'completed'] as const;
export type TrainingStep = (typeof TRAINING_STEPS)[number];

export const TRAINING_STATUSES = ['queued', 'running', 'completed', 'failed', 'stopped'] as const;
export type TrainingStatus = (typeof TRAINING_STATUSES)[number];
export const FINAL_TRAINING_STATUSES: readonly TrainingStatus[] = ['completed', 'failed', 'stopped'];

/** Why a training failed (translated under `trainingResults:error.*`). */
export const TRAINING_ERROR_CODES = [
  'trainer_lost', // the trainer stopped responding and the job had no attempts left
  'too_few_images', // fewer than TRAINING_MIN_IMAGES usable images when the data was read
  'image_unreadable', // the dataset could not be read (every image failed to decode)
  'base_model_invalid', // the chosen previous model could not be loaded or does not fit
  'internal', // anything else (the server log has the detail)
] as const;
export type TrainingErrorCode = (typeof TRAINING_ERROR_CODES)[number];

/** Backbones that ship with the product (ml/README.md: origin and licence). */
export const BACKBONES = ['mobilenet-v2'] as const;
export type Backbone = (typeof BACKBONES)[number];

/** Networks (heads) by project subtype. Segmentation has none yet (the wizard says so). */
export const NETWORKS = ['classifier-compact', 'classifier-standard', 'detector-compact'] as const;
export type Network = (typeof NETWORKS)[number];
export const NETWORKS_BY_SUBTYPE: Record<string, readonly Network[]> = {
  IMAGE_CLASSIFICATION: ['classifier-compact', 'classifier-standard'],
  IMAGE_OBJECT_DETECTION: ['detector-compact'],
  IMAGE_SEGMENTATION: [],
};
/** The task a network solves (the manifest's `task`). */
export const TASKS = ['classification', 'detection'] as const;
export type Task = (typeof TASKS)[number];
export const TASK_OF_NETWORK: Record<Network, Task> = {
  'classifier-compact': 'classification',
  'classifier-standard': 'classification',
  'detector-compact': 'detection',
};

export const INPUT_SIZES = [128, 160, 192, 224, 256, 320] as const;
export const BATCH_SIZES = [8, 16, 32, 64] as const;
export const LEARNING_RATE_MIN = 0.00001;
export const LEARNING_RATE_MAX = 0.1;

/** Defaults the wizard starts from, by task. */
export const TRAINING_DEFAULTS = {
  classification: { iterations: 20, batchSize: 16, learningRate: 0.001, inputSize: 224 },
  detection: { iterations: 30, batchSize: 16, learningRate: 0.001, inputSize: 256 },
} as const satisfies Record<Task, { iterations: number; batchSize: number; learningRate: number; inputSize: number }>;

const percent = z.number().int().min(0).max(100);

/** Data split of one training: the project's split, or ratios of its own (re-rolled by seed). */
export const trainingSplitSchema = z
  .object({
    mode: z.enum(['project', 'custom']),
    train: percent.min(1),
    validation: percent,
    test: percent,
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
  })
  .strict()
  .refine((s) => s.train + s.validation + s.test === 100, { error: V.splitSum, path: ['test'] });
export type TrainingSplit = z.infer<typeof trainingSplitSchema>;

/** Where the backbone's weights come from: the shipped one, or a previous model of this project. */
export const pretrainedSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('backbone'), backbone: z.enum(BACKBONES) }).strict(),
  z.object({ kind: z.literal('model'), modelId: z.string().min(1).max(64) }).strict(),
]);
export type Pretrained = z.infer<typeof pretrainedSchema>;

export const augmentationSchema = z
  .object({ enabled: z.boolean(), flip: z.boolean(), shift: z.boolean(), brightness: z.boolean() })
  .strict();
export type Augmentation = z.infer<typeof augmentationSchema>;

export const hyperparametersSchema = z
  .object({
    iterations: trainingIterationsSchema,
    batchSize: z.union(BATCH_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<8>, ...z.ZodLiteral<number>[]]),
    learningRate: z.number({ error: V.invalid }).min(LEARNING_RATE_MIN, { error: V.invalid }).max(LEARNING_RATE_MAX, {
      error: V.invalid,
    }),
    inputSize: z.union(INPUT_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<128>, ...z.ZodLiteral<number>[]]),
    augmentation: augmentationSchema,
  })
  .strict();
export type Hyperparameters = z.infer<typeof hyperparametersSchema>;

/** POST projects/:projectId/trainings: the wizard's settings. */
export const trainingCreateSchema = z
  .object({
    split: trainingSplitSchema,
    /** The label classes to train on (images carrying none of them are left out). */
    labelIds: z.array(z.string().min(1).max(64)).min(1).max(1_000),
    pretrained: pretrainedSchema,
    network: z.enum(NETWORKS),
    hyperparameters: hyperparametersSchema,
    modelTag: modelTagSchema,
    /** A registered trainer's id, or 'auto' (any online trainer takes the job). */
    trainerId: z.string().min(1).max(200).default('auto'),
  })
  .strict();
export type TrainingCreate = z.infer<typeof trainingCreateSchema>;
export type TrainingSettings = TrainingCreate;

/** One epoch's figures (the charts). Accuracy is mAP@0.5 on the validation split for detection. */
export const epochMetricsSchema = z.object({
  epoch: z.number().int(),
  loss: z.number(),
  accuracy: z.number().nullable(),
  valLoss: z.number().nullable(),
  valAccuracy: z.number().nullable(),
  seconds: z.number(),
});
export type EpochMetrics = z.infer<typeof epochMetricsSchema>;

const perClassClassificationSchema = z.object({
  labelId: z.string(),
  precision: z.number(),
  recall: z.number(),
  f1: z.number(),
  support: z.number().int(),
});
const perClassDetectionSchema = z.object({
  labelId: z.string(),
  ap50: z.number(),
  ap5095: z.number(),
  gtCount: z.number().int(),
});
/** A point of the detection precision/recall trade-off as the confidence threshold moves. */
export const thresholdPointSchema = z.object({
  score: z.number(),
  precision: z.number(),
  recall: z.number(),
  f1: z.number(),
});
/** A box in image pixels: x, y (top-left), width, height. */
export const boxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export const MISTAKE_KINDS = ['false_positive', 'miss', 'wrong_class'] as const;
export const mistakeSchema = z.object({
  imageId: z.string(),
  kind: z.enum(MISTAKE_KINDS),
  /** The label the data says (misses, wrong classes). */
  labelId: z.string().nullable(),
  /** The label the model said (false positives, wrong classes). */
  predictedLabelId: z.string().nullable(),
  score: z.number().nullable(),
  /** Detection only: the box at fault. */
  box: boxSchema.nullable(),
});
export type Mistake = z.infer<typeof mistakeSchema>;

export const classificationEvaluationSchema = z.object({
  task: z.literal('classification'),
  testImages: z.number().int(),
  accuracy: z.number(),
  perClass: z.array(perClassClassificationSchema),
  /** Rows: true label; columns: predicted label; both in `labelIds` order. */
  confusion: z.object({
    labelIds: z.array(z.string()),
    matrix: z.array(z.array(z.number().int())),
    /** The images of each cell ('row,col' → up to 100 image ids). */
    images: z.record(z.string(), z.array(z.string())),
  }),
  mistakes: z.array(mistakeSchema),
});
export const detectionEvaluationSchema = z.object({
  task: z.literal('detection'),
  testImages: z.number().int(),
  map50: z.number(),
  map5095: z.number(),
  perClass: z.array(perClassDetectionSchema),
  /** All classes at IoU 0.5: precision at 101 recall points (COCO's interpolation). */
  prCurve: z.array(z.object({ recall: z.number(), precision: z.number() })),
  /** Precision, recall and F1 at IoU 0.5 for confidence thresholds 0.05…0.95. */
  thresholds: z.array(thresholdPointSchema),
  bestThreshold: thresholdPointSchema,
  mistakes: z.array(mistakeSchema),
});
export const evaluationSchema = z.discriminatedUnion('task', [
  classificationEvaluationSchema,
  detectionEvaluationSchema,
]);
export type Evaluation = z.infer<typeof evaluationSchema>;
export type ClassificationEvaluation = z.infer<typeof classificationEvaluationSchema>;
export type DetectionEvaluation = z.infer<typeof detectionEvaluationSchema>;

/** A training as the console shows it (spec section 3's fields). */
export const trainingSchema = z.object({
  id: z.string(),
  /** The per-project sequence number shown as the identifier (#1, #2, …). */
  number: z.number().int(),
  projectId: z.string(),
  status: z.enum(TRAINING_STATUSES),
  step: z.enum(TRAINING_STEPS),
  /** Whole training, 0–1. */
  progress: z.number(),
  annotationType: z.enum(['box', 'polygon', 'class']),
  splitType: z.enum(['project', 'custom']),
  modelTag: z.string().nullable(),
  network: z.enum(NETWORKS),
  task: z.enum(TASKS),
  settings: trainingCreateSchema,
  /** Images used (after selection), and per split. */
  datasetCount: z.number().int(),
  splitCounts: z.object({ train: z.number().int(), validation: z.number().int(), test: z.number().int() }),
  trigger: z.enum(['manual', 'schedule']),
  trainerId: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Live figures (the last batch / epoch). */
  epoch: z.number().int(),
  epochs: z.number().int(),
  batch: z.number().int(),
  batches: z.number().int(),
  loss: z.number().nullable(),
  accuracy: z.number().nullable(),
  etaSeconds: z.number().nullable(),
  history: z.array(epochMetricsSchema),
  stopRequested: z.boolean(),
  error: z.enum(TRAINING_ERROR_CODES).nullable(),
  modelId: z.string().nullable(),
  evaluation: evaluationSchema.nullable(),
  /** Filled by deployment (edge and web points this training's model went to). */
  deployments: z.array(z.object({ id: z.string(), target: z.string(), at: z.string() })),
});
export type Training = z.infer<typeof trainingSchema>;
export const trainingListSchema = z.object({ items: z.array(trainingSchema) });

export const trainingCreatedSchema = z.object({ trainingId: z.string() });

/** The wizard's question: what would these labels and this split train on? */
export const trainingPreviewRequestSchema = z
  .object({ split: trainingSplitSchema, labelIds: z.array(z.string().min(1).max(64)).max(1_000) })
  .strict();
export const trainingPreviewSchema = z.object({
  /** Usable images: ready, carrying at least one annotation of a selected label (of the task's kind). */
  images: z.number().int(),
  splitCounts: z.object({ train: z.number().int(), validation: z.number().int(), test: z.number().int() }),
  /** Every label of the project, selected or not: images and annotations of the task's kind. */
  perLabel: z.array(z.object({ labelId: z.string(), images: z.number().int(), annotations: z.number().int() })),
  /** The annotation kind counted ('class' for classification, 'box' for detection: polygons count as boxes). */
  annotationType: z.enum(['box', 'polygon', 'class']),
});
export type TrainingPreview = z.infer<typeof trainingPreviewSchema>;

/** One prediction of a model on an image (image pixels; class predictions have box null). */
export const predictionSchema = z.object({
  labelId: z.string(),
  score: z.number(),
  box: boxSchema.nullable(),
});
export type Prediction = z.infer<typeof predictionSchema>;
export const imagePredictionsSchema = z.object({
  imageId: z.string(),
  modelId: z.string().nullable(),
  predictions: z.array(predictionSchema),
});

export const TRAINER_BACKENDS = ['wasm', 'cpu', 'webgl'] as const;
export const trainerSchema = z.object({
  id: z.string(),
  name: z.string(),
  backend: z.enum(TRAINER_BACKENDS),
  /** Inside the API process (the embedded default) or a process of its own. */
  embedded: z.boolean(),
  online: z.boolean(),
  busy: z.boolean(),
  /** Measured on the trainer at start: backbone features per image, and head training per sample and epoch. */
  featureMsPerImage: z.number().nullable(),
  headMsPerSample: z.number().nullable(),
  lastSeenAt: z.string(),
});
export type Trainer = z.infer<typeof trainerSchema>;
export const trainerListSchema = z.object({ items: z.array(trainerSchema) });

/**
 * The wizard's duration estimate: features once per image (with augmentation, the train split
 * again per augmented copy), then the head per sample and epoch.
 */
export function estimateTrainingSeconds(
  trainer: Pick<Trainer, 'featureMsPerImage' | 'headMsPerSample'>,
  images: number,
  trainImages: number,
  iterations: number,
  augmentation: boolean,
): number | null {
  if (trainer.featureMsPerImage == null || trainer.headMsPerSample == null) return null;
  const featureImages = images + (augmentation ? trainImages * AUGMENTED_COPIES : 0);
  const samples = trainImages * (augmentation ? 1 + AUGMENTED_COPIES : 1);
  return (featureImages * trainer.featureMsPerImage + iterations * samples * trainer.headMsPerSample) / 1000;
}
/** With augmentation on, each training image also contributes this many augmented copies. */
export const AUGMENTED_COPIES = 2;
