import type { Kysely } from 'kysely';
import type { ImageDeleteFilter, ImageDeleteResult } from '../../contract/apiImageDelete';
import type { Db } from '../db/Db';
import type { Database } from '../db/schema';
import { atlasCellsSchema } from './atlasPages';
import { filtered, type ImageSelect } from './imageList';
import { imageNotFound } from './requireProjectImage';

/** Ids per statement: far below the bound-parameter limits of SQLite and PostgreSQL. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The ids of exactly these images, after checking that each is an image of the project: one that
 * is not (unknown, or another project's) throws `imageNotFound` before anything is deleted.
 */
export async function imagesByIds(db: Db, projectId: string, imageIds: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(imageIds)];
  const found = new Set<string>();
  for (const part of chunks(wanted)) {
    const rows = await db.selectFrom('images').select(['id', 'project_id']).where('id', 'in', part).execute();
    for (const r of rows) if (r.project_id === projectId) found.add(r.id);
  }
  if (found.size !== wanted.length) throw imageNotFound();
  return wanted;
}

/** The ids of every image matching the list's filters, less the exceptions. */
export async function imagesByFilter(
  db: Db,
  projectId: string,
  filter: ImageDeleteFilter,
  exceptIds: readonly string[] = [],
): Promise<string[]> {
  const base = db.selectFrom('images as i').select('i.id').where('i.project_id', '=', projectId);
  const query = { ...filter, sort: 'newest' as const, limit: 0 };
  const rows = await (filtered(base as unknown as ImageSelect, projectId, query) as unknown as typeof base).execute();
  const except = new Set(exceptIds);
  return rows.map((r) => r.id).filter((id) => !except.has(id));
}

/** How many images and annotations deleting `imageIds` removes (the dry run's answer). */
export async function countImageDeletion(db: Db, imageIds: readonly string[]): Promise<ImageDeleteResult> {
  let annotations = 0;
  for (const part of chunks(imageIds)) {
    const row = await db
      .selectFrom('annotations')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('image_id', 'in', part)
      .executeTakeFirstOrThrow();
    annotations += Number(row.n);
  }
  return { images: imageIds.length, annotations };
}

function readCells(json: string): string[] | null {
  try {
    const parsed = atlasCellsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Deletes the images (ids of `projectId`, checked by the caller) with everything that refers to
 * them; run it inside a transaction so that it is all or nothing. Counts are computed from the
 * rows, so they agree as soon as this commits. Blobs stay for the garbage collector: they are
 * content-addressed and may be shared with other images; the composed atlas pages whose rows go
 * here become unreferenced and are collected the same way.
 */
export async function deleteImageRows(trx: Db, projectId: string, imageIds: readonly string[]): Promise<void> {
  if (!imageIds.length) return;
  const thumbs = new Set<string>();
  for (const part of chunks(imageIds)) {
    // By primary key alone: with the project in the condition SQLite may walk the project's
    // index instead, once per chunk (quadratic in the selection). The caller checked the ids.
    const rows = await trx.selectFrom('images').select('thumb_key').where('id', 'in', part).execute();
    for (const r of rows) if (r.thumb_key) thumbs.add(r.thumb_key);
    await trx.deleteFrom('annotations').where('image_id', 'in', part).execute();
    await trx.deleteFrom('annotation_ops').where('image_id', 'in', part).execute();
    await trx.deleteFrom('image_locks').where('image_id', 'in', part).execute();
    await trx.deleteFrom('image_tags').where('image_id', 'in', part).execute();
    await trx.deleteFrom('images').where('id', 'in', part).execute();
  }
  // Uploads keep no index on image_id: one pass over the project's uploads, not one per chunk.
  await trx
    .updateTable('uploads')
    .set({ image_id: null })
    .where('project_id', '=', projectId)
    .where('image_id', 'is not', null)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('images as ui').select('ui.id').whereRef('ui.id', '=', 'uploads.image_id'))),
    )
    .execute();
  // Tag names no image carries any more leave the tag filter, as when an image's tags change.
  await trx
    .deleteFrom('tags')
    .where('project_id', '=', projectId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('image_tags as it').select('it.image_id').whereRef('it.tag_id', '=', 'tags.id'))),
    )
    .execute();
  await dropAtlasPagesShowing(trx, projectId, thumbs);
}

/**
 * Atlas pages are named by their content, so a listing after the deletion names new pages; the
 * old ones would still serve the deleted thumbnails until they aged out. They go now.
 */
async function dropAtlasPagesShowing(trx: Db, projectId: string, thumbs: ReadonlySet<string>): Promise<void> {
  if (!thumbs.size) return;
  const pages = await trx
    .selectFrom('atlas_pages')
    .select(['key', 'cells'])
    .where('project_id', '=', projectId)
    .execute();
  const stale = pages
    .filter((p) => {
      const cells = readCells(p.cells);
      // A page whose content cannot be read cannot be shown correctly either.
      return !cells || cells.some((c) => thumbs.has(c));
    })
    .map((p) => p.key);
  for (const part of chunks(stale)) await trx.deleteFrom('atlas_pages').where('key', 'in', part).execute();
}

/** Deletes the images in one transaction and answers what went. */
export async function deleteImages(
  db: Kysely<Database>,
  projectId: string,
  select: (trx: Db) => Promise<string[]>,
  dryRun = false,
): Promise<ImageDeleteResult> {
  return db.transaction().execute(async (trx) => {
    const ids = await select(trx);
    const counts = await countImageDeletion(trx, ids);
    if (!dryRun) await deleteImageRows(trx, projectId, ids);
    return counts;
  });
}
