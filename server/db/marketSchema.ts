import type { Generated } from 'kysely';

/* Market and payment tables (migration 0021; contract/apiMarket.ts, contract/apiPayments.ts). JSON columns hold the contract's shapes. */

export interface ResourcesTable {
  id: string;
  seller_id: string | null;
  project_id: string | null;
  /** 'dataset' | 'model'. */
  kind: string;
  name: string;
  description: Generated<string>;
  price: number;
  format: string;
  /** JSON array of RESOURCE_FIELDS. */
  fields: string;
  visibility: string;
  /** APPROVAL_STATES. */
  approval: string;
  reject_reason: string | null;
  check_error: string | null;
  reviewed_by: string | null;
  subtype: string;
  fingerprint: string;
  /** JSON [{ name, color }]. */
  labels: Generated<string>;
  image_count: Generated<number>;
  annotation_count: Generated<number>;
  /** JSON [{ blobKey, type, width, height, bytes }]. */
  covers: Generated<string>;
  /** JSON [{ index, width, height, blobKey, annotations }]. */
  samples: Generated<string>;
  model_blob_key: string | null;
  /** JSON { task, network, inputSize, metrics, manifest, backbone }. */
  model: string | null;
  bytes: Generated<number>;
  purchase_count: Generated<number>;
  created_at: string;
  updated_at: string;
  approved_at: string | null;
  deleted_at: string | null;
}

export interface ResourceImagesTable {
  resource_id: string;
  position: number;
  file_name: string;
  folder: Generated<string>;
  type: string;
  width: number;
  height: number;
  bytes: number;
  blob_key: string;
  thumb_key: string | null;
  pyramid: string | null;
  split: Generated<string>;
  /** JSON [{ label, kind, x, y, width, height, data }] (label: index into resources.labels). */
  annotations: Generated<string>;
  /** JSON array of tag names. */
  tags: Generated<string>;
}

export interface ResourceBookmarksTable {
  user_id: string;
  resource_id: string;
  created_at: string;
}

export interface OrdersTable {
  id: string;
  buyer_id: string | null;
  kind: string;
  order_name: string;
  amount: number;
  vat: Generated<number>;
  /** ORDER_STATUSES. */
  status: string;
  /** PAYMENT_PROVIDERS. */
  provider: string;
  resource_id: string | null;
  plan: string | null;
  billing: string | null;
  /** An organization id or 'personal:<userId>'. */
  account: string | null;
  payment_key: string | null;
  method: string | null;
  failure_code: string | null;
  failure_message: string | null;
  provider_payment: string | null;
  created_at: string;
  updated_at: string;
  approved_at: string | null;
  canceled_at: string | null;
}

export interface PurchasesTable {
  id: string;
  resource_id: string;
  buyer_id: string;
  seller_id: string | null;
  order_id: string | null;
  price: number;
  created_at: string;
  canceled_at: string | null;
}

export interface ResourceExportsTable {
  id: string;
  purchase_id: string;
  project_id: string;
  model_id: string | null;
  created_by: string | null;
  created_at: string;
}

export interface SubscriptionsTable {
  /** An organization id or 'personal:<userId>'. */
  account: string;
  plan: string;
  billing: string;
  renews_at: string;
  order_id: string | null;
  updated_at: string;
}

/** The built-in test provider's payments (migration 0023; server/payments/testProvider.ts). */
export interface TestPaymentsTable {
  payment_key: string;
  order_id: string;
  order_name: string;
  amount: number;
  /** IN_PROGRESS, DONE, CANCELED, ABORTED. */
  status: string;
  requested_at: string;
  approved_at: string | null;
  canceled_at: string | null;
  cancel_reason: string | null;
}

export interface MarketTables {
  resources: ResourcesTable;
  resource_images: ResourceImagesTable;
  resource_bookmarks: ResourceBookmarksTable;
  orders: OrdersTable;
  purchases: PurchasesTable;
  resource_exports: ResourceExportsTable;
  subscriptions: SubscriptionsTable;
  test_payments: TestPaymentsTable;
}
