import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * With TEST_DATABASE_URL (scripts/with-postgres.sh): a new, empty PostgreSQL database for one
 * test file and a function that drops it. Without it: no URL (the tests use SQLite).
 */
export async function createTestDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { url: undefined, drop: async () => {} };
  const name = `maru_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
