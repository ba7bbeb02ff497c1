import { sql, type Kysely } from 'kysely';

/*
 * Every table of accounts, organizations and support content. Only portable types (text,
 * integer) so the same migration runs on SQLite and PostgreSQL; see schema.ts.
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('email_verified_at', 'text')
    .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_key', 'text')
    .addColumn('notify_notice', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_training', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_market', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('ko'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('child_sealed', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captcha_uses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('one_time_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('data', 'text')
    .execute();

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('receiver_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alerts_receiver').on('alerts').columns(['receiver_id', 'created_at']).execute();

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organization_members')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'admin', 'member')`))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('organization_members_pk', ['organization_id', 'user_id'])
    .execute();
  await db.schema.createIndex('organization_members_user').on('organization_members').column('user_id').execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notices_order').on('notices').columns(['pinned', 'created_at']).execute();

  await db.schema
    .createTable('faq')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('faq_locale').on('faq').columns(['locale', 'category', 'position']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const t of [
    'faq',
    'notices',
    'organization_members',
    'organizations',
    'alerts',
    'one_time_keys',
    'captcha_uses',
    'login_attempts',
    'refresh_tokens',
    'users',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
