import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * A dataset resource's size is the sum of its images' sizes: past 2 GiB it does not fit
 * PostgreSQL's 4-byte `integer` (SQLite's integers are 8 bytes already).
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await sql`alter table resources alter column bytes type bigint`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await sql`alter table resources alter column bytes type integer`.execute(db);
}
