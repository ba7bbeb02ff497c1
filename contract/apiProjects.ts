import { z } from 'zod';
import {
  labelNameSchema,
  projectDescriptionSchema,
  projectTitleSchema,
  REPEAT_CYCLES,
  requiredString,
  tagSchema,
  TAGS_PER_ITEM_MAX,
  V,
} from './validation';

/*
 * Projects and datasets (spec sections 2, 3, 5, 6, 9). Paths are relative to the API base.
 * Every project route is scoped to membership: another project's id answers 404; a member doing
 * an admin action gets 403 `forbidden`. Request schemas are strict.
 */

export const DATA_KINDS = ['IMAGE', 'VIDEO', 'SERIAL', 'AUDIO', 'TEXT'] as const;
export type DataKind = (typeof DATA_KINDS)[number];

/** The twenty subtypes of spec section 3, by data kind. */
export const SUBTYPES_BY_KIND = {
  IMAGE: ['IMAGE_CLASSIFICATION', 'IMAGE_OBJECT_DETECTION', 'IMAGE_SEGMENTATION'],
  VIDEO: [
    'VIDEO_CLASSIFICATION',
    'VIDEO_MOTION_DETECTION',
    'VIDEO_TRACKING',
    'VIDEO_ACTION_RECOGNITION',
    'VIDEO_GESTURE_RECOGNITION',
  ],
  AUDIO: [
    'AUDIO_SOUND_CLASSIFICATION',
    'AUDIO_SPEECH_RECOGNITION',
    'AUDIO_SPEAKER_RECOGNITION',
    'AUDIO_SPEECH_SEPARATION',
  ],
  SERIAL: ['SERIAL_FORECASTING', 'SERIAL_CLASSIFICATION', 'SERIAL_ANOMALY_DETECTION', 'SERIAL_PREDICTION'],
  TEXT: ['TEXT_CLASSIFICATION', 'TEXT_SUMMARIZATION', 'TEXT_LANGUAGE_TRANSLATION', 'TEXT_SENTIMENT_ANALYSIS'],
} as const satisfies Record<DataKind, readonly string[]>;
export const SUBTYPES = Object.values(SUBTYPES_BY_KIND).flat() as Subtype[];
export type Subtype = (typeof SUBTYPES_BY_KIND)[DataKind][number];
/** Subtypes whose labeling and training this release supports (others: files only). */
export const SUPPORTED_SUBTYPES: readonly Subtype[] = [
  'IMAGE_CLASSIFICATION',
  'IMAGE_OBJECT_DETECTION',
  'IMAGE_SEGMENTATION',
];

