import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/testDatabase';
import { createDatabase } from './createDatabase';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// Needs no server: runs in both passes.
describe('createDatabase on SQLite', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'maru-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes durably: WAL, synchronous=FULL, a busy timeout and foreign keys', async () => {
    const { db, close } = createDatabase({ DATA_DIR: dataDir });
    try {
      const pragma = async (name: string) => Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0]!)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2); // FULL
      expect(await pragma('busy_timeout')).toBeGreaterThanOrEqual(1000);
      expect(await pragma('foreign_keys')).toBe(1);
    } finally {
      await close();
    }
  });
});

// Needs the PostgreSQL pass's cluster (scripts/with-postgres.sh).
if (onPostgres)
  describe('createDatabase on PostgreSQL', () => {
    it('commits with synchronous_commit=on even where the database defaults to off', async () => {
      const database = await createTestDatabase();
      try {
        const url = database.url!;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`ALTER DATABASE ${new URL(url).pathname.slice(1)} SET synchronous_commit = off`);
        await admin.end();
        const { db, close } = createDatabase({ DATA_DIR: '', DATABASE_URL: url });
        try {
          // Several at once, so more than one pooled connection answers.
          const answers = await Promise.all(
            Array.from({ length: 4 }, () => sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(db)),
          );
          expect(answers.map((a) => a.rows[0]?.synchronous_commit)).toEqual(['on', 'on', 'on', 'on']);
          // The server ends the idle pooled connections (a restart, an administrator): the process
          // lives on, and the next query gets a new connection.
          const killer = new pg.Client({ connectionString: url });
          await killer.connect();
          await killer.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          );
          await killer.end();
          await new Promise((r) => setTimeout(r, 100));
          expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows[0]?.one).toBe(1);
        } finally {
          await close();
        }
      } finally {
        await database.drop();
      }
    });
  });
