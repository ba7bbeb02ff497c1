import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { withCachedUserRows } from '../users/userRowCache';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  close: () => Promise<void>;
}

/**
 * The database the server runs on: PostgreSQL when DATABASE_URL is set, else the embedded
 * SQLite file DATA_DIR/platform.sqlite. SQLite runs in WAL mode with synchronous=FULL (an
 * acknowledged write survives a power cut), waits for locks instead of failing, and enforces
 * foreign keys, which it does not by default. PostgreSQL commits with synchronous_commit=on.
 * server/sigkillDurability.test.ts kills the server under write load to hold both to it.
 */
export function createDatabase(env: { DATA_DIR: string; DATABASE_URL?: string | undefined }): OpenDatabase {
  if (env.DATABASE_URL) {
    // A commit is acknowledged only once PostgreSQL has flushed it to its WAL, whatever the
    // database's or role's default says: an answered write survives a crash of the database too.
    // A startup option, so every connection has it before its first query.
    // (The test cluster runs with fsync=off; a killed server process does not lose writes to it.)
    const pool = new pg.Pool({
      connectionString: env.DATABASE_URL,
      max: 10,
      options: '-c synchronous_commit=on',
    });
    // An idle pooled connection that the server ends (a restart, an administrator, a dropped
    // database) is reported here; unheard, it would crash the process. The pool replaces it.
    pool.on('error', (error) => {
      console.error(`database connection lost: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(env.DATA_DIR, { recursive: true });
  const file = new BetterSqlite3(path.join(env.DATA_DIR, 'platform.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('busy_timeout = 5000');
  file.pragma('foreign_keys = ON');
  const db = withCachedUserRows(
    new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) }),
  );
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Distinct SQL texts kept prepared; the app has a few dozen, so this bound is only a safety net. */
const STATEMENT_CACHE_MAX = 500;

/**
 * Kysely's SQLite driver prepares every query again; preparing costs about three times as much
 * as running a small indexed SELECT (measured: 79 µs vs 24 µs), so statements are kept by their
 * SQL text. A statement still busy with a streamed read is never handed out twice.
 */
function withStatementCache(file: BetterSqlite3.Database) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => file.close(),
    prepare: (sql: string) => {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const stmt = file.prepare(sql);
      if (!cached) {
        if (cache.size >= STATEMENT_CACHE_MAX) cache.clear();
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}
