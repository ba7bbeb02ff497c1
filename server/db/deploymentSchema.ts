import type { Generated } from 'kysely';

/* Deployment tables (migration 0018; contract/apiDeploy.ts). JSON columns hold the contract's shapes. */

export interface PointsTable {
  id: string;
  project_id: string;
  /** 'edge' | 'web'. */
  kind: string;
  name: string;
  description: Generated<string>;
  model_id: string | null;
  version: string | null;
  device_id: string | null;
  /** sha256 hex of the device secret. */
  device_secret_hash: string | null;
  device_enrolled_at: string | null;
  device_runtime: string | null;
  device_reported: string | null;
  last_seen_at: string | null;
  revoked_at: string | null;
  server_type: string | null;
  cloud_type: string | null;
  cloud_region: string | null;
  instance_type: string | null;
  instance_id: string | null;
  instance_state: string | null;
  instance_error: string | null;
  prepared_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface PointEnrollmentsTable {
  token_hash: string;
  point_id: string;
  expires_at: string;
  used_at: string | null;
  created_by: string | null;
  created_at: string;
}

export interface PointPingsTable {
  id: string;
  point_id: string;
  created_at: string;
  delivered_at: string | null;
  answered_at: string | null;
}

export interface PointKeysTable {
  id: string;
  point_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  rate_per_minute: number;
  created_by: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface PointKeyUsageTable {
  key_id: string;
  window_start: string;
  count: number;
}

export interface PointMetricsTable {
  point_id: string;
  minute: string;
  source: string;
  requests: number;
  errors: number;
  latency: string;
  class_counts: string;
}

export interface DeploymentsTable {
  id: string;
  project_id: string;
  model_id: string;
  version: string;
  created_by: string | null;
  created_at: string;
}

export interface DeploymentTargetsTable {
  deployment_id: string;
  point_id: string;
  state: Generated<string>;
  error: string | null;
  detail: string | null;
  progress: number | null;
  created_at: string;
  updated_at: string;
}

/** Devices replaced by a new enrolment (migration 0020): their calls answer `device_revoked`. */
export interface RetiredDevicesTable {
  device_id: string;
  point_id: string;
  /** sha256 of the replaced secret; null when the device had been revoked before. */
  secret_hash: string | null;
  retired_at: string;
}

export interface DeploymentTables {
  points: PointsTable;
  point_enrollments: PointEnrollmentsTable;
  point_pings: PointPingsTable;
  point_keys: PointKeysTable;
  point_key_usage: PointKeyUsageTable;
  point_metrics: PointMetricsTable;
  deployments: DeploymentsTable;
  deployment_targets: DeploymentTargetsTable;
  retired_devices: RetiredDevicesTable;
}
