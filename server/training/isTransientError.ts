/*
 * Whether an error is the environment's, not the training's: the database or blob store could
 * not be reached or was busy. Such a training is worth another attempt of its job (it resumes from
 * its checkpoint); anything else would fail the same way again.
 */

/** Node's network and file-system codes for a store that is away or overloaded. */
const SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOSPC',
  'EMFILE',
  'ENFILE',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
]);

/** PostgreSQL SQLSTATE classes: 08 connection, 53 insufficient resources, 57 operator intervention. */
const PG_CLASSES = ['08', '53', '57'];
/** Serialization failure and deadlock: the same statement succeeds when tried again. */
const PG_CODES = new Set(['40001', '40P01']);

export function isTransientError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== 'object') return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (SYSTEM_CODES.has(code) || PG_CODES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && PG_CLASSES.includes(code.slice(0, 2))) return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /Connection terminated|connection timeout|database is locked/i.test(message))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
