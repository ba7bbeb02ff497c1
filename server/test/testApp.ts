import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createApp } from '../app';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import type { AppDeps } from '../context';
import { createDatabase, type OpenDatabase } from '../db/createDatabase';
import { migrateToLatest } from '../db/migrate';
import { parseEnv, type ServerConfig } from '../env';
import { OutboxMailer, readOutbox } from '../mail/OutboxMailer';
import { createTestDatabase } from './testDatabase';

/** A settable clock for tests: starts at the real time, moves only when told. */
export class TestClock {
  private t = Date.now();
  readonly now = () => new Date(this.t);
  advance(seconds: number) {
    this.t += seconds * 1000;
  }
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  config: ServerConfig;
  database: OpenDatabase;
  clock: TestClock;
  dataDir: string;
  /** Mails sent so far (optionally to one address), oldest first. */
  outbox: (to?: string) => ReturnType<typeof readOutbox>;
  close: () => Promise<void>;
}

/**
 * A fresh database (migrated), blob folder and outbox for one test file, and the app over them.
 * SQLite in a temp folder by default; with TEST_DATABASE_URL (scripts/with-postgres.sh) a new
 * PostgreSQL database is created for the file and dropped by `close()`.
 */
export async function createTestApp(
  overrides: Partial<ServerConfig> = {},
  deps: Partial<AppDeps> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'maru-test-'));
  const dist = path.join(dataDir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');

  const { url: databaseUrl, drop: dropDatabase } = await createTestDatabase();

  const env = parseEnv({ DATA_DIR: dataDir, DIST_DIR: dist, DATABASE_URL: databaseUrl, NODE_ENV: 'test' });
  const config: ServerConfig = {
    ...env,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: 'http://localhost:5173',
    // Plan limits are tested on their own (server/billing); other features' tests make many projects and points.
    PLAN_LIMITS: 'off',
    ...overrides,
  };
  const database = createDatabase(config);
  await migrateToLatest(database.db);
  const clock = new TestClock();
  const outboxDir = path.join(dataDir, 'outbox');
  const app = createApp({
    env: config,
    deps: {
      db: database.db,
      dialect: database.dialect,
      blobs: new LocalBlobStore(path.join(dataDir, 'blobs')),
      mailer: new OutboxMailer(outboxDir),
      now: clock.now,
      captcha: { maxNumber: 2000 },
      ...deps,
    },
  });
  return {
    app,
    config,
    database,
    clock,
    dataDir,
    outbox: (to) => readOutbox(outboxDir, to),
    close: async () => {
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
