import type { Kysely } from 'kysely';

/*
 * Account withdrawal (server/account/withdrawAccount.ts):
 * - refresh_tokens.sign_in: how the session's family began ('password' or 'oauth'; null on
 *   rotated tokens and on families from before this column), so that a withdrawal by an account
 *   without a password can ask for a fresh sign-in with its provider;
 * - account_withdrawals: the record of a withdrawal that the law keeps for 5 years (privacy
 *   policy, Article 3), without the name or the e-mail address of the former member.
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('sign_in', 'text').execute();
  await db.schema
    .createTable('account_withdrawals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('signed_up_at', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', 'text', (c) => c.notNull())
    .addColumn('keep_until', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_withdrawals_keep_until')
    .on('account_withdrawals')
    .column('keep_until')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('account_withdrawals').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('sign_in').execute();
}
