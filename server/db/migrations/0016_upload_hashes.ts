import type { Kysely } from 'kysely';

/*
 * Images by content: a blob key is the SHA-256 of the original's bytes, so the upload's
 * duplicate check (which images of a project hold these bytes) and the blob release after a
 * delete (does any image still use this key) both look images up by it.
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('images_blob_key').on('images').columns(['blob_key', 'project_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('images_blob_key').execute();
}
