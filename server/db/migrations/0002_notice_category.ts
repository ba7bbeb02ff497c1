import type { Kysely } from 'kysely';

/*
 * Notices get the category the contract and the notice pages show, and `body_text`: the body's
 * plain text, kept beside the sanitised HTML so that keyword search and excerpts never match
 * tag or attribute names.
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('notices')
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('general'))
    .execute();
  await db.schema
    .alterTable('notices')
    .addColumn('body_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('notices').dropColumn('body_text').execute();
  await db.schema.alterTable('notices').dropColumn('category').execute();
}
