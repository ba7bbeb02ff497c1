import { sql, type Kysely } from 'kysely';

/*
 * The labeling studio: annotation versions (the base version an edit names), the image's
 * annotation count and revision (kept by every write, so a save never counts the image's rows),
 * the operations already applied per image (each answered again, never applied twice), image
 * lock leases, and each user's key map overrides.
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('annotations')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('images')
    .addColumn('annotation_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('images')
    .addColumn('annotation_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update images set annotation_count = (select count(*) from annotations a where a.image_id = images.id)
    where exists (select 1 from annotations a where a.image_id = images.id)`.execute(db);

  // Reads of one image's set come in creation order: the index hands them over sorted.
  await db.schema.dropIndex('annotations_image').execute();
  await db.schema
    .createIndex('annotations_image_order')
    .on('annotations')
    .columns(['image_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('annotation_ops')
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
    /** The client's operation id (a UUID kept across retries). */
    .addColumn('op_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    /** JSON { id, version }: what the operation answered. */
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('annotation_ops_pk', ['image_id', 'op_id'])
    .execute();
  // Pruning drops an image's old operations by age.
  await db.schema.createIndex('annotation_ops_age').on('annotation_ops').columns(['image_id', 'created_at']).execute();

  await db.schema
    .createTable('image_locks')
    .addColumn('image_id', 'text', (c) => c.primaryKey().references('images.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('taken_at', 'text', (c) => c.notNull())
    .execute();

  /** JSON of contract/studioKeymap.ts keymapSchema, or null (the defaults). */
  await db.schema.alterTable('users').addColumn('keymap', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('keymap').execute();
  await db.schema.dropTable('image_locks').execute();
  await db.schema.dropTable('annotation_ops').execute();
  await db.schema.dropIndex('annotations_image_order').execute();
  await db.schema.createIndex('annotations_image').on('annotations').column('image_id').execute();
  await db.schema.alterTable('images').dropColumn('annotation_revision').execute();
  await db.schema.alterTable('images').dropColumn('annotation_count').execute();
  await db.schema.alterTable('annotations').dropColumn('version').execute();
}