/** Project roles: admin (project admin) and member, plus labeling workers. Organization owners/admins act as project admins. */
export const PROJECT_ROLES = ['admin', 'member', 'worker'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** Folder upload is blocked when the project has more labels than this (spec section 9). */
export const FOLDER_UPLOAD_MAX_LABELS = 10;
/** Images larger than this on a side get a tile pyramid. */
export const PYRAMID_MIN_SIDE = 2048;
export const TILE_SIZE = 512;
/** Decompression-bomb guard for uploads. */
export const MAX_IMAGE_PIXELS = 1_000_000_000;
/** Upload size limit per file. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;

const subtypeSchema = z.enum(SUBTYPES as [Subtype, ...Subtype[]]);

/**
 * GET projects → the caller's projects (not deleted). POST projects → 201 project (caller is admin).
 * GET/PATCH/DELETE projects/:projectId (PATCH, DELETE: admin). DELETE answers 204; afterwards
 * the project answers 410 `gone` ('deleted project') to members who still hold its id.
 */
export const projectSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(DATA_KINDS),
  subtype: subtypeSchema,
  organizationId: z.string().nullable(),
  role: z.enum(PROJECT_ROLES),
  imageCount: z.number(),
  labeledCount: z.number(),
  labelCount: z.number(),
  split: z.object({ train: z.number(), validation: z.number(), test: z.number(), seed: z.number() }),
  schedule: z.object({ enabled: z.boolean(), cycle: z.enum(REPEAT_CYCLES).nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;
export const projectListSchema = z.array(projectSchema);

/** `organization=personal`: the projects outside the caller's organizations (their own, and those shared with them). */
export const PERSONAL_SCOPE = 'personal';

/**
 * GET projects?role=admin: only the projects where the caller is admin (resource creation offers those).
 * GET projects?organization=<orgId>: only that organization's projects (404 when the caller is not
 * one of its members); `organization=personal`: the projects without one of the caller's
 * organizations. Without `organization`: every project of the caller.
 */
export const projectListQuerySchema = z
  .object({
    role: z.enum(['admin']).optional(),
    organization: z.string().min(1).max(64).optional(),
  })
  .strict();

export const projectCreateSchema = z
  .object({
    title: projectTitleSchema,
    description: projectDescriptionSchema.default(''),
    subtype: subtypeSchema,
    /** An organization where the caller is owner or admin (else 403; not a member: 404); omitted: a personal project. */
    organizationId: z.string().min(1).max(64).optional(),
  })
  .strict();
export const projectUpdateSchema = z
  .object({ title: projectTitleSchema, description: projectDescriptionSchema })
  .partial()
  .strict();

/** PUT projects/:projectId/schedule (admin). A cycle is required while enabled ('Please select a repeat cycle.'). */
export const scheduleSchema = z
  .object({ enabled: z.boolean(), cycle: z.enum(REPEAT_CYCLES, { error: V.repeatCycle }).nullable() })
  .strict()
  .refine((s) => !s.enabled || s.cycle !== null, { error: V.repeatCycle, path: ['cycle'] });

/**
 * PUT projects/:projectId/split (admin) `{ train, validation, test }` percentages summing to 100,
 * optional `reroll: true` to draw a new seed. The assignment of each image is a pure function of
 * (seed, image id), so it is stable until re-rolled.
 */
export const splitUpdateSchema = z
  .object({
    train: z.number().int().min(0).max(100),
    validation: z.number().int().min(0).max(100),
    test: z.number().int().min(0).max(100),
    reroll: z.boolean().default(false),
  })
  .strict()
  .refine((s) => s.train + s.validation + s.test === 100, { error: V.splitSum, path: ['test'] });

/**
 * Members: GET projects/:projectId/members; POST (admin) `{ email, role }` invites an existing
 * account (alert of type 'invite'); PATCH …/members/:userId `{ role }` (admin); DELETE
 * …/members/:userId (admin, or the member themself = leave). The last admin cannot leave.
 */
export const projectMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(PROJECT_ROLES),
  joinedAt: z.string(),
});
export const projectMemberListSchema = z.array(projectMemberSchema);
export const projectMemberAddSchema = z
  .object({ email: z.email({ error: V.email }), role: z.enum(PROJECT_ROLES) })
  .strict();
export const projectMemberUpdateSchema = z.object({ role: z.enum(PROJECT_ROLES) }).strict();

/**
 * Labels: GET projects/:projectId/labels; POST (admin) `{ name, color }` → 201 (name and colour
 * unique in the project, else 400 with fields.name 'validation:label.nameTaken' /
 * fields.color 'validation:label.colorTaken'); PATCH …/labels/:labelId; DELETE …/labels/:labelId
 * → `{ deletedAnnotations }`. GET …/labels/:labelId/usage → `{ annotations, images }`.
 */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const labelSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  position: z.number(),
  annotationCount: z.number(),
});
export type Label = z.infer<typeof labelSchema>;
export const labelListSchema = z.array(labelSchema);
export const labelWriteSchema = z
  .object({ name: labelNameSchema, color: requiredString().regex(HEX_COLOR, { error: V.color }) })
  .strict();
export const labelUpdateSchema = z
  .object({ name: labelNameSchema, color: requiredString().regex(HEX_COLOR, { error: V.color }) })
  .partial()
  .strict();
/** 200 answer of DELETE …/labels/:labelId: how many annotations went with the label. */
export const labelDeletedSchema = z.object({ deletedAnnotations: z.number() });
/** 200 answer of GET …/labels/:labelId/usage. */
export const labelUsageSchema = z.object({ annotations: z.number(), images: z.number() });

export const SPLITS = ['train', 'validation', 'test'] as const;
export type Split = (typeof SPLITS)[number];
export const IMAGE_STATES = ['processing', 'ready', 'failed'] as const;

/**
 * Images: GET projects/:projectId/images?tag=&label=&labeled=&machine=&split=&q=&sort=&cursor=&limit= →
 * page; GET …/images/:imageId; DELETE (admin). PUT …/images/:imageId/tags `{ tags }` (≤ 3,
 * unique, 'Duplicate tag name.'; members and admins). GET projects/:projectId/tags → the
 * project's tag names (`tagListSchema`), for the tag filter. Files: GET …/images/:imageId/original, /thumbnail, and tiles
 * at `…/images/:imageId/tiles/{level}/{x}_{y}.jpg` (DeepZoom layout: level 0 = 1×1; the
 * engine's HTTP source reads `tiles` from the image).
 */
