import { sql, type Kysely } from 'kysely';

/*
 * Dataset imports (contract/apiImports.ts): one row per uploaded VOC/COCO zip, from the upload
 * through the `dataset.import` job to its report. The zip itself is a blob until the job ends.
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    /** Declared size of the zip. */
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('uploading', 'queued', 'running', 'done', 'failed')`),
    )
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
    /** contract/apiImports.ts IMPORT_ERROR_CODES, and the zip entry at fault. */
    .addColumn('error', 'text')
    .addColumn('error_entry', 'text')
    /** JSON of importReportSchema once done. */
    .addColumn('report', 'text')
    /** The uploaded zip, until the job ends. */
    .addColumn('blob_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('imports_project').on('imports').columns(['project_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('imports').execute();
}
