import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  BILLINGS,
  ORDER_KINDS,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  PLAN_IDS,
  type Billing,
  type Order,
  type PlanId,
} from '../../contract/apiPayments';
import type { Db } from '../db/Db';
import type { OrdersTable } from '../db/marketSchema';
import { ApiError } from '../http/ApiError';

/** An order row with its buyer's name and e-mail (empty once the account is gone). */
export type OrderRow = Selectable<OrdersTable> & { buyer_name: string | null; buyer_email: string | null };

/** Orders (newest first when listed) with their buyers. */
export function selectOrders(db: Db) {
  return db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.buyer_id')
    .selectAll('orders')
    .select(['users.name as buyer_name', 'users.email as buyer_email']);
}

export async function findOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  return selectOrders(db).where('orders.id', '=', orderId).executeTakeFirst();
}

export const orderNotFound = () => new ApiError('not_found', 'No such order.');

/** The order, if `userId` bought it; otherwise 404 whether it exists or not. */
export async function findOwnOrder(db: Db, orderId: string, userId: string): Promise<OrderRow> {
  const row = await findOrder(db, orderId);
  if (!row || row.buyer_id !== userId) throw orderNotFound();
  return row;
}

/** `ord_` and 24 random URL-safe characters: inside Toss's 6–64 of [A-Za-z0-9_-]. */
export function newOrderId(): string {
  return `ord_${randomBytes(18).toString('base64url')}`;
}

/** The billing account as stored: an organization id, or 'personal:<userId>'. */
export function storedAccount(account: string, userId: string): string {
  return account === 'personal' ? `personal:${userId}` : account;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

export function orderView(row: OrderRow): Order {
  return {
    orderId: row.id,
    kind: oneOf(ORDER_KINDS, row.kind) ?? 'resource',
    orderName: row.order_name,
    amount: Number(row.amount),
    vat: Number(row.vat),
    status: oneOf(ORDER_STATUSES, row.status) ?? 'FAILED',
    provider: oneOf(PAYMENT_PROVIDERS, row.provider) ?? 'test',
    resourceId: row.resource_id,
    plan: oneOf<PlanId>(PLAN_IDS, row.plan),
    billing: oneOf<Billing>(BILLINGS, row.billing),
    account: row.account?.startsWith('personal:') ? 'personal' : row.account,
    method: row.method,
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
    buyer: { id: row.buyer_id ?? '', name: row.buyer_name ?? '', email: row.buyer_email ?? '' },
    createdAt: row.created_at,
    approvedAt: row.approved_at,
    canceledAt: row.canceled_at,
  };
}

/** Reads the order again after a change and answers its view. */
export async function orderViewOf(db: Db, orderId: string): Promise<Order> {
  const row = await findOrder(db, orderId);
  if (!row) throw orderNotFound();
  return orderView(row);
}
