import type { Kysely } from 'kysely';

/*
 * Thumbnail atlas pages of the dataset viewer (server/projects/atlasPages.ts). A page is named by
 * a hash of its content list; the row remembers that list (so the page can be composed when it is
 * first fetched) and the blob of the composed WebP. Pages no listing has named for a week are
 * dropped with their blobs.
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('atlas_pages')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('cell_size', 'integer', (c) => c.notNull())
    /** JSON array, one entry per cell: a thumbnail blob key, or 'processing' / 'failed' / 'missing'. */
    .addColumn('cells', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('atlas_pages_project_used')
    .on('atlas_pages')
    .columns(['project_id', 'used_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('atlas_pages').execute();
}
