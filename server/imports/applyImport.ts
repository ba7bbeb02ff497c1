import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { ImportReport, ImportSkip } from '../../contract/apiImports';
import { PROJECT_LABELS_MAX } from '../../contract/apiMarket';
import { pickLabelColors } from '../../contract/color';
import { polygonBounds } from '../../contract/datasetFormat/polygonGeometry';
import {
  DatasetImportError,
  type PlannedBox,
  type PlannedImage,
  type PlannedLabelColor,
  type PlannedPolygon,
} from '../../contract/datasetFormat/types';
import { labelNameSchema } from '../../contract/validationConsole';
import type { AnnotationsTable, Database, ImagesTable } from '../db/schema';
import { IMAGE_PROCESS_JOB } from '../images/imageProcessJob';
import { enqueueJob } from '../jobs/jobQueue';
import { ANNOTATION_INSERT_CHUNK } from '../projects/annotationViews';
import { labelKeyOf } from '../projects/labelViews';
import { splitFor } from '../projects/splitAssignment';
import { insertImportTags } from './insertImportTags';

type Db = Kysely<Database> | Transaction<Database>;

/** An image of the plan that passed every check, with its blobs already stored. */
export interface StoredImportImage {
  id: string;
  planned: PlannedImage;
  /** Type and size from the decoded content. */
  probed: { type: string; width: number; height: number };
  bytes: number;
  blobKey: string;
  thumbKey: string;
  /** The boxes and polygons that fit the decoded image. */
  boxes: PlannedBox[];
  polygons: PlannedPolygon[];
}

/** Image rows per INSERT (20 columns each stays far under SQLite's parameter limit). */
const IMAGE_INSERT_CHUNK = 200;

/**
 * Checks the plan's label names before any image is read, so a bad name fails the import at once:
 * a name the project already has (ignoring case and blanks) is reused, a new one must pass the
 * label rule (1–8 characters).
 */
export async function checkImportLabels(db: Db, projectId: string, names: readonly string[]): Promise<void> {
  const existing = new Set(
    (await db.selectFrom('labels').select('name_key').where('project_id', '=', projectId).execute()).map(
      (l) => l.name_key,
    ),
  );
  const added = new Set<string>();
  for (const name of names) {
    if (existing.has(labelKeyOf(name))) continue;
    if (!labelNameSchema.safeParse(name.trim()).success || name.trim() === '')
      throw new DatasetImportError('label_invalid', name);
    added.add(labelKeyOf(name));
  }
  if (existing.size + added.size > PROJECT_LABELS_MAX) throw new DatasetImportError('too_many_labels');
}

/**
 * Creates the labels of `names` the project lacks; name key → label id. A new label takes the
 * colour the zip gives it (`colors`) unless a label of the project already has that colour
 * (colours are unique per project): then, as a label without one, it takes the next unused
 * palette colour and the clash is listed. A label the project has keeps its own colour.
 */
async function ensureLabels(
  trx: Transaction<Database>,
  projectId: string,
  names: readonly string[],
  colors: readonly PlannedLabelColor[],
  now: string,
) {
  const rows = await trx
    .selectFrom('labels')
    .select(['id', 'name_key', 'color', 'position'])
    .where('project_id', '=', projectId)
    .execute();
  const ids = new Map(rows.map((l) => [l.name_key, l.id]));
  const missing: string[] = [];
  for (const name of names) {
    const key = labelKeyOf(name);
    if (!ids.has(key) && !missing.some((m) => labelKeyOf(m) === key)) missing.push(name.trim());
  }
  // Checked again here: labels may have been added since checkImportLabels.
  if (rows.length + missing.length > PROJECT_LABELS_MAX) throw new DatasetImportError('too_many_labels');
  const wanted = new Map(colors.map((c) => [labelKeyOf(c.name), c]));
  const used = new Set(rows.map((l) => l.color.toLowerCase()));
  const skipped: ImportSkip[] = [];
  const given = new Map<string, string>();
  for (const name of missing) {
    const planned = wanted.get(labelKeyOf(name));
    if (!planned) continue;
    if (used.has(planned.color)) {
      skipped.push({ entry: planned.entry, reason: 'label_color_taken', detail: name });
      continue;
    }
    used.add(planned.color);
    given.set(name, planned.color);
  }
  const palette = pickLabelColors(missing.length - given.size, used);
  let position = rows.reduce((max, l) => Math.max(max, Number(l.position)), -1) + 1;
  for (const name of missing) {
    const id = randomUUID();
    await trx
      .insertInto('labels')
      .values({
        id,
        project_id: projectId,
        name,
        name_key: labelKeyOf(name),
        color: given.get(name) ?? palette.shift() ?? '#000000',
        position: position++,
        created_at: now,
      })
      .execute();
    ids.set(labelKeyOf(name), id);
  }
  return { ids, created: missing, skipped };
}

export interface ApplyImportInput {
  importId: string;
  projectId: string;
  userId: string | null;
  images: StoredImportImage[];
  labels: readonly string[];
  /** Colours the zip gives labels the import creates (none: palette colours). */
  labelColors?: readonly PlannedLabelColor[];
  report: Omit<ImportReport, 'images' | 'annotations' | 'labelsCreated'>;
  now: () => Date;
}

/**
 * Writes the whole import in one transaction: missing labels, the images (split from the plan or
 * the project's seeded assignment; annotation count, revision and labeled flag from what is
 * written with them), their annotations (version 1; a polygon's points as JSON in `data`, its
 * bounding box in x/y/width/height), their tags and their `image.process` jobs, and the import's
 * report. An explicit split from the zip is stored as the image's split, as any assigned split
 * is: it holds until the project's ratios change or its seed is re-rolled (decision 0066). Nothing is visible until it commits; any failure rolls all of it back. An
 * image whose name another image took since the check is skipped as a duplicate. Returns the
 * images left out (their blobs are the caller's to release), or null when the import was already
 * finished by another worker.
 */
