import { type Kysely } from 'kysely';

/*
 * Edge devices replaced by a new enrolment (contract/apiAgent.ts): the old credential must answer
 * `device_revoked`, so its agent stops, rather than `unauthorized`, which an agent may take for a
 * passing fault. The device id and its secret's sha256 are kept (null when it had been revoked),
 * so only the replaced device itself learns that it was replaced.
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('retired_devices')
    .addColumn('device_id', 'text', (c) => c.primaryKey())
    .addColumn('point_id', 'text', (c) => c.notNull().references('points.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text')
    .addColumn('retired_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('retired_devices').execute();
}
