/**
 * A COCO JSON (images, annotations, categories), checked with zod. Answers null for JSON that is
 * not COCO at all (no `images` and `annotations` arrays), so that other JSON files in a zip do not
 * count as annotations.
 *
 * An annotation's geometry: a polygon `segmentation` (a list of rings, each [x0, y0, x1, y1, …])
 * gives one polygon per ring, each with the annotation's category (COCO splits an occluded object
 * into rings; keeping every ring keeps every labeled pixel); a run-length `segmentation` (an
 * object, as crowd annotations carry) is not read and is counted in `rle`; otherwise the `bbox`
 * [x, y, width, height] gives a box. The geometry is returned as written: the planner fits it to
 * the image.
 *
 * Our exporter's extension fields are passed on as written, for the planner to check: an image's
 * `tags`, `split` and `original_file_name`, a category's `color`. Other tools' files without them read as before.
 */
import { z } from 'zod';
import type { Split } from '../apiProjects';
import { DatasetImportError, type PlannedBox, type PlannedPolygon } from './types';

export interface CocoImageRecord {
  fileName: string;
  width: number | null;
  height: number | null;
  boxes: PlannedBox[];
  polygons: PlannedPolygon[];
  /** Annotations with a run-length segmentation, left out. */
  rle: number;
  /** `images[].tags` as written (planImageTags.ts checks them); undefined when absent. */
  tags: unknown;
  /** `images[].split` when it names one ('val' reads as validation), else null. */
  split: Split | null;
  /** `images[].original_file_name` when it is a plain file name, else null. */
  originalFileName: string | null;
}

export interface CocoDatasetRecord {
  /** Category names in their declared order, each once. */
  categories: string[];
  /** Categories' `color` fields as written, by name (first of a name), for those that have one. */
  categoryColors: { name: string; color: unknown }[];
  images: CocoImageRecord[];
}

const id = z.union([z.number().int(), z.string().min(1)]);
const size = z.number().positive().finite().nullish();
const cocoSchema = z.object({
  images: z.array(
    z.object({
      id,
      file_name: z.string().trim().min(1),
      width: size,
      height: size,
      tags: z.unknown().optional(),
      split: z.unknown().optional(),
      original_file_name: z.unknown().optional(),
    }),
  ),
  annotations: z.array(
    z.object({
      image_id: id,
      category_id: id,
      bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
      segmentation: z.unknown().optional(),
    }),
  ),
  categories: z.array(z.object({ id, name: z.string().trim().min(1), color: z.unknown().optional() })),
});
const SPLIT_NAMES = new Map<string, Split>([
  ['train', 'train'],
  ['validation', 'validation'],
  ['val', 'validation'],
  ['test', 'test'],
]);

/** A name an image can have: one path segment, no control characters, at most 255 characters. */
function plainFileName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  const plain = value.length <= 255 && value.trim() === value && !/[\\/\u0000-\u001f\u007f]/.test(value);
  return plain && value !== '' && value !== '.' && value !== '..' ? value : null;
}

function splitOf(value: unknown): Split | null {
  return typeof value === 'string' ? (SPLIT_NAMES.get(value.trim().toLowerCase()) ?? null) : null;
}
const ringsSchema = z.array(z.array(z.number()));

type Geometry = { rings: number[][] } | { rle: true } | { box: true };

/**
 * What a `segmentation` holds. Empty rings are no geometry (some tools write `[[]]` for a box), so
 * a list of only those, an empty list or a flat one (not COCO's shape) leaves the bbox to speak.
 */
function geometryOf(segmentation: unknown, malformed: DatasetImportError): Geometry {
  if (Array.isArray(segmentation) && segmentation.every(Array.isArray)) {
    const rings = ringsSchema.safeParse(segmentation);
    if (!rings.success) throw malformed;
    const drawn = rings.data.filter((ring) => ring.length > 0);
    return drawn.length > 0 ? { rings: drawn } : { box: true };
  }
  if (typeof segmentation === 'object' && segmentation !== null && !Array.isArray(segmentation)) return { rle: true };
  return { box: true };
}

function looksLikeCoco(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as Record<string, unknown>).images) &&
    Array.isArray((value as Record<string, unknown>).annotations)
  );
}

export function parseCocoDataset(json: string, entry: string): CocoDatasetRecord | null {
  const malformed = new DatasetImportError('annotation_malformed', entry);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw malformed;
  }
  if (!looksLikeCoco(value)) return null;
  const result = cocoSchema.safeParse(value);
  if (!result.success) throw malformed;
  const { images, annotations, categories } = result.data;

  const categoryNames = new Map(categories.map((c) => [String(c.id), c.name]));
  const records = new Map<string, CocoImageRecord>();
  for (const image of images) {
    if (records.has(String(image.id))) throw malformed;
    records.set(String(image.id), {
      fileName: image.file_name,
      width: image.width ?? null,
      height: image.height ?? null,
      boxes: [],
      polygons: [],
      rle: 0,
      tags: image.tags,
      split: splitOf(image.split),
      originalFileName: plainFileName(image.original_file_name),
    });
  }
  for (const annotation of annotations) {
    const image = records.get(String(annotation.image_id));
    const label = categoryNames.get(String(annotation.category_id));
    if (!image || label === undefined) throw malformed;
    const geometry = geometryOf(annotation.segmentation, malformed);
    if ('rings' in geometry) {
      for (const points of geometry.rings) image.polygons.push({ label, points });
    } else if ('rle' in geometry) {
      image.rle += 1;
    } else {
      if (!annotation.bbox) throw malformed;
      const [x, y, width, height] = annotation.bbox;
      image.boxes.push({ label, x, y, width, height });
    }
  }
  const categoryColors = new Map<string, unknown>();
  for (const c of categories)
    if (c.color !== undefined && !categoryColors.has(c.name)) categoryColors.set(c.name, c.color);
  return {
    categories: [...new Set(categories.map((c) => c.name))],
    categoryColors: [...categoryColors].map(([name, color]) => ({ name, color })),
    images: [...records.values()],
  };
}
