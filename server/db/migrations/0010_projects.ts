import { sql, type Kysely } from 'kysely';

/*
 * Projects and datasets: projects with their members, label classes, tags, images (with their
 * files in the blob store), annotations, resumable uploads, and the durable jobs table that image
 * processing, training and deployment share. Portable types only (text, integer, real).
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subtype', 'text', (c) => c.notNull())
    .addColumn('split_train', 'integer', (c) => c.notNull().defaultTo(70))
    .addColumn('split_validation', 'integer', (c) => c.notNull().defaultTo(20))
    .addColumn('split_test', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('split_seed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('schedule_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('schedule_cycle', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('projects_organization').on('projects').column('organization_id').execute();

  await db.schema
    .createTable('project_members')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'member', 'worker')`))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('project_members_user').on('project_members').column('user_id').execute();

  await db.schema
    .createTable('labels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    /** lower(trim(name)): the uniqueness key. */
    .addColumn('name_key', 'text', (c) => c.notNull())
    /** lower-case #rrggbb. */
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('labels_name_unique', ['project_id', 'name_key'])
    .addUniqueConstraint('labels_color_unique', ['project_id', 'color'])
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    /** Sub-folder of a folder upload ('' for single files). */
    .addColumn('folder', 'text', (c) => c.notNull().defaultTo(''))
    /** Mime type decided from the decoded content. */
    .addColumn('type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text')
    /** JSON of the pyramid: { levels, tileSize, overlap, format, prefix } or null. */
    .addColumn('pyramid', 'text')
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('processing', 'ready', 'failed')`))
    .addColumn('error', 'text')
    .addColumn('split', 'text', (c) => c.notNull().defaultTo('train'))
    .addColumn('labeled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('worker_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_project').on('images').columns(['project_id', 'created_at']).execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('tags_name_unique', ['project_id', 'name'])
    .execute();

  await db.schema
    .createTable('image_tags')
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('image_tags_pk', ['image_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('image_tags_tag').on('image_tags').column('tag_id').execute();

  await db.schema
    .createTable('annotations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('label_id', 'text', (c) => c.notNull().references('labels.id').onDelete('cascade'))
    /** 'box' (x, y, width, height in image pixels), 'class' (whole image), 'polygon' (points JSON in data). */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('x', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('y', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('data', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('annotations_image').on('annotations').column('image_id').execute();
  await db.schema.createIndex('annotations_label').on('annotations').column('label_id').execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('folder', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('label', 'text')
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('image_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('cascade'))
    /** JSON. */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued', 'running', 'done', 'failed')`))
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    /** Not before this time (retry back-off). */
    .addColumn('run_after', 'text', (c) => c.notNull())
    /** A running job whose lease passed is taken again by another worker. */
    .addColumn('lease_until', 'text')
    .addColumn('worker', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_ready').on('jobs').columns(['state', 'run_after']).execute();
  await db.schema.createIndex('jobs_project').on('jobs').columns(['project_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const t of [
    'jobs',
    'uploads',
    'annotations',
    'image_tags',
    'tags',
    'images',
    'labels',
    'project_members',
    'projects',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
