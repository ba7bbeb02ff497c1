import type { ExpressionBuilder } from 'kysely';
import type { MarketQuery } from '../../contract/apiMarket';
import type { Db } from '../db/Db';
import type { Database } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { V } from '../../contract/validationMessages';
import { containsIgnoringCase } from '../routes/searchLike';
import { selectResources, type ResourceRow } from './resourceViews';

/** One page of the public market and how many resources match in all. */
export interface MarketSearchResult {
  rows: ResourceRow[];
  total: number;
}

type Filters = Omit<MarketQuery, 'sort' | 'page' | 'pageSize'>;

/**
 * The market's filters as one condition: approved, public, not deleted; then each filter the
 * query names. Fields of use are a JSON array of known words (`["finance","medical"]`), so a
 * quoted word cannot match inside another; the words come from the contract's enum, never from
 * free text, and are bound as parameters all the same.
 */
function matches(eb: ExpressionBuilder<Database, 'resources'>, f: Filters) {
  const conditions = [
    eb('resources.approval', '=', 'approved'),
    eb('resources.visibility', '=', 'public'),
    eb('resources.deleted_at', 'is', null),
  ];
  if (f.kind) conditions.push(eb('resources.kind', '=', f.kind));
  if (f.format) conditions.push(eb('resources.format', '=', f.format));
  if (f.q)
    conditions.push(
      eb.or([containsIgnoringCase('resources.name', f.q), containsIgnoringCase('resources.description', f.q)]),
    );
  if (f.fields.length > 0)
    conditions.push(eb.or(f.fields.map((field) => eb('resources.fields', 'like', `%"${field}"%`))));
  if (f.free) conditions.push(eb('resources.price', '=', 0));
  if (f.priceMin !== undefined) conditions.push(eb('resources.price', '>=', f.priceMin));
  if (f.priceMax !== undefined) conditions.push(eb('resources.price', '<=', f.priceMax));
  return eb.and(conditions);
}

/**
 * A page of approved public resources matching the query, in the query's order. Every order ends
 * with the creation time and then the id, so that equal prices or purchase counts never swap
 * places between two requests and a resource never shows on two pages (or on none). A minimum
 * price above the maximum is a 400 on `priceMax`: it can only be a slip, never an empty market.
 *
 * The page's ids come first, then their rows: a row carries its snapshot's samples and labels as
 * JSON (kilobytes), and sorting thousands of whole rows to keep twelve cost ten times more
 * (benchmarks/market.bench.ts). The rows are read under the same filters, so one that left the
 * market in between is left out rather than shown.
 */
export async function searchMarket(db: Db, query: MarketQuery): Promise<MarketSearchResult> {
  if (query.priceMin !== undefined && query.priceMax !== undefined && query.priceMin > query.priceMax)
    throw new ApiError('validation', 'The minimum price is above the maximum.', { fields: { priceMax: V.numeric } });
  let ids = db
    .selectFrom('resources')
    .select('resources.id')
    .where((eb) => matches(eb, query));
  if (query.sort === 'price_asc') ids = ids.orderBy('resources.price', 'asc');
  else if (query.sort === 'price_desc') ids = ids.orderBy('resources.price', 'desc');
  else if (query.sort === 'popular') ids = ids.orderBy('resources.purchase_count', 'desc');
  const [pageIds, count] = await Promise.all([
    ids
      .orderBy('resources.created_at', 'desc')
      .orderBy('resources.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('resources')
      .where((eb) => matches(eb, query))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const order = pageIds.map((r) => r.id);
  const rows =
    order.length === 0
      ? []
      : await selectResources(db)
          .where('resources.id', 'in', order)
          .where((eb) => matches(eb, query))
          .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const page = order.map((id) => byId.get(id)).filter((r): r is ResourceRow => r !== undefined);
  return { rows: page, total: Number(count.n) };
}
