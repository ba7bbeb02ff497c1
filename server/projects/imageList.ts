import type { SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import type { imageQuerySchema, ImageItem } from '../../contract/apiProjects';
import { V } from '../../contract/validation';
import type { Db } from '../db/Db';
import type { Database } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { containsIgnoringCase } from '../routes/searchLike';
import { imageQuery, imageViews } from './imageViews';

export type ImageQuery = z.output<typeof imageQuerySchema>;

type Sort = ImageQuery['sort'];
type SortColumn = 'i.created_at' | 'i.file_name' | 'i.bytes';

/** Each sort: its column and direction; ties are broken by id in the same direction. */
export const SORTS: Record<Sort, { column: SortColumn; desc: boolean }> = {
  newest: { column: 'i.created_at', desc: true },
  oldest: { column: 'i.created_at', desc: false },
  name: { column: 'i.file_name', desc: false },
  size: { column: 'i.bytes', desc: true },
};

/** A cursor is the last item's sort value and id, so pages stay stable while images arrive. */
const cursorSchema = z.tuple([z.union([z.string(), z.number()]), z.string()]);

export function encodeCursor(value: string | number, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

function decodeCursor(cursor: string, sort: Sort): [string | number, string] {
  try {
    const parsed = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if ((sort === 'size') !== (typeof parsed[0] === 'number')) throw new Error('cursor of another sort');
    return parsed;
  } catch {
    throw new ApiError('validation', 'The cursor is not valid.', { fields: { cursor: V.invalid } });
  }
}

export type ImageSelect = SelectQueryBuilder<Database & { i: Database['images'] }, 'i', object>;

/** The filters of the query (tag, label, labeled, machine labels, split, file-name search) on an image query. */
export function filtered<Q extends ImageSelect>(query: Q, projectId: string, q: ImageQuery): Q {
  let out = query;
  if (q.tag !== undefined) {
    const tag = q.tag;
    out = out.where((eb) =>
      eb.exists(
        eb
          .selectFrom('image_tags as ft')
          .innerJoin('tags as t', 't.id', 'ft.tag_id')
          .select('ft.image_id')
          .whereRef('ft.image_id', '=', 'i.id')
          .where('t.project_id', '=', projectId)
          .where('t.name', '=', tag),
      ),
    ) as Q;
  }
  if (q.label !== undefined) {
    const label = q.label;
    out = out.where((eb) =>
      eb.exists(
        eb
          .selectFrom('annotations as fa')
          .select('fa.id')
          .whereRef('fa.image_id', '=', 'i.id')
          .where('fa.label_id', '=', label),
      ),
    ) as Q;
  }
  if (q.labeled !== undefined) out = out.where('i.labeled', '=', q.labeled === 'true' ? 1 : 0) as Q;
  if (q.machine !== undefined) {
    // Images holding machine labels no person has accepted yet (auto labeling), or none of them.
    const holding = q.machine === 'true';
    out = out.where((eb) => {
      const machine = eb.exists(
        eb
          .selectFrom('annotations as ma')
          .select('ma.id')
          .whereRef('ma.image_id', '=', 'i.id')
          .where('ma.source', '=', 'machine'),
      );
      return holding ? machine : eb.not(machine);
    }) as Q;
  }
  if (q.split !== undefined) out = out.where('i.split', '=', q.split) as Q;
  if (q.q) out = out.where(containsIgnoringCase('i.file_name', q.q)) as Q;
  return out;
}

/** A page of the project's images for the query, with the total that matches the filters. */
export async function imagePage(
  db: Db,
  projectId: string,
  q: ImageQuery,
): Promise<{ items: ImageItem[]; total: number; nextCursor: string | null }> {
  const { column, desc } = SORTS[q.sort];
  const dir = desc ? 'desc' : 'asc';
  let query = filtered(imageQuery(db, projectId) as unknown as ImageSelect, projectId, q) as unknown as ReturnType<
    typeof imageQuery
  >;
  if (q.cursor) {
    const [value, id] = decodeCursor(q.cursor, q.sort);
    const op = desc ? '<' : '>';
    query = query.where((eb) => eb.or([eb(column, op, value), eb.and([eb(column, '=', value), eb('i.id', op, id)])]));
  }
  const rows = await query
    .orderBy(column, dir)
    .orderBy('i.id', dir)
    .limit(q.limit + 1)
    .execute();
  const countRow = await filtered(
    db.selectFrom('images as i').where('i.project_id', '=', projectId) as unknown as ImageSelect,
    projectId,
    q,
  )
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const more = rows.length > q.limit && last !== undefined;
  const lastValue = !last
    ? ''
    : q.sort === 'size'
      ? Number(last.bytes)
      : q.sort === 'name'
        ? last.file_name
        : last.created_at;
  return {
    items: await imageViews(db, page),
    total: Number(countRow.n),
    nextCursor: more ? encodeCursor(lastValue, last.id) : null,
  };
}
