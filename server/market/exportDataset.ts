import { randomUUID } from 'node:crypto';
import type { Insertable, Transaction } from 'kysely';
import { z } from 'zod';
import type { AnnotationsTable, Database, ImagesTable } from '../db/schema';
import { insertImportTags } from '../imports/insertImportTags';
import { ANNOTATION_INSERT_CHUNK } from '../projects/annotationViews';
import { labelKeyOf } from '../projects/labelViews';
import { splitFor } from '../projects/splitAssignment';
import type { ExportTarget } from './exportTarget';

/** Image rows per INSERT (20 columns each stays far under SQLite's parameter limit). */
const IMAGE_INSERT_CHUNK = 200;

/** A snapshot's annotation: `label` indexes the resource's labels; `data` holds a polygon's points. */
const snapshotAnnotationsSchema = z.array(
  z.object({
    label: z.number().int().min(0),
    kind: z.string(),
    x: z.number(),
    y: z.number(),
    width: z.number(),
    height: z.number(),
    data: z.unknown().optional(),
  }),
);
const tagsSchema = z.array(z.string());

/** Sum of a resource's image bytes: what a dataset export adds to the plan's storage. */
export async function snapshotBytes(trx: Transaction<Database>, resourceId: string): Promise<number> {
  const row = await trx
    .selectFrom('resource_images')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('n'))
    .where('resource_id', '=', resourceId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

function dataOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Copies a dataset snapshot into the project inside the caller's transaction: each image as a
 * new row sharing the snapshot's original, thumbnail and pyramid (so it is ready at once, with
 * no processing job), in the split the project's seeded assignment gives its new id; its
 * annotations with the merged label ids (version 1, as an import's first write); its tags by name.
 * `labels` maps the resource's label index to its name key in `labelIds`. Batched, so 5,000
 * images take a few dozen statements.
 */
export async function copySnapshot(
  trx: Transaction<Database>,
  input: {
    resourceId: string;
    target: ExportTarget;
    labels: readonly string[];
    labelIds: ReadonlyMap<string, string>;
    userId: string;
    now: string;
  },
): Promise<{ images: number; annotations: number }> {
  const { now, userId, target } = input;
  const snapshot = await trx
    .selectFrom('resource_images')
    .selectAll()
    .where('resource_id', '=', input.resourceId)
    .orderBy('position')
    .execute();
  const labelOf = (index: number) => {
    const name = input.labels[index];
    const id = name === undefined ? undefined : input.labelIds.get(labelKeyOf(name));
    if (!id) throw new Error(`resource ${input.resourceId}: annotation names label ${index}, which it does not have`);
    return id;
  };

  const imageRows: Insertable<ImagesTable>[] = [];
  const annotationRows: Insertable<AnnotationsTable>[] = [];
  const tagged: { id: string; tags: string[] }[] = [];
  for (const image of snapshot) {
    const id = randomUUID();
    const annotations = snapshotAnnotationsSchema.parse(JSON.parse(image.annotations));
    for (const a of annotations) {
      annotationRows.push({
        id: randomUUID(),
        image_id: id,
        label_id: labelOf(a.label),
        kind: a.kind,
        x: a.x,
        y: a.y,
        width: a.width,
        height: a.height,
        data: dataOf(a.data),
        version: 1,
        created_by: userId,
        created_at: now,
        updated_at: now,
      });
    }
    const tags = tagsSchema.parse(JSON.parse(image.tags));
    if (tags.length) tagged.push({ id, tags });
    imageRows.push({
      id,
      project_id: target.projectId,
      file_name: image.file_name,
      folder: image.folder,
      type: image.type,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      blob_key: image.blob_key,
      thumb_key: image.thumb_key,
      pyramid: image.pyramid,
      state: 'ready',
      error: null,
      split: splitFor(target.ratios, id),
      labeled: annotations.length > 0 ? 1 : 0,
      annotation_count: annotations.length,
      annotation_revision: annotations.length > 0 ? 1 : 0,
      worker_id: null,
      uploaded_by: userId,
      created_at: now,
      updated_at: now,
    });
  }
  for (let i = 0; i < imageRows.length; i += IMAGE_INSERT_CHUNK)
    await trx
      .insertInto('images')
      .values(imageRows.slice(i, i + IMAGE_INSERT_CHUNK))
      .execute();
  for (let i = 0; i < annotationRows.length; i += ANNOTATION_INSERT_CHUNK)
    await trx
      .insertInto('annotations')
      .values(annotationRows.slice(i, i + ANNOTATION_INSERT_CHUNK))
      .execute();
  await insertImportTags(trx, target.projectId, tagged);
  return { images: imageRows.length, annotations: annotationRows.length };
}
