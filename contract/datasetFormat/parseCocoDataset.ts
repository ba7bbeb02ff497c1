/**
 * A COCO object-detection JSON (images, annotations with bbox [x, y, width, height], categories),
 * checked with zod. Answers null for JSON that is not COCO at all (no `images` and `annotations`
 * arrays), so that other JSON files in a zip do not count as annotations.
 */
import { z } from 'zod';
import { DatasetImportError } from './types';

export interface CocoImageRecord {
  fileName: string;
  width: number | null;
  height: number | null;
  boxes: { label: string; x: number; y: number; width: number; height: number }[];
}

export interface CocoDatasetRecord {
  /** Category names in their declared order, each once. */
  categories: string[];
  images: CocoImageRecord[];
}

const id = z.union([z.number().int(), z.string().min(1)]);
const size = z.number().positive().finite().nullish();
const cocoSchema = z.object({
  images: z.array(z.object({ id, file_name: z.string().trim().min(1), width: size, height: size })),
  annotations: z.array(
    z.object({ image_id: id, category_id: id, bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]) }),
  ),
  categories: z.array(z.object({ id, name: z.string().trim().min(1) })),
});

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
    });
  }
  for (const annotation of annotations) {
    const image = records.get(String(annotation.image_id));
    const label = categoryNames.get(String(annotation.category_id));
    if (!image || label === undefined) throw malformed;
    const [x, y, width, height] = annotation.bbox;
    image.boxes.push({ label, x, y, width, height });
  }
  return { categories: [...new Set(categories.map((c) => c.name))], images: [...records.values()] };
}
