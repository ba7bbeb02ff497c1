import type { Kysely } from 'kysely';

/*
 * The built-in test payment provider's own book (server/payments/testProvider.ts): what its
 * "payment window" approved and what it later confirmed or canceled. Kept apart from `orders` so
 * that the provider's view of a payment can differ from the order's, as Toss's can (a confirm that
 * succeeded at the provider while the server failed to record it is then reconciled, not lost).
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('test_payments')
    .addColumn('payment_key', 'text', (c) => c.primaryKey())
    /** One payment per order, as Toss keeps one per orderId. */
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('order_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    /** Toss's statuses: IN_PROGRESS (approved in the window), DONE, CANCELED, ABORTED. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('approved_at', 'text')
    .addColumn('canceled_at', 'text')
    .addColumn('cancel_reason', 'text')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('test_payments').ifExists().execute();
}
