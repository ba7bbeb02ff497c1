import { sql, type Kysely } from 'kysely';

/*
 * The market and payments (contract/apiMarket.ts, contract/apiPayments.ts): resources (a frozen
 * snapshot of a dataset, or a model zip) with their snapshot images, bookmarks, orders, purchases,
 * exports, and the plan of each billing account. Snapshot images share the project's blobs (the
 * blob collector counts them, server/blobs/blobReferences.ts), so posting copies rows, not bytes.
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('resources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    /** The project it came from (null once that project is gone; the snapshot stays). */
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('dataset', 'model')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    /** JSON array of RESOURCE_FIELDS. */
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull().check(sql`visibility in ('public', 'private')`))
    .addColumn('approval', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('check_error', 'text')
    .addColumn('reviewed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('subtype', 'text', (c) => c.notNull())
    /**
     * What makes a posting unique: 'dataset:<sha256 of the snapshot's content>' or 'model:<model id>'.
     * The same snapshot cannot be posted twice while the first is on the market (not deleted).
     */
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    /** JSON [{ name, color }] in snapshot order. */
    .addColumn('labels', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('image_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('annotation_count', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON [{ blobKey, type, width, height, bytes }] of the covers, in order. */
    .addColumn('covers', 'text', (c) => c.notNull().defaultTo('[]'))
    /** JSON [{ index, width, height, blobKey, annotations }] (datasets; contract resourceSampleSchema + key). */
    .addColumn('samples', 'text', (c) => c.notNull().defaultTo('[]'))
    /** Models: the model zip (a copy of the key; the blob is shared). */
    .addColumn('model_blob_key', 'text')
    /** Models: JSON { task, network, inputSize, metrics, manifest, backbone } as the models row had it. */
    .addColumn('model', 'text')
    .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('purchase_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('approved_at', 'text')
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('resources_seller').on('resources').columns(['seller_id', 'created_at']).execute();
  await db.schema
    .createIndex('resources_market')
    .on('resources')
    .columns(['approval', 'visibility', 'kind', 'created_at'])
    .execute();
  await db.schema
    .createIndex('resources_fingerprint')
    .on('resources')
    .column('fingerprint')
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  /** The snapshot of a dataset resource: one row per image, annotations frozen as JSON. */
  await db.schema
    .createTable('resource_images')
    .addColumn('resource_id', 'text', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('folder', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text')
    .addColumn('pyramid', 'text')
    .addColumn('split', 'text', (c) => c.notNull().defaultTo('train'))
    /** JSON [{ label (index into resources.labels), kind, x, y, width, height, data }]. */
    .addColumn('annotations', 'text', (c) => c.notNull().defaultTo('[]'))
    /** JSON array of tag names. */
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('resource_images_pk', ['resource_id', 'position'])
    .execute();

  await db.schema
    .createTable('resource_bookmarks')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('resource_id', 'text', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('resource_bookmarks_pk', ['user_id', 'resource_id'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('buyer_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('resource', 'plan')`))
    .addColumn('order_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('vat', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('READY', 'DONE', 'FAILED', 'CANCELED')`))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.references('resources.id').onDelete('set null'))
    .addColumn('plan', 'text')
    .addColumn('billing', 'text')
    /** Billing account of a plan order: an organization id or 'personal:<userId>'. */
    .addColumn('account', 'text')
    .addColumn('payment_key', 'text')
    .addColumn('method', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('failure_message', 'text')
    /** The provider's last answer about the payment, JSON (for support and reconciliation). */
    .addColumn('provider_payment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('approved_at', 'text')
    .addColumn('canceled_at', 'text')
    .execute();
  await db.schema.createIndex('orders_buyer').on('orders').columns(['buyer_id', 'created_at']).execute();
  await db.schema.createIndex('orders_payment_key').on('orders').column('payment_key').execute();

  await db.schema
    .createTable('purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('resource_id', 'text', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The seller at the time of sale (the sales list survives the resource's deletion). */
    .addColumn('seller_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** Set when the order is canceled (refunded): no longer usable, not counted as a sale. */
    .addColumn('canceled_at', 'text')
    .execute();
  await db.schema
    .createIndex('purchases_once')
    .on('purchases')
    .columns(['resource_id', 'buyer_id'])
    .unique()
    .where(sql.ref('canceled_at'), 'is', null)
    .execute();
  await db.schema.createIndex('purchases_buyer').on('purchases').columns(['buyer_id', 'created_at']).execute();
  await db.schema.createIndex('purchases_seller').on('purchases').columns(['seller_id', 'created_at']).execute();

  await db.schema
    .createTable('resource_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purchase_id', 'text', (c) => c.notNull().references('purchases.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('model_id', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resource_exports_purchase').on('resource_exports').column('purchase_id').execute();

  /** A billing account's paid plan; no row is the free plan. */
  await db.schema
    .createTable('subscriptions')
    /** An organization id or 'personal:<userId>'. */
    .addColumn('account', 'text', (c) => c.primaryKey())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('billing', 'text', (c) => c.notNull())
    .addColumn('renews_at', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  /** Where a model came from: a market purchase (its resource), for the models list and the wizard. */
  await db.schema.alterTable('models').addColumn('resource_id', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('models').dropColumn('resource_id').execute();
  for (const t of [
    'subscriptions',
    'resource_exports',
    'purchases',
    'orders',
    'resource_bookmarks',
    'resource_images',
    'resources',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
