import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngOf } from '../test/fixtures/datasetImages';
import { seedProject } from '../test/fixtures/projectSeed';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

/*
 * `npm run worker` for real: two worker processes (scripts/worker.ts through tsx) against the
 * test database (SQLite file, or PostgreSQL with TEST_DATABASE_URL) and blob folder process the
 * images uploaded through the API, each job once, and stop cleanly on SIGTERM.
 */

let t: TestApp;
let user: TestUser;
const workers: { child: ChildProcess; output: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  user = await createTestUser(t);
});
afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
  await t.close();
});

function startWorker() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/worker.ts', '--role', 'images', '--concurrency', '2'],
    {
      env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: t.config.DATABASE_URL ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const w = { child, output: '' };
  child.stdout.on('data', (d: Buffer) => (w.output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (w.output += d.toString()));
  workers.push(w);
  return w;
}

describe('npm run worker', () => {
  it('processes queued images in separate processes, each job once, and stops on SIGTERM', async () => {
    // Workers started first wait for jobs and take them as they arrive (by polling).
    const pair = [startWorker(), startWorker()];
    await waitUntil(
      () => pair.every((w) => /^Worker .+ runs image\.process with concurrency 2/m.test(w.output)),
      30_000,
      () => pair.map((w) => w.output).join('\n'),
    );
    const project = await seedProject(t, { members: [{ user, role: 'member' }], labels: ['car'] });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const png = await pngOf(300 + i, 200, `#10${i}0${i}0`);
      const created = await t.app.request(`/api/projects/${project.id}/uploads`, {
        method: 'POST',
        headers: { Authorization: user.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ fileName: `${i}.png`, bytes: png.length }),
      });
      const { uploadId } = (await created.json()) as { uploadId: string };
      const stored = await t.app.request(`/api/projects/${project.id}/uploads/${uploadId}`, {
        method: 'PUT',
        headers: { Authorization: user.auth },
        body: new Uint8Array(png),
      });
      expect(stored.status).toBe(202);
      ids.push(((await stored.json()) as { id: string }).id);
    }
    await waitUntil(
      async () => {
        const rows = await t.database.db.selectFrom('images').select('state').where('id', 'in', ids).execute();
        return rows.every((r) => r.state === 'ready');
      },
      60_000,
      () => pair.map((w) => w.output).join('\n'),
    );
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'worker'])
      .where('project_id', '=', project.id)
      .execute();
    expect(jobs).toHaveLength(6);
    expect(jobs.every((j) => j.state === 'done' && Number(j.attempts) === 1)).toBe(true);
    for (const w of pair) {
      const exited = new Promise<number | null>((resolve) => w.child.once('exit', (code) => resolve(code)));
      w.child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 90_000);
});

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, describeState: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out:\n${describeState()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
