/**
 * An image's tags as a zip gives them (COCO `images[].tags`, an extension field our exporter
 * writes), held to the project's tag rules: each 1–6 characters once trimmed, at most 3 an image.
 * A tag that breaks a rule is left out and listed with the image's entry and the tag itself, never
 * dropped unseen; a repeated tag is the same tag and is kept once.
 */
import type { ImportSkip } from '../apiImports';
import { TAGS_PER_ITEM_MAX, tagSchema } from '../validationConsole';
import type { CocoImageRecord } from './parseCocoDataset';
import type { PlannedImage } from './types';

export function planImageTags(raw: unknown, entry: string, skipped: ImportSkip[]): string[] {
  if (raw === undefined || raw === null) return [];
  const list: unknown[] = Array.isArray(raw) ? raw : [raw];
  const tags: string[] = [];
  for (const value of list) {
    const tag = typeof value === 'string' ? value.trim() : null;
    if (tag === null || !tagSchema.safeParse(tag).success) {
      skipped.push({ entry, reason: 'tag_invalid', detail: typeof value === 'string' ? value : JSON.stringify(value) });
    } else if (tags.includes(tag)) {
      continue;
    } else if (tags.length >= TAGS_PER_ITEM_MAX) {
      skipped.push({ entry, reason: 'too_many_tags', detail: tag });
    } else {
      tags.push(tag);
    }
  }
  return tags;
}

/**
 * A COCO record's image-level fields: its tags, its split where nothing else gave one, and the
 * name the exporter had to change to keep base names apart in the zip.
 */
export function addImageFields(
  image: PlannedImage,
  record: Pick<CocoImageRecord, 'tags' | 'split' | 'originalFileName'>,
  skipped: ImportSkip[],
): void {
  image.tags = planImageTags(record.tags, image.entry, skipped);
  if (image.split === null) image.split = record.split;
  if (record.originalFileName !== null) image.fileName = record.originalFileName;
}
