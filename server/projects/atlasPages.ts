import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  ATLAS_COLUMNS,
  type AtlasCellSize,
  type AtlasImage,
  type AtlasIndex,
  type atlasQuerySchema,
} from '../../contract/apiAtlas';
import type { BlobStore } from '../blobs/BlobStore';
import type { Db } from '../db/Db';
import { filtered, SORTS, type ImageSelect } from './imageList';

export type AtlasQueryOut = z.output<typeof atlasQuerySchema>;

/** What a cell shows: a thumbnail blob key, or the placeholder of an image without one. */
export type AtlasCell = string | 'processing' | 'failed' | 'missing';
export const atlasCellsSchema = z.array(z.string());

/** Bumped when the composed image changes for the same content (layout, placeholders, encoding). */
const ATLAS_LAYOUT_VERSION = 'atlas-v1';
/** Pages no listing has named for this long are dropped (with their composed blobs). */
const PAGE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** `used_at` is refreshed at most this often, so repeated listings do not write every time. */
const TOUCH_AFTER_MS = 60 * 60 * 1000;

export const CELLS_PER_PAGE = ATLAS_COLUMNS * ATLAS_COLUMNS;

function cellOf(row: { thumb_key: string | null; state: string }): AtlasCell {
  if (row.thumb_key) return row.thumb_key;
  if (row.state === 'processing' || row.state === 'failed') return row.state;
  return 'missing';
}

/** The page's name: a hash of everything its image depends on. */
export function atlasPageKey(projectId: string, cellSize: number, cells: readonly AtlasCell[]): string {
  return createHash('sha256')
    .update([ATLAS_LAYOUT_VERSION, projectId, String(cellSize), ...cells].join('\n'))
    .digest('hex');
}

export function atlasPageUrl(projectId: string, key: string): string {
  return `projects/${encodeURIComponent(projectId)}/atlas/${key}.webp`;
}

/**
 * Every matching image in list order, cut into pages; each page's content list is recorded
 * under its key (new pages inserted, known ones marked used) so that its image can be composed
 * when first fetched. Pages of the project unused for a week are dropped, with their composed blobs.
 */
export async function atlasIndex(
  db: Db,
  blobs: BlobStore,
  projectId: string,
  q: AtlasQueryOut,
  now: Date,
): Promise<AtlasIndex> {
  const { column, desc } = SORTS[q.sort];
  const dir = desc ? 'desc' : 'asc';
  const base = db
    .selectFrom('images as i')
    .select(['i.id', 'i.file_name', 'i.state', 'i.width', 'i.height', 'i.thumb_key'])
    .where('i.project_id', '=', projectId);
  const rows = await (filtered(base as unknown as ImageSelect, projectId, { ...q, limit: 0 }) as unknown as typeof base)
    .orderBy(column, dir)
    .orderBy('i.id', dir)
    .execute();

  const cellSize: AtlasCellSize = q.cell;
  const pages: AtlasIndex['pages'] = [];
  const records: { key: string; cells: AtlasCell[] }[] = [];
  for (let start = 0; start < rows.length; start += CELLS_PER_PAGE) {
    const slice = rows.slice(start, start + CELLS_PER_PAGE);
    const cells = slice.map(cellOf);
    const key = atlasPageKey(projectId, cellSize, cells);
    records.push({ key, cells });
    const images: AtlasImage[] = slice.map((r) => ({
      id: r.id,
      fileName: r.file_name,
      state: r.state as AtlasImage['state'],
      width: Number(r.width),
      height: Number(r.height),
    }));
    pages.push({ key, url: atlasPageUrl(projectId, key), images });
  }
  // Pages with the same content (the same thumbnails in the same order) share a key and a row.
  const unique = [...new Map(records.map((r) => [r.key, r])).values()];
  await recordPages(db, projectId, cellSize, unique, now);
  await pruneUnused(db, blobs, projectId, new Date(now.getTime() - PAGE_TTL_MS).toISOString());
  return {
    cellSize,
    columns: ATLAS_COLUMNS,
    total: rows.length,
    processing: rows.filter((r) => r.state === 'processing').length,
    pages,
  };
}

async function recordPages(
  db: Db,
  projectId: string,
  cellSize: number,
  records: { key: string; cells: AtlasCell[] }[],
  now: Date,
) {
  const iso = now.toISOString();
  const stale = new Date(now.getTime() - TOUCH_AFTER_MS).toISOString();
  // One statement per few pages keeps the bound-parameter count far below SQLite's limit.
  for (let i = 0; i < records.length; i += 50) {
    const chunk = records.slice(i, i + 50);
    await db
      .insertInto('atlas_pages')
      .values(
        chunk.map((r) => ({
          key: r.key,
          project_id: projectId,
          cell_size: cellSize,
          cells: JSON.stringify(r.cells),
          blob_key: null,
          created_at: iso,
          used_at: iso,
        })),
      )
      .onConflict((oc) => oc.column('key').doUpdateSet({ used_at: iso }).where('atlas_pages.used_at', '<', stale))
      .execute();
  }
}

/** Drops pages unused since `before`, and their composed blobs unless another page shares one. */
async function pruneUnused(db: Db, blobs: BlobStore, projectId: string, before: string) {
  const old = await db
    .selectFrom('atlas_pages')
    .select(['key', 'blob_key'])
    .where('project_id', '=', projectId)
    .where('used_at', '<', before)
    .execute();
  if (!old.length) return;
  await db
    .deleteFrom('atlas_pages')
    .where(
      'key',
      'in',
      old.map((p) => p.key),
    )
    .execute();
  for (const { blob_key: blobKey } of old) {
    if (!blobKey) continue;
    const shared = await db
      .selectFrom('atlas_pages')
      .select(sql<number>`1`.as('one'))
      .where('blob_key', '=', blobKey)
      .executeTakeFirst();
    if (!shared) await blobs.delete(blobKey);
  }
}
