import { sql, type Kysely } from 'kysely';

/*
 * Training and models (contract/apiTraining.ts, contract/apiModels.ts). A training row holds the
 * wizard's settings and the live figures the trainer writes (SSE reads them from here); its work
 * runs as a `training.run` job. A model is a zip in the blob store. Trainers register themselves
 * with a heartbeat and their measured speed. Machine labels (auto labeling, accepted assist AI
 * proposals before a person accepts them) carry `source = 'machine'` and their score.
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('trainings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    /** Per-project sequence (the identifier the console shows). */
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('job_id', 'text')
    /** contract trainingCreateSchema, JSON. */
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('annotation_type', 'text', (c) => c.notNull())
    .addColumn('model_tag', 'text')
    .addColumn('trigger', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('step', 'text', (c) => c.notNull().defaultTo('ready'))
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('dataset_count', 'integer', (c) => c.notNull().defaultTo(0))
    /** {train, validation, test} counts, JSON. */
    .addColumn('split_counts', 'text', (c) => c.notNull().defaultTo('{"train":0,"validation":0,"test":0}'))
    .addColumn('epoch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('epochs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('batch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('batches', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('loss', 'real')
    .addColumn('accuracy', 'real')
    .addColumn('eta_seconds', 'real')
    /** Epoch metrics, JSON array (contract epochMetricsSchema). */
    .addColumn('history', 'text', (c) => c.notNull().defaultTo('[]'))
    /** Evaluation on the test split, JSON (contract evaluationSchema). */
    .addColumn('evaluation', 'text')
    /** Blob key of the test split's predictions, JSON { imageId: Prediction[] }. */
    .addColumn('predictions_key', 'text')
    /** Blob key of the last epoch checkpoint (head weights and optimizer-free state). */
    .addColumn('checkpoint_key', 'text')
    .addColumn('stop_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('trainer_id', 'text')
    .addColumn('model_id', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trainings_project').on('trainings').columns(['project_id', 'number']).unique().execute();

  await db.schema
    .createTable('models')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('training_id', 'text')
    .addColumn('tag', 'text')
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('backbone', 'text', (c) => c.notNull())
    .addColumn('input_size', 'integer', (c) => c.notNull())
    /** [{ id, name, color }] in output order, JSON. */
    .addColumn('labels', 'text', (c) => c.notNull())
    .addColumn('metrics', 'text', (c) => c.notNull().defaultTo('{}'))
    /** contract modelManifestSchema, JSON (also inside the zip). */
    .addColumn('manifest', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('trained', 'uploaded')`))
    /** The model zip in the blob store. */
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('models_project').on('models').columns(['project_id', 'created_at']).execute();

  await db.schema
    .createTable('trainers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('backend', 'text', (c) => c.notNull())
    .addColumn('embedded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('busy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('feature_ms_per_image', 'real')
    .addColumn('head_ms_per_sample', 'real')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();

  // Backbone features per image content, extractor and augmented copy: the blob store is
  // content-addressed, so this maps the cache key to the blob holding the Float32 values.
  await db.schema
    .createTable('feature_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // One auto-labeling run (a `model.autolabel` job): what it was asked and what it wrote.
  await db.schema
    .createTable('auto_label_runs')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('model_id', 'text', (c) => c.notNull())
    .addColumn('threshold', 'real', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('images', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('labeled_images', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('annotations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('projects').addColumn('assist_model_id', 'text').execute();
  /** When the learning schedule last queued a training (it runs once per cycle at most). */
  await db.schema.alterTable('projects').addColumn('schedule_last_run', 'text').execute();
  await db.schema
    .alterTable('annotations')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('person'))
    .execute();
  await db.schema.alterTable('annotations').addColumn('score', 'real').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('annotations').dropColumn('score').execute();
  await db.schema.alterTable('annotations').dropColumn('source').execute();
  await db.schema.alterTable('projects').dropColumn('schedule_last_run').execute();
  await db.schema.alterTable('projects').dropColumn('assist_model_id').execute();
  await db.schema.dropTable('auto_label_runs').execute();
  await db.schema.dropTable('feature_cache').execute();
  await db.schema.dropTable('trainers').execute();
  await db.schema.dropTable('models').execute();
  await db.schema.dropTable('trainings').execute();
}
