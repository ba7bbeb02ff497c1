import type { Purchase } from '../../contract/apiMarket';
import type { Db } from '../db/Db';
import type { UserRow } from '../db/schema';
import { resourceViews, selectResources } from './resourceViews';

/**
 * The buyer's live purchases, newest first, each with its resource as the buyer sees it (still
 * there when the seller made it private or took it off the market) and its exports into
 * projects that still exist, newest first.
 */
export async function purchasesOf(db: Db, buyer: Pick<UserRow, 'id' | 'scope'>): Promise<Purchase[]> {
  const purchases = await db
    .selectFrom('purchases')
    .select(['id', 'resource_id', 'price', 'order_id', 'created_at'])
    .where('buyer_id', '=', buyer.id)
    .where('canceled_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (purchases.length === 0) return [];
  const resourceIds = [...new Set(purchases.map((p) => p.resource_id))];
  const [rows, exports] = await Promise.all([
    selectResources(db).where('resources.id', 'in', resourceIds).execute(),
    db
      .selectFrom('resource_exports')
      .innerJoin('projects', 'projects.id', 'resource_exports.project_id')
      .select([
        'resource_exports.purchase_id',
        'resource_exports.project_id',
        'resource_exports.created_at',
        'projects.title',
      ])
      .where(
        'resource_exports.purchase_id',
        'in',
        purchases.map((p) => p.id),
      )
      .where('projects.deleted_at', 'is', null)
      .orderBy('resource_exports.created_at', 'desc')
      .execute(),
  ]);
  const views = new Map((await resourceViews(db, rows, buyer)).map((v) => [v.id, v]));
  const items: Purchase[] = [];
  for (const p of purchases) {
    const resource = views.get(p.resource_id);
    if (!resource) continue;
    items.push({
      id: p.id,
      resource,
      price: Number(p.price),
      orderId: p.order_id,
      purchasedAt: p.created_at,
      exports: exports
        .filter((e) => e.purchase_id === p.id)
        .map((e) => ({ projectId: e.project_id, projectTitle: e.title, at: e.created_at })),
    });
  }
  return items;
}