export async function applyImport(
  db: Kysely<Database>,
  input: ApplyImportInput,
): Promise<{ report: ImportReport; dropped: StoredImportImage[] } | null> {
  const now = input.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('imports').select('state').where('id', '=', input.importId).executeTakeFirst();
    if (!row || row.state === 'done' || row.state === 'failed') return null;
    const project = await trx
      .selectFrom('projects')
      .select(['split_train', 'split_validation', 'split_test', 'split_seed', 'deleted_at'])
      .where('id', '=', input.projectId)
      .executeTakeFirst();
    if (!project || project.deleted_at) throw new DatasetImportError('import_failed');
    const ratios = {
      train: project.split_train,
      validation: project.split_validation,
      test: project.split_test,
      seed: project.split_seed,
    };

    const taken = new Set<string>();
    const names = input.images.map((i) => i.planned.fileName);
    for (let i = 0; i < names.length; i += IMAGE_INSERT_CHUNK) {
      const rows = await trx
        .selectFrom('images')
        .select('file_name')
        .where('project_id', '=', input.projectId)
        .where('file_name', 'in', names.slice(i, i + IMAGE_INSERT_CHUNK))
        .execute();
      for (const r of rows) taken.add(r.file_name);
    }
    const kept = input.images.filter((i) => !taken.has(i.planned.fileName));
    const dropped = input.images.filter((i) => taken.has(i.planned.fileName));
    const skipped: ImportSkip[] = [
      ...input.report.skipped,
      ...dropped.map((d) => ({ entry: d.planned.entry, reason: 'duplicate_name' as const })),
    ];

    const labels = await ensureLabels(trx, input.projectId, input.labels, input.labelColors ?? [], now);
    skipped.push(...labels.skipped);
    const labelId = (name: string) => {
      const id = labels.ids.get(labelKeyOf(name));
      if (!id) throw new DatasetImportError('label_invalid', name);
      return id;
    };

    const imageRows: Insertable<ImagesTable>[] = [];
    const annotationRows: Insertable<AnnotationsTable>[] = [];
    for (const image of kept) {
      const before = annotationRows.length;
      const classes = [...new Set(image.planned.classes.map(labelId))];
      for (const id of classes) {
        annotationRows.push({
          id: randomUUID(),
          image_id: image.id,
          label_id: id,
          kind: 'class',
          x: 0,
          y: 0,
          width: 0,
          height: 0,
          data: null,
          version: 1,
          created_by: input.userId,
          created_at: now,
          updated_at: now,
        });
      }
      for (const b of image.boxes) {
        annotationRows.push({
          id: randomUUID(),
          image_id: image.id,
          label_id: labelId(b.label),
          kind: 'box',
          x: b.x,
          y: b.y,
          width: b.width,
          height: b.height,
          data: null,
          version: 1,
          created_by: input.userId,
          created_at: now,
          updated_at: now,
        });
      }
      for (const p of image.polygons) {
        annotationRows.push({
          id: randomUUID(),
          image_id: image.id,
          label_id: labelId(p.label),
          kind: 'polygon',
          ...polygonBounds(p.points),
          data: JSON.stringify(p.points),
          version: 1,
          created_by: input.userId,
          created_at: now,
          updated_at: now,
        });
      }
      const count = annotationRows.length - before;
      imageRows.push({
        id: image.id,
        project_id: input.projectId,
        file_name: image.planned.fileName,
        folder: '',
        type: image.probed.type,
        width: image.probed.width,
        height: image.probed.height,
        bytes: image.bytes,
        blob_key: image.blobKey,
        thumb_key: image.thumbKey,
        pyramid: null,
        state: 'processing',
        error: null,
        split: image.planned.split ?? splitFor(ratios, image.id),
        labeled: count > 0 ? 1 : 0,
        annotation_count: count,
        // The import's rows are the image's first annotation write.
        annotation_revision: count > 0 ? 1 : 0,
        worker_id: null,
        uploaded_by: input.userId,
        created_at: now,
        updated_at: now,
      });
    }
    for (let i = 0; i < imageRows.length; i += IMAGE_INSERT_CHUNK) {
      await trx
        .insertInto('images')
        .values(imageRows.slice(i, i + IMAGE_INSERT_CHUNK))
        .execute();
    }
    for (let i = 0; i < annotationRows.length; i += ANNOTATION_INSERT_CHUNK) {
      await trx
        .insertInto('annotations')
        .values(annotationRows.slice(i, i + ANNOTATION_INSERT_CHUNK))
        .execute();
    }
    await insertImportTags(
      trx,
      input.projectId,
      kept.map((image) => ({ id: image.id, tags: image.planned.tags })),
    );
    for (const image of imageRows) {
      await enqueueJob(trx, input.now, {
        kind: IMAGE_PROCESS_JOB,
        projectId: input.projectId,
        payload: { imageId: image.id },
      });
    }
    const report: ImportReport = {
      format: input.report.format,
      images: imageRows.length,
      annotations: annotationRows.length,
      labelsCreated: labels.created,
      skipped,
    };
    await trx
      .updateTable('imports')
      .set({
        state: 'done',
        progress: 1,
        error: null,
        error_entry: null,
        report: JSON.stringify(report),
        updated_at: now,
      })
      .where('id', '=', input.importId)
      .execute();
    return { report, dropped };
  });
}
