import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '../db/createDatabase';
import { migrateToLatest } from '../db/migrate';
import { ServerProcess } from './ServerProcess';
import { bearerFor, seedWorkspace, type Workspace } from './seedWorkspace';
import { createTestDatabase } from './testDatabase';

export interface SeededServer {
  server: ServerProcess;
  dataDir: string;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  ws: Workspace;
  /** `Authorization` header value of the workspace's owner. */
  auth: string;
  /** Stops the process and removes its database and data folder. */
  stop: () => Promise<void>;
}

/**
 * A migrated database (the test database's kind) seeded with a workspace of `images` images,
 * then the real server process on it: what the process-level tests start from.
 */
export async function startSeededServer(opts: { dataDirPrefix: string; images: number }): Promise<SeededServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), opts.dataDirPrefix));
  const database = await createTestDatabase();
  const removeData = async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const open = createDatabase({ DATA_DIR: dataDir, DATABASE_URL: database.url });
    let ws: Workspace;
    try {
      await migrateToLatest(open.db);
      ws = await seedWorkspace(open.db, { images: opts.images });
    } finally {
      await open.close();
    }
    const jwtSecret = randomBytes(32).toString('base64url');
    const auth = await bearerFor(jwtSecret, ws.userId);
    // These servers are measured and crashed under API load: no trainer measuring its speed beside it.
    const server = await ServerProcess.start({
      dataDir,
      databaseUrl: database.url,
      jwtSecret,
      env: { TRAINER_ENABLED: '0' },
    });
    const stop = async () => {
      await server.kill('SIGTERM');
      await removeData();
    };
    return { server, dataDir, database, ws, auth, stop };
  } catch (error) {
    // A start that fails leaves nothing behind either.
    await removeData();
    throw error;
  }
}