export const imageSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  type: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  state: z.enum(IMAGE_STATES),
  error: z.string().nullable(),
  split: z.enum(SPLITS),
  labeled: z.boolean(),
  worker: z.object({ name: z.string(), email: z.string() }).nullable(),
  tags: z.array(z.string()),
  labelIds: z.array(z.string()),
  /** Annotations a model made that no person has accepted yet (auto labeling). */
  machineLabels: z.number().int().optional(),
  thumbnailUrl: z.string().nullable(),
  /** Present when the image has a pyramid. */
  tiles: z
    .object({
      urlTemplate: z.string(),
      tileSize: z.number(),
      overlap: z.number(),
      format: z.string(),
      levels: z.number(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type ImageItem = z.infer<typeof imageSchema>;
export const IMAGE_SORTS = ['newest', 'oldest', 'name', 'size'] as const;
export const imageQuerySchema = z
  .object({
    tag: z.string().max(6).optional(),
    label: z.string().optional(),
    labeled: z.enum(['true', 'false']).optional(),
    /** 'true': images holding machine labels not yet accepted; 'false': images holding none. */
    machine: z.enum(['true', 'false']).optional(),
    split: z.enum(SPLITS).optional(),
    q: z.string().max(100).optional(),
    sort: z.enum(IMAGE_SORTS).default('newest'),
    cursor: z.string().max(200).optional(),
    // Typed input: a number from the client, a string in the query the server reads.
    limit: z.coerce.number<number | string>().int().min(1).max(500).default(100),
  })
  .strict();
/** The image list's filters as the client sends them (sort and limit may be left to the server). */
export type ImageQuery = z.input<typeof imageQuerySchema>;
export const imagePageSchema = z.object({
  items: z.array(imageSchema),
  total: z.number(),
  nextCursor: z.string().nullable(),
});
export const tagListSchema = z.array(z.string());
export const imageTagsSchema = z
  .object({ tags: z.array(tagSchema).max(TAGS_PER_ITEM_MAX, { error: V.tagTooMany }) })
  .strict()
  .refine((b) => new Set(b.tags).size === b.tags.length, { error: V.tagDuplicate, path: ['tags'] });

/**
 * Upload: POST projects/:projectId/uploads `{ fileName, bytes, folder? , label? }` → 201
 * `{ uploadId }`; PUT …/uploads/:uploadId with the raw bytes (streamed; counted, typed by magic
 * bytes; 'There seems to be an error in the image file.' as `image_invalid`) → 202 image in state
 * 'processing' (a job makes metadata, thumbnail and pyramid). At least one label must exist
 * (409 `labels_required`; a folder upload with more than 10 labels: 409 `too_many_labels`). DELETE …/uploads/:uploadId cancels and leaves nothing.
 */
export const uploadCreateSchema = z
  .object({
    fileName: z.string().min(1).max(255),
    bytes: z.number().int().positive().max(MAX_UPLOAD_BYTES),
    /**
     * The file's folder inside a folder upload (e.g. 'cats' or 'set1/cats'); its presence makes
     * this a folder upload (refused while the project has more than 10 labels).
     */
    folder: z.string().max(255).optional(),
    /**
     * Folder uploads of classification projects name the label by the sub-folder: the image gets
     * a whole-image ('class') annotation of the label of that name; an unknown name is reported
     * back in `unknownLabel` and the image stays unlabeled. Ignored for other subtypes.
     */
    label: z.string().max(255).optional(),
  })
  .strict();
/** 201 answer of POST …/uploads: the upload to PUT to, and what became of `label`. */
export const uploadCreatedSchema = z.object({
  uploadId: z.string(),
  /** The label the image will be annotated with (classification folder uploads), else null. */
  labelId: z.string().nullable(),
  /** `label` as given when no label of that name exists, else null. */
  unknownLabel: z.string().nullable(),
});
export type UploadCreated = z.infer<typeof uploadCreatedSchema>;

/** Jobs: GET projects/:projectId/jobs → recent jobs with state and progress (shared by training later). */
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const jobSchema = z.object({
  id: z.string(),
  /** e.g. 'image.process'. */
  kind: z.string(),
  state: z.enum(JOB_STATES),
  /** 0 to 1. */
  progress: z.number(),
  attempts: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const jobListSchema = z.array(jobSchema);
