import type { SalesReport } from '../../contract/apiMarket';
import type { Db } from '../db/Db';

const KST_OFFSET_MS = 9 * 3_600_000;

/** The instant a KST calendar day (YYYY-MM-DD) starts. */
export function kstDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - KST_OFFSET_MS);
}

/** The instant after a KST calendar day ends (the next day's start). */
export function kstDayEnd(day: string): Date {
  return new Date(kstDayStart(day).getTime() + 24 * 3_600_000);
}

/**
 * The seller's live sales (purchases not canceled) between two KST days, both included (either
 * may be open): each sale newest first with its buyer's name, totals per resource highest first.
 */
export async function salesReport(
  db: Db,
  sellerId: string,
  period: { from: string | null; to: string | null },
): Promise<SalesReport> {
  let query = db
    .selectFrom('purchases')
    .innerJoin('resources', 'resources.id', 'purchases.resource_id')
    .leftJoin('users', 'users.id', 'purchases.buyer_id')
    .select([
      'purchases.id',
      'purchases.resource_id',
      'purchases.price',
      'purchases.created_at',
      'resources.name',
      'resources.kind',
      'users.name as buyer',
    ])
    .where('purchases.seller_id', '=', sellerId)
    .where('purchases.canceled_at', 'is', null);
  if (period.from) query = query.where('purchases.created_at', '>=', kstDayStart(period.from).toISOString());
  if (period.to) query = query.where('purchases.created_at', '<', kstDayEnd(period.to).toISOString());
  const rows = await query.orderBy('purchases.created_at', 'desc').orderBy('purchases.id', 'desc').execute();

  const perResource = new Map<string, SalesReport['resources'][number]>();
  let total = 0;
  for (const row of rows) {
    const price = Number(row.price);
    total += price;
    const entry = perResource.get(row.resource_id) ?? {
      resourceId: row.resource_id,
      name: row.name,
      kind: row.kind === 'model' ? ('model' as const) : ('dataset' as const),
      count: 0,
      total: 0,
    };
    entry.count += 1;
    entry.total += price;
    perResource.set(row.resource_id, entry);
  }
  return {
    from: period.from,
    to: period.to,
    resources: [...perResource.values()].sort(
      (a, b) => b.total - a.total || b.count - a.count || a.name.localeCompare(b.name),
    ),
    sales: rows.map((row) => ({
      purchaseId: row.id,
      resourceId: row.resource_id,
      name: row.name,
      buyer: row.buyer ?? '',
      price: Number(row.price),
      at: row.created_at,
    })),
    count: rows.length,
    total,
  };
}
