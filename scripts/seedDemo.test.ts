import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../server/test/testApp';
import { DEMO_ACCOUNTS, seedDemo } from '../server/seed/demoSeed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function login(email: string, password: string) {
  const res = await t.app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as { token?: string } };
}

describe('demo seed', () => {
  it('runs twice without error or duplicates, and its accounts sign in', async () => {
    await seedDemo(t.database.db);
    await seedDemo(t.database.db);
    const db = t.database.db;
    const count = async (table: 'users' | 'organizations' | 'organization_members' | 'notices') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('users')).toBe(2);
    expect(await count('organizations')).toBe(1);
    expect(await count('organization_members')).toBe(2);
    expect(await count('notices')).toBe(4);

    const [admin, member] = DEMO_ACCOUNTS;
    const a = await login(admin.email, admin.password);
    expect(a.status).toBe(200);
    const me = await t.app.request('/api/auth/user', { headers: { authorization: `Bearer ${a.body.token}` } });
    expect(await me.json()).toMatchObject({ email: admin.email, scope: ['user', 'admin'] });
    const orgs = await t.app.request('/api/orgs', { headers: { authorization: `Bearer ${a.body.token}` } });
    expect(await orgs.json()).toEqual([expect.objectContaining({ name: 'Maru Demo', role: 'owner', memberCount: 2 })]);
    expect((await login(member.email, member.password)).status).toBe(200);

    const notices = await t.app.request('/api/notices?page=1&size=10');
    const page = (await notices.json()) as { total: number; items: { title: string; pinned: boolean }[] };
    expect(page.total).toBe(4);
    expect(page.items[0]).toMatchObject({ pinned: true, title: '마루 AI 데모에 오신 것을 환영합니다' });
    expect(page.items.map((n) => n.title)).toContain('Labeling studio update');
  }, 60_000);

  it('npm run seed:demo: the command seeds the DATA_DIR database, twice in a row', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'maru-seed-'));
    try {
      const run = () =>
        promisify(execFile)('npx', ['tsx', 'scripts/seedDemo.ts'], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        });
      await run();
      const { stdout } = await run();
      expect(stdout).toContain('demo-admin@example.com');
      expect(stdout).toContain(DEMO_ACCOUNTS[0].password);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
