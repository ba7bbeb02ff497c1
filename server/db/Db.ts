import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * What data functions take first: the database or a transaction on it, so that callers can
 * run several of them atomically (`db.transaction().execute((trx) => …)`).
 */
export type Db = Kysely<Database> | Transaction<Database>;
