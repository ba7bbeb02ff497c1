import type { Generated, Selectable, Updateable } from 'kysely';
import type { DeploymentTables } from './deploymentSchema';
import type { MarketTables } from './marketSchema';

/*
 * Table types of the Kysely database. Ids are random text (UUIDs) and times ISO-8601 text, and
 * booleans are integers 0/1, so SQLite and PostgreSQL return the same values to the same queries.
 */

export interface UsersTable {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  name: string;
  /** `scrypt$…` (auth/password.ts); null for accounts created through OAuth. */
  password_hash: string | null;
  /** Comma-separated scopes: 'user' or 'user,admin'. */
  scope: string;
  email_verified_at: string | null;
  introduction: string;
  /** Blob key of the avatar (content hash), or null. */
  avatar_key: string | null;
  notify_notice: number;
  notify_training: number;
  notify_market: number;
  /** Language of the mails we send: 'ko' or 'en'. */
  locale: string;
  /** JSON of the studio key map overrides (contract/studioKeymap.ts keymapSchema); null: the defaults. */
  keymap: string | null;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  /** sha256 of the opaque token, base64url. */
  token_hash: string;
  /** All tokens rotated from one sign-in share a family; reuse of a spent one revokes it. */
  family_id: string;
  parent_id: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  /**
   * The child token issued when this one was used, encrypted with a key derived from this
   * (parent) token: a parallel tab presenting the parent within the grace window gets the same
   * child back, while the database alone never holds a usable token.
   */
  child_sealed: string | null;
  /** How the family began, on its first token only: 'password' or 'oauth' (migration 0015); null otherwise. */
  sign_in: string | null;
}

/** Failed logins per e-mail address (known or not, so both behave alike). */
export interface LoginAttemptsTable {
  email: string;
  failures: number;
  last_failure_at: string;
}

/** Captcha challenges already solved once (each solution is accepted only once). */
export interface CaptchaUsesTable {
  id: string;
  expires_at: string;
}

export type OneTimeKeyPurpose = 'verify' | 'reset' | 'oauth';

/** Mailed or handed-out single-use keys, stored hashed. */
export interface OneTimeKeysTable {
  id: string;
  key_hash: string;
  purpose: OneTimeKeyPurpose;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Extra JSON for the purpose (e.g. the OAuth redirect path), or null. */
  data: string | null;
}

export interface AlertsTable {
  id: string;
  receiver_id: string;
  sender_id: string;
  message: string;
  type: string;
  read_at: string | null;
  created_at: string;
}

