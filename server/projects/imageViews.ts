import { z } from 'zod';
import { SPLITS, TILE_SIZE, type ImageItem } from '../../contract/apiProjects';
import type { Db } from '../db/Db';

/**
 * The pyramid column as the processing job writes it. `format` is the tile file type; tiles are
 * served by the files routes at the URL template below (DeepZoom layout, level 0 = 1×1).
 */
const pyramidSchema = z.object({
  levels: z.number().int().positive(),
  tileSize: z.number().int().positive().default(TILE_SIZE),
  overlap: z.number().int().nonnegative().default(0),
  format: z.string().default('jpg'),
});

export const imageBasePath = (projectId: string, imageId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/images/${encodeURIComponent(imageId)}`;

function tilesOf(projectId: string, imageId: string, pyramid: string | null): ImageItem['tiles'] {
  if (!pyramid) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(pyramid);
  } catch {
    return null;
  }
  const p = pyramidSchema.safeParse(parsed);
  if (!p.success) return null;
  return { urlTemplate: `${imageBasePath(projectId, imageId)}/tiles/{level}/{x}_{y}.${p.data.format}`, ...p.data };
}

/** The image columns and the worker (the user who labels it) that every image view needs. */
export function imageQuery(db: Db, projectId: string) {
  return db
    .selectFrom('images as i')
    .leftJoin('users as w', 'w.id', 'i.worker_id')
    .select([
      'i.id',
      'i.project_id',
      'i.file_name',
      'i.type',
      'i.width',
      'i.height',
      'i.bytes',
      'i.state',
      'i.error',
      'i.split',
      'i.labeled',
      'i.thumb_key',
      'i.pyramid',
      'i.created_at',
      'w.name as worker_name',
      'w.email as worker_email',
    ])
    .where('i.project_id', '=', projectId);
}

export type ImageRow = Awaited<ReturnType<ReturnType<typeof imageQuery>['execute']>>[number];

const isSplit = (v: string): v is ImageItem['split'] => (SPLITS as readonly string[]).includes(v);
const isState = (v: string): v is ImageItem['state'] => v === 'processing' || v === 'ready' || v === 'failed';

/**
 * Image views for `rows`, with their tags, label ids and machine-label counts read in three batch
 * queries (not one per image), in the order of `rows`.
 */
export async function imageViews(db: Db, rows: readonly ImageRow[]): Promise<ImageItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [tagRows, labelRows, machineRows] = await Promise.all([
    db
      .selectFrom('image_tags as it')
      .innerJoin('tags as t', 't.id', 'it.tag_id')
      .select(['it.image_id', 't.name'])
      .where('it.image_id', 'in', ids)
      .orderBy('t.name')
      .execute(),
    db
      .selectFrom('annotations')
      .select(['image_id', 'label_id'])
      .distinct()
      .where('image_id', 'in', ids)
      .orderBy('label_id')
      .execute(),
    db
      .selectFrom('annotations')
      .select((eb) => ['image_id', eb.fn.countAll<string | number>().as('n')])
      .where('image_id', 'in', ids)
      .where('source', '=', 'machine')
      .groupBy('image_id')
      .execute(),
  ]);
  const machine = new Map(machineRows.map((m) => [m.image_id, Number(m.n)]));
  const tags = new Map<string, string[]>();
  for (const t of tagRows) tags.set(t.image_id, [...(tags.get(t.image_id) ?? []), t.name]);
  const labels = new Map<string, string[]>();
  for (const l of labelRows) labels.set(l.image_id, [...(labels.get(l.image_id) ?? []), l.label_id]);
  return rows.map((r) => ({
    id: r.id,
    fileName: r.file_name,
    type: r.type,
    width: Number(r.width),
    height: Number(r.height),
    bytes: Number(r.bytes),
    state: isState(r.state) ? r.state : 'failed',
    error: r.error,
    split: isSplit(r.split) ? r.split : 'train',
    labeled: r.labeled === 1,
    worker: r.worker_name !== null && r.worker_email !== null ? { name: r.worker_name, email: r.worker_email } : null,
    tags: tags.get(r.id) ?? [],
    labelIds: labels.get(r.id) ?? [],
    machineLabels: machine.get(r.id) ?? 0,
    thumbnailUrl: r.thumb_key ? `${imageBasePath(r.project_id, r.id)}/thumbnail` : null,
    tiles: tilesOf(r.project_id, r.id, r.pyramid),
    createdAt: r.created_at,
  }));
}

/** One image of the project (null: no image with that id in this project). */
export async function imageOf(db: Db, projectId: string, imageId: string): Promise<ImageItem | null> {
  const row = await imageQuery(db, projectId).where('i.id', '=', imageId).executeTakeFirst();
  return row ? ((await imageViews(db, [row]))[0] ?? null) : null;
}
