import { type Kysely } from 'kysely';

/*
 * Deployment (contract/apiDeploy.ts, contract/apiAgent.ts). A point belongs to a project: an edge
 * point is a device running the edge agent (its credential's sha256, what it last reported, when
 * it last called), a web point an endpoint the API processes serve (its instance columns). A
 * deployment sends one model version to points; each target row follows that point's state.
 * Serving counts are summed per point, minute and source (the agent, or one API process), so
 * every process adds its own row without a lock. Secrets and tokens are stored as sha256 only.
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('points')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** Web: the model it serves. Edge: the model last activated on the device. */
    .addColumn('model_id', 'text')
    /** sha256 of that model's zip. */
    .addColumn('version', 'text')
    // Edge points.
    .addColumn('device_id', 'text')
    .addColumn('device_secret_hash', 'text')
    .addColumn('device_enrolled_at', 'text')
    /** contract agentRuntimeSchema, JSON. */
    .addColumn('device_runtime', 'text')
    /** The last reported state (contract agentReportedSchema without metrics), JSON. */
    .addColumn('device_reported', 'text')
    .addColumn('last_seen_at', 'text')
    .addColumn('revoked_at', 'text')
    // Web points.
    .addColumn('server_type', 'text')
    .addColumn('cloud_type', 'text')
    .addColumn('cloud_region', 'text')
    .addColumn('instance_type', 'text')
    .addColumn('instance_id', 'text')
    .addColumn('instance_state', 'text')
    .addColumn('instance_error', 'text')
    .addColumn('prepared_at', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    /** Deleted points keep their rows for the deployment history; their URLs answer 404. */
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('points_project').on('points').columns(['project_id', 'created_at']).execute();
  await db.schema.createIndex('points_device').on('points').column('device_id').unique().execute();

  await db.schema
    .createTable('point_enrollments')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('point_id', 'text', (c) => c.notNull().references('points.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('point_pings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('point_id', 'text', (c) => c.notNull().references('points.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema.createIndex('point_pings_point').on('point_pings').columns(['point_id', 'created_at']).execute();

  await db.schema
    .createTable('point_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('point_id', 'text', (c) => c.notNull().references('points.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('rate_per_minute', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('point_keys_point').on('point_keys').columns(['point_id', 'created_at']).execute();

  // Requests per key and minute, counted by every API process (the rate limit holds across them).
  await db.schema
    .createTable('point_key_usage')
    .addColumn('key_id', 'text', (c) => c.notNull().references('point_keys.id').onDelete('cascade'))
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('point_key_usage_pk', ['key_id', 'window_start'])
    .execute();

  await db.schema
    .createTable('point_metrics')
    .addColumn('point_id', 'text', (c) => c.notNull().references('points.id').onDelete('cascade'))
    /** The minute, ISO text truncated to the minute (UTC). */
    .addColumn('minute', 'text', (c) => c.notNull())
    /** 'agent', or 'api:<process id>' for a web point's API process. */
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('errors', 'integer', (c) => c.notNull())
    /** contract LATENCY_BUCKETS counts, JSON. */
    .addColumn('latency', 'text', (c) => c.notNull())
    /** { label: count }, JSON. */
    .addColumn('class_counts', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('point_metrics_pk', ['point_id', 'minute', 'source'])
    .execute();

  await db.schema
    .createTable('deployments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('model_id', 'text', (c) => c.notNull())
    /** sha256 of the model zip (= its blob key): the artifact the points download. */
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deployments_project').on('deployments').columns(['project_id', 'created_at']).execute();
  await db.schema.createIndex('deployments_model').on('deployments').columns(['model_id', 'created_at']).execute();

  await db.schema
    .createTable('deployment_targets')
    .addColumn('deployment_id', 'text', (c) => c.notNull().references('deployments.id').onDelete('cascade'))
    .addColumn('point_id', 'text', (c) => c.notNull().references('points.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('error', 'text')
    .addColumn('detail', 'text')
    .addColumn('progress', 'real')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('deployment_targets_pk', ['deployment_id', 'point_id'])
    .execute();
  await db.schema
    .createIndex('deployment_targets_point')
    .on('deployment_targets')
    .columns(['point_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'deployment_targets',
    'deployments',
    'point_metrics',
    'point_key_usage',
    'point_keys',
    'point_pings',
    'point_enrollments',
    'points',
  ])
    await db.schema.dropTable(table).execute();
}
