import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from './mail/OutboxMailer';
import { createTestDatabase } from './test/testDatabase';

/** The real server process (server/index.ts through tsx) over real HTTP, from an empty DATA_DIR. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

let child: ChildProcess;
let base: string;
let dataDir: string;
let output = '';
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'maru-server-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // With TEST_DATABASE_URL the process runs on a fresh PostgreSQL database of its own.
  database = await createTestDatabase();
  child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'dist'),
      PUBLIC_URL: base,
      DATABASE_URL: database.url ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 40_000);

afterAll(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (p: string, body: unknown) =>
  fetch(`${base}/api/${p}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('server process', () => {
  it('registers, verifies from the outbox, logs in and reads the user over HTTP', async () => {
    const password = 'Secret12!x';
    expect((await post('auth/register', { name: 'Process', email: 'proc@example.com', password })).status).toBe(202);
    const [mail] = await readOutbox(path.join(dataDir, 'outbox'), 'proc@example.com');
    expect(mail?.links[0]).toMatch(new RegExp(`^${base}/login/auth/`));
    const key = mail?.links[0]?.split('/').at(-1);
    expect((await post('auth/verify', { key })).status).toBe(200);
    const login = await post('auth/login', { email: 'proc@example.com', password });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const me = await fetch(`${base}/api/auth/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'proc@example.com', name: 'Process' });
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
