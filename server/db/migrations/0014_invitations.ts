import { sql, type Kysely } from 'kysely';

/*
 * Invitations of addresses that have no account yet (contract/apiInvitations.ts). The target is a
 * project or an organization (`kind`), so `target_id` has no foreign key: joining checks that the
 * target still exists. Only the hash of the mailed key is stored, as for one_time_keys.
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('project', 'organization')`))
    .addColumn('target_id', 'text', (c) => c.notNull())
    /** Lower-cased. */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    /** sha256 of the key in the mail's link, base64url. */
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('invitations_email').on('invitations').column('email').execute();
  await db.schema.createIndex('invitations_target').on('invitations').columns(['kind', 'target_id']).execute();
  // One open invitation per address and target: a second invite renews it instead of doubling it.
  await sql`create unique index invitations_open on invitations (kind, target_id, email)
    where accepted_at is null and revoked_at is null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('invitations').execute();
}
