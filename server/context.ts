import type { Kysely } from 'kysely';
import type { BlobStore } from './blobs/BlobStore';
import type { Dialect } from './db/createDatabase';
import type { Database, UserRow } from './db/schema';
import type { WebPointServing } from './deploy/serving/webPointServing';
import type { ServerConfig } from './env';
import type { JobQueue } from './jobs/jobQueue';
import type { Mailer } from './mail/Mailer';
import type { PaymentProvider } from './payments/PaymentProvider';

/** Proof-of-work size of the login captcha (tests make it small; the check is the same). */
export interface CaptchaOptions {
  /** The secret number is drawn from [0, maxNumber]; the solver hashes up to that many times. */
  maxNumber: number;
}

/** What the app is built from: storage, mail and a clock (tests pass their own). */
export interface AppDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  blobs: BlobStore;
  mailer: Mailer;
  now?: () => Date;
  captcha?: CaptchaOptions;
  /** The job queue (default: one over `db`); `onJobQueued` wakes an in-process runner. */
  jobs?: JobQueue;
  onJobQueued?: () => void;
  /** Web point serving (default: created on first use from INFERENCE_THREADS; the owner closes it). */
  serving?: WebPointServing;
  /** The payment provider (default: Toss when its keys are set, else the built-in test provider). */
  payments?: PaymentProvider;
}

/**
 * Everything a route needs, passed to each router factory in server/routes/. Data functions
 * take only the parts they use, the database (db/Db.ts) first, so a caller can hand them a
 * transaction.
 */
export interface AppContext {
  config: ServerConfig;
  db: Kysely<Database>;
  dialect: Dialect;
  blobs: BlobStore;
  mailer: Mailer;
  now: () => Date;
  captcha: CaptchaOptions;
  jobs: JobQueue;
  /** Call after enqueuing a job (and committing): an in-process runner starts it at once. */
  notifyJobs: () => void;
  /** Web point serving: inference threads, per-point limits, request metrics (started on first use). */
  serving: () => WebPointServing;
  /** Toss Payments or the built-in test provider (payments/createPaymentProvider.ts). */
  payments: PaymentProvider;
}

/** Hono's typed variables: `c.get('user')` after `requireUser`. */
export interface AppEnv {
  Variables: { user: UserRow };
}
