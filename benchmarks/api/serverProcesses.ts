/**
 * The two server processes `bench:api` measures: the real server (server/index.ts on SQLite in a
 * temp DATA_DIR, seeded with the demo accounts and extra notices) and the `hono-bare` ceiling
 * (bareServer.ts). Both run under `node --import tsx`, each in its own process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createDatabase } from '../../server/db/createDatabase';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/seed/demoSeed';

export { freePort } from '../../server/test/ServerProcess';

/** Migrates and seeds a database in `dataDir`, plus `extraNotices` older notices. */
export async function prepareData(dataDir: string, extraNotices: number) {
  const database = createDatabase({ DATA_DIR: dataDir });
  await migrateToLatest(database.db);
  await seedDemo(database.db);
  const now = Date.now();
  for (let i = 0; i < extraNotices; i++) {
    const at = new Date(now - (30 + i) * 86_400_000).toISOString();
    await database.db
      .insertInto('notices')
      .values({
        id: randomUUID(),
        title: `Notice ${i + 1}`,
        category: 'general',
        pinned: 0,
        body: `<p>Body of notice ${i + 1}</p>`,
        body_text: `Body of notice ${i + 1}`,
        author_id: 'demo-admin',
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  await database.close();
}

/** A Node process running `script` under tsx; resolves once its stdout says `serving on`. */
function startNode(script: string, args: string[], env: NodeJS.ProcessEnv, nodeFlags: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${script} exited with ${code}`));
    child.once('exit', onExit);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('serving on')) {
        child.off('exit', onExit);
        resolve(child);
      }
    });
  });
}

/**
 * The real server in production mode. With `cpuProfDir` (either server), it runs under
 * `--cpu-prof` and writes its profile there when stopped (open the .cpuprofile in DevTools).
 */
export function startRealServer(opts: { dataDir: string; distDir: string; port: number; cpuProfDir?: string }) {
  return startNode(
    'server/index.ts',
    [],
    {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DIST_DIR: opts.distDir,
      DATABASE_URL: '',
      NODE_ENV: 'production',
    },
    cpuProfFlags(opts.cpuProfDir),
  );
}

/** The hono-bare subject, answering each path of `bodiesFile` (see bareServer.ts). */
export function startBareServer(port: number, bodiesFile: string, cpuProfDir?: string) {
  return startNode(
    path.join(import.meta.dirname, 'bareServer.ts'),
    [String(port), bodiesFile],
    process.env,
    cpuProfFlags(cpuProfDir),
  );
}

function cpuProfFlags(dir: string | undefined): string[] {
  return dir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(dir)] : [];
}

/** SIGTERM, then waits for the exit (the real server writes its CPU profile on the way out). */
export function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux), or null elsewhere.
 * Divided by the requests served, it gives the server's CPU per request, which holds steady on a
 * loaded machine where requests per second swing with the other work.
 */
export function cpuSecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat(5) are utime and stime; `fields` starts at field 3.
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux build the kernel ABI allows in practice. */
const CLOCK_TICKS_PER_S = 100;