export interface OrganizationsTable {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface OrganizationMembersTable {
  organization_id: string;
  user_id: string;
  /** 'owner' | 'admin' | 'member' (contract/apiSupport.ts ORG_ROLES). */
  role: string;
  joined_at: string;
}

export interface NoticesTable {
  id: string;
  title: string;
  /** Sanitised HTML. */
  body: string;
  /** The body's plain text (search and excerpts). */
  body_text: string;
  /** contract/apiSupport.ts NOTICE_CATEGORIES. */
  category: string;
  pinned: number;
  author_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface FaqTable {
  id: string;
  locale: string;
  category: string;
  question: string;
  answer: string;
  position: number;
  created_at: string;
  updated_at: string;
}

/** A pending OAuth sign-in; `id` is the sha256 of the `state` sent to the provider. */
export interface OAuthStatesTable {
  id: string;
  provider: string;
  /** sha256 of the random value in the browser's cookie: the callback must come from that browser. */
  browser_hash: string;
  /** PKCE verifier, sent with the code to the token endpoint. */
  code_verifier: string;
  redirect_path: string;
  created_at: string;
  expires_at: string;
}

/** Invitations of addresses without an account (migration 0014, contract/apiInvitations.ts). */
export interface InvitationsTable {
  id: string;
  /** 'project' | 'organization'. */
  kind: string;
  target_id: string;
  /** Lower-cased. */
  email: string;
  /** A project role or an organization role, by `kind`. */
  role: string;
  invited_by: string | null;
  /** sha256 of the mailed key (auth/tokenHash.ts). */
  key_hash: string;
  created_at: string;
  sent_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}

/**
 * What the law keeps of a withdrawal for 5 years (migration 0015; privacy policy Article 3): when
 * the contract began and ended, and nothing that names the former member.
 */
export interface AccountWithdrawalsTable {
  id: string;
  signed_up_at: string;
  withdrawn_at: string;
  keep_until: string;
}

export interface Database extends ProjectTables, DeploymentTables, MarketTables {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  login_attempts: LoginAttemptsTable;
  captcha_uses: CaptchaUsesTable;
  one_time_keys: OneTimeKeysTable;
  alerts: AlertsTable;
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
  notices: NoticesTable;
  faq: FaqTable;
  oauth_states: OAuthStatesTable;
  invitations: InvitationsTable;
  account_withdrawals: AccountWithdrawalsTable;
}

export type UserRow = Selectable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/* Projects and datasets (migration 0010). */

export interface ProjectsTable {
  id: string;
  organization_id: string | null;
  title: string;
  description: string;
  /** contract/apiProjects.ts DATA_KINDS / SUBTYPES. */
  kind: string;
  subtype: string;
  split_train: number;
  split_validation: number;
  split_test: number;
  split_seed: number;
  schedule_enabled: number;
  schedule_cycle: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** The model the studio's assist AI and auto labeling use (migration 0017). */
  assist_model_id: Generated<string | null>;
  /** When the learning schedule last queued a training (migration 0017). */
  schedule_last_run: Generated<string | null>;
}

export interface ProjectMembersTable {
  project_id: string;
  user_id: string;
  /** 'admin' | 'member' | 'worker'. */
  role: string;
  joined_at: string;
}

export interface LabelsTable {
  id: string;
  project_id: string;
  name: string;
  name_key: string;
  color: string;
  position: number;
  created_at: string;
}

export interface ImagesTable {
  id: string;
  project_id: string;
  file_name: string;
  folder: string;
  type: string;
  width: number;
  height: number;
  bytes: number;
  blob_key: string;
  thumb_key: string | null;
  pyramid: string | null;
  state: string;
  error: string | null;
  split: string;
  /** 1 when count > 0. */
  labeled: number;
  worker_id: string | null;
  uploaded_by: string | null;
  /** The image's annotation rows (migration 0013): kept by every writer, so no save counts them. */
  annotation_count: number;
  /** +1 per applied annotation write: what the studio compares to know it has the latest set. */
  annotation_revision: number;
  created_at: string;
  updated_at: string;
}

export interface TagsTable {
  id: string;
  project_id: string;
  name: string;
}

export interface ImageTagsTable {
  image_id: string;
  tag_id: string;
}

export interface AnnotationsTable {
  id: string;
  image_id: string;
  label_id: string;
  kind: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Polygons: the points as JSON [x0, y0, x1, y1, …]; x/y/width/height hold their bounding box. */
  data: string | null;
  /** 1 when created, +1 on every change (migration 0013): the base version an edit names. */
  version: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** 'person', or 'machine' for a model's label no person has accepted yet (migration 0017). */
  source: Generated<string>;
  /** The model's confidence of a machine label. */
  score: Generated<number | null>;
}

/** Annotation operations applied per image (migration 0013): a repeated op_id answers `result` again. */
export interface AnnotationOpsTable {
  image_id: string;
  op_id: string;
  user_id: string | null;
  /** JSON { id, version }. */
  result: string;
  created_at: string;
}

/** Image lock leases (migration 0013): one editor per image until `expires_at`. */
export interface ImageLocksTable {
  image_id: string;
  user_id: string;
  expires_at: string;
  taken_at: string;
}

export interface UploadsTable {
  id: string;
  project_id: string;
  user_id: string;
  file_name: string;
  folder: string;
  label: string | null;
  bytes: number;
  image_id: string | null;
  created_at: string;
  expires_at: string;
}

export interface JobsTable {
  id: string;
  kind: string;
  project_id: string | null;
  payload: string;
  state: string;
  progress: number;
  attempts: number;
  max_attempts: number;
  run_after: string;
  lease_until: string | null;
  worker: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** Dataset viewer atlas pages (migration 0011): content list by hash, and the composed WebP once made. */
export interface AtlasPagesTable {
  key: string;
  project_id: string;
  cell_size: number;
  /** JSON array of thumbnail blob keys or 'processing' / 'failed' / 'missing'. */
  cells: string;
  blob_key: string | null;
  created_at: string;
  used_at: string;
}

/** Dataset imports (migration 0012): the uploaded zip, the job's state and its report. */
export interface ImportsTable {
  id: string;
  project_id: string;
  user_id: string | null;
  file_name: string;
  bytes: number;
  /** contract/apiImports.ts IMPORT_STATES. */
  state: string;
  progress: number;
  error: string | null;
  error_entry: string | null;
  /** JSON of importReportSchema. */
  report: string | null;
  blob_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectTables {
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  labels: LabelsTable;
  images: ImagesTable;
  tags: TagsTable;
  image_tags: ImageTagsTable;
  annotations: AnnotationsTable;
  uploads: UploadsTable;
  jobs: JobsTable;
  atlas_pages: AtlasPagesTable;
  imports: ImportsTable;
  annotation_ops: AnnotationOpsTable;
  image_locks: ImageLocksTable;
  trainings: TrainingsTable;
  models: ModelsTable;
  trainers: TrainersTable;
  feature_cache: FeatureCacheTable;
  auto_label_runs: AutoLabelRunsTable;
}

export interface AutoLabelRunsTable {
  job_id: string;
  project_id: string;
  model_id: string;
  threshold: number;
  state: Generated<string>;
  progress: Generated<number>;
  images: Generated<number>;
  labeled_images: Generated<number>;
  annotations: Generated<number>;
  error: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface FeatureCacheTable {
  key: string;
  blob_key: string;
  created_at: string;
}

/* Training and models (migration 0017). JSON columns hold the contract's shapes. */

export interface TrainingsTable {
  id: string;
  project_id: string;
  number: number;
  job_id: string | null;
  settings: string;
  network: string;
  task: string;
  annotation_type: string;
  model_tag: string | null;
  trigger: Generated<string>;
  status: Generated<string>;
  step: Generated<string>;
  progress: Generated<number>;
  dataset_count: Generated<number>;
  split_counts: Generated<string>;
  epoch: Generated<number>;
  epochs: Generated<number>;
  batch: Generated<number>;
  batches: Generated<number>;
  loss: number | null;
  accuracy: number | null;
  eta_seconds: number | null;
  history: Generated<string>;
  evaluation: string | null;
  predictions_key: string | null;
  checkpoint_key: string | null;
  stop_requested: Generated<number>;
  error: string | null;
  trainer_id: string | null;
  model_id: string | null;
  created_by: string | null;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  updated_at: string;
}

export interface ModelsTable {
  id: string;
  project_id: string;
  training_id: string | null;
  tag: string | null;
  task: string;
  network: string;
  backbone: string;
  input_size: number;
  labels: string;
  metrics: Generated<string>;
  manifest: string;
  source: string;
  blob_key: string;
  bytes: number;
  created_by: string | null;
  created_at: string;
  /** The market resource a bought model came from (migration 0021), or null. */
  resource_id: Generated<string | null>;
}

export interface TrainersTable {
  id: string;
  name: string;
  backend: string;
  embedded: Generated<number>;
  busy: Generated<number>;
  feature_ms_per_image: number | null;
  head_ms_per_sample: number | null;
  started_at: string;
  last_seen_at: string;
}
