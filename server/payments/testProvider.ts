import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { TestPaymentsTable } from '../db/marketSchema';
import type { Database } from '../db/schema';
import { PaymentProviderError, type PaymentProvider, type ProviderPayment } from './PaymentProvider';

/** The test provider: the PaymentProvider calls plus what its payment window's "pay" button does. */
export interface TestPaymentProvider extends PaymentProvider {
  readonly name: 'test';
  /**
   * The buyer pressed "pay" in the test window: a payment key bound to this order and amount,
   * awaiting the server's confirm (the same key again while it is not confirmed).
   */
  approve(order: { id: string; orderName: string; amount: number }): Promise<string>;
}

export function isTestProvider(provider: PaymentProvider): provider is TestPaymentProvider {
  return provider.name === 'test' && 'approve' in provider;
}

/** What the test window's payments are paid with. */
export const TEST_METHOD = 'TEST';

const refuse = (code: string, message: string, status: number) => new PaymentProviderError(code, message, status);

function view(row: Selectable<TestPaymentsTable>): ProviderPayment {
  const raw = {
    paymentKey: row.payment_key,
    orderId: row.order_id,
    orderName: row.order_name,
    status: row.status,
    totalAmount: Number(row.amount),
    balanceAmount: row.status === 'CANCELED' ? 0 : Number(row.amount),
    method: row.status === 'IN_PROGRESS' ? null : TEST_METHOD,
    requestedAt: row.requested_at,
    approvedAt: row.approved_at,
    cancels: row.canceled_at
      ? [{ cancelAmount: Number(row.amount), cancelReason: row.cancel_reason ?? '', canceledAt: row.canceled_at }]
      : [],
    testMode: true,
  };
  return {
    paymentKey: raw.paymentKey,
    orderId: raw.orderId,
    status: raw.status,
    totalAmount: raw.totalAmount,
    method: raw.method,
    approvedAt: raw.approvedAt,
    raw,
  };
}

/**
 * The built-in provider ("test mode — no money moves"): it keeps its payments in its own table
 * and answers like Toss does (same codes, same state rules), so the whole redirect-and-confirm
 * flow runs from a fresh clone. It calls nothing outside this database.
 */
export function createTestProvider(db: Kysely<Database>, now: () => Date): TestPaymentProvider {
  const find = (paymentKey: string) =>
    db.selectFrom('test_payments').selectAll().where('payment_key', '=', paymentKey).executeTakeFirst();
  const notFound = () => refuse('NOT_FOUND_PAYMENT', 'No such payment.', 404);

  return {
    name: 'test',
    clientKey: null,

    async approve(order) {
      const existing = await db
        .selectFrom('test_payments')
        .selectAll()
        .where('order_id', '=', order.id)
        .executeTakeFirst();
      if (existing) {
        if (existing.status !== 'IN_PROGRESS') throw refuse('ALREADY_PROCESSED_PAYMENT', 'Already paid.', 400);
        return existing.payment_key;
      }
      const paymentKey = `test_pk_${randomBytes(18).toString('base64url')}`;
      await db
        .insertInto('test_payments')
        .values({
          payment_key: paymentKey,
          order_id: order.id,
          order_name: order.orderName,
          amount: order.amount,
          status: 'IN_PROGRESS',
          requested_at: now().toISOString(),
          approved_at: null,
          canceled_at: null,
          cancel_reason: null,
        })
        // Two presses at once: the second finds the first's key below.
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
      const row = await db
        .selectFrom('test_payments')
        .select('payment_key')
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      return row.payment_key;
    },

    async confirm({ paymentKey, orderId, amount }) {
      const row = await find(paymentKey);
      if (!row || row.order_id !== orderId) throw notFound();
      if (row.status !== 'IN_PROGRESS')
        throw refuse('ALREADY_PROCESSED_PAYMENT', 'The payment is already processed.', 400);
      if (Number(row.amount) !== amount) {
        throw refuse('INVALID_REQUEST', 'The amount differs from the amount the payment was requested for.', 400);
      }
      const result = await db
        .updateTable('test_payments')
        .set({ status: 'DONE', approved_at: now().toISOString() })
        .where('payment_key', '=', paymentKey)
        .where('status', '=', 'IN_PROGRESS')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw refuse('ALREADY_PROCESSED_PAYMENT', 'The payment is already processed.', 400);
      }
      return view((await find(paymentKey))!);
    },

    async get(paymentKey) {
      const row = await find(paymentKey);
      if (!row) throw notFound();
      return view(row);
    },

    async cancel(paymentKey, reason) {
      const row = await find(paymentKey);
      if (!row) throw notFound();
      if (row.status === 'CANCELED') throw refuse('ALREADY_CANCELED_PAYMENT', 'The payment is already canceled.', 400);
      if (row.status !== 'DONE') throw refuse('NOT_CANCELABLE_PAYMENT', 'Only a paid payment can be canceled.', 403);
      await db
        .updateTable('test_payments')
        .set({ status: 'CANCELED', canceled_at: now().toISOString(), cancel_reason: reason })
        .where('payment_key', '=', paymentKey)
        .where('status', '=', 'DONE')
        .execute();
      return view((await find(paymentKey))!);
    },
  };
}
