/**
 * `npm run bench:api`: the real server (server/index.ts on SQLite in a temp DATA_DIR, its own
 * process) under autocannon on loopback. Routes: GET /api/auth/user with a valid token, a page
 * of notices, and GET /api/health as the baseline of the same run (the cost of the HTTP stack
 * and middleware alone). Each gets a warm-up, then a bounded measurement; all answers must be
 * 200 with the expected body before anything is timed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDatabase } from '../server/db/createDatabase';
import { migrateToLatest } from '../server/db/migrate';
import { DEMO_ACCOUNTS, seedDemo } from '../server/seed/demoSeed';
import { writeResults, type ResultRow } from './writeResults';

const DURATION_S = Number(process.env.API_BENCH_SECONDS ?? 10);
const WARMUP_S = 2;
const CONNECTIONS = Number(process.env.API_BENCH_CONNECTIONS ?? 10);
const EXTRA_NOTICES = 40;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function prepareData(dataDir: string) {
  const database = createDatabase({ DATA_DIR: dataDir });
  await migrateToLatest(database.db);
  await seedDemo(database.db);
  const now = Date.now();
  for (let i = 0; i < EXTRA_NOTICES; i++) {
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

async function startServer(dataDir: string, distDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      DATABASE_URL: '',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('serving on')) resolve();
    });
  });
  return child;
}

interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
  check: (body: unknown) => boolean;
}

async function measure(base: string, target: Target, seconds: number) {
  const result = await autocannon({
    url: `${base}${target.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: target.headers,
  });
  if (result.errors || result.non2xx || result.timeouts) {
    throw new Error(`${target.name}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}

async function main() {
  const root = mkdtempSync(path.join(tmpdir(), 'maru-bench-api-'));
  const dataDir = path.join(root, 'data');
  const distDir = path.join(root, 'dist');
  mkdirSync(distDir, { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  let server: ChildProcess | null = null;
  try {
    await prepareData(dataDir);
    const port = await freePort();
    server = await startServer(dataDir, distDir, port);
    const base = `http://127.0.0.1:${port}`;
    const admin = DEMO_ACCOUNTS[0];
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const targets: Target[] = [
      { name: 'GET /api/health', path: '/api/health', check: (b) => (b as { status?: string }).status === 'ok' },
      {
        name: 'GET /api/auth/user',
        path: '/api/auth/user',
        headers: { authorization: `Bearer ${token}` },
        check: (b) => (b as { email?: string }).email === admin.email,
      },
      {
        name: 'GET /api/notices?page=1&size=10',
        path: '/api/notices?page=1&size=10',
        check: (b) =>
          (b as { items?: unknown[]; total?: number }).items?.length === 10 &&
          (b as { total?: number }).total === EXTRA_NOTICES + 4,
      },
    ];
    for (const t of targets) {
      const res = await fetch(`${base}${t.path}`, { headers: t.headers });
      const body: unknown = await res.json();
      if (res.status !== 200 || !t.check(body))
        throw new Error(`${t.name} answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
    }

    const loadBefore = os.loadavg();
    const rows: ResultRow[] = [];
    const table: Record<string, { 'req/s': number; 'p50 ms': number; 'p99 ms': number; requests: number }> = {};
    for (const t of targets) {
      await measure(base, t, WARMUP_S);
      const m = await measure(base, t, DURATION_S);
      table[t.name] = { 'req/s': Math.round(m.rps), 'p50 ms': m.p50, 'p99 ms': m.p99, requests: m.requests };
      const subject = t.path === '/api/health' ? 'ours-health-baseline' : 'ours';
      rows.push(
        { case: t.name, subject, metric: 'requests_per_s', value: Math.round(m.rps), better: 'higher' },
        { case: t.name, subject, metric: 'latency_p50_ms', value: m.p50, better: 'lower' },
        { case: t.name, subject, metric: 'latency_p99_ms', value: m.p99, better: 'lower' },
      );
    }
    const loadAfter = os.loadavg();
    console.table(table);
    console.log(
      `${CONNECTIONS} connections, ${DURATION_S} s each after ${WARMUP_S} s warm-up; load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`,
    );
    const file = writeResults('api', rows, {
      settings: {
        connections: CONNECTIONS,
        durationS: DURATION_S,
        warmupS: WARMUP_S,
        database: 'sqlite',
        noticeRows: EXTRA_NOTICES + 4,
      },
      loadAverage: { before: loadBefore, after: loadAfter },
    });
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    server?.kill('SIGTERM');
    rmSync(root, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
