import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageRow, projectRow } from '../test/fixtures/testRows';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, jsonInit, type TestUser } from '../test/testUsers';
import { ROUTE_TABLE, type Access, type RouteEntry, type RouteWorld } from './routeTable';

/*
 * RELIABILITY.md 7: role × route × own/other organization or project, generated from the route
 * table and checked against the routes the app really registers. Every check gets a fresh pair of
 * organizations (A: the caller's, B: someone else's), a project in each (with a label and an
 * image), a notice and an FAQ entry, so routes that delete things do not disturb the next check.
 */

const ROLES = [
  'anonymous',
  'signedIn',
  'platformAdmin',
  'member',
  'admin',
  'owner',
  'projectWorker',
  'projectMember',
  'projectAdmin',
] as const;
type Role = (typeof ROLES)[number];
const ORG_RANK: Partial<Record<Role, number>> = { member: 1, admin: 2, owner: 3 };
const ORG_MIN: Partial<Record<Access, number>> = { orgMember: 1, orgAdmin: 2, orgOwner: 3 };
/** Project A lives in organization A, whose owners and admins act as its admins. */
const PROJECT_RANK: Partial<Record<Role, number>> = {
  projectWorker: 1,
  projectMember: 2,
  projectAdmin: 3,
  admin: 3,
  owner: 3,
};
const PROJECT_MIN: Partial<Record<Access, number>> = { projectWorker: 1, projectMember: 2, projectAdmin: 3 };

let t: TestApp;
let users: Record<Exclude<Role, 'anonymous'> | 'target' | 'otherOwner' | 'otherTarget', TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  const make = (admin = false) => createTestUser(t, { admin });
  users = {
    signedIn: await make(),
    platformAdmin: await make(true),
    member: await make(),
    admin: await make(),
    owner: await make(),
    target: await make(),
    otherOwner: await make(),
    otherTarget: await make(),
    projectWorker: await make(),
    projectMember: await make(),
    projectAdmin: await make(),
  };
});
afterAll(() => t.close());

/** Registered API routes, one per method and path. Middleware (`use`, method ALL) is not a route. */
function registeredRoutes(): string[] {
  const keys = t.app.routes
    .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)];
}

interface ProjectFixture {
  projectId: string;
  labelId: string;
  imageId: string;
}
interface Fixture {
  orgA: string;
  orgB: string;
  projectA: ProjectFixture;
  projectB: ProjectFixture;
  world: RouteWorld;
}

async function freshFixture(caller: TestUser | null): Promise<Fixture> {
  const orgA = randomUUID();
  const orgB = randomUUID();
  const now = t.clock.now().toISOString();
  const noticeId = randomUUID();
  const faqId = randomUUID();
  const projectA = { projectId: randomUUID(), labelId: randomUUID(), imageId: randomUUID() };
  const projectB = { projectId: randomUUID(), labelId: randomUUID(), imageId: randomUUID() };
  await t.database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('organizations')
      .values([
        { id: orgA, name: 'Own', created_at: now, updated_at: now },
        { id: orgB, name: 'Other', created_at: now, updated_at: now },
      ])
      .execute();
    const m = (organization_id: string, user: TestUser, role: string) => ({
      organization_id,
      user_id: user.id,
      role,
      joined_at: now,
    });
    await trx
      .insertInto('organization_members')
      .values([
        m(orgA, users.owner, 'owner'),
        m(orgA, users.admin, 'admin'),
        m(orgA, users.member, 'member'),
        m(orgA, users.target, 'member'),
        m(orgB, users.otherOwner, 'owner'),
        m(orgB, users.otherTarget, 'member'),
      ])
      .execute();
    await trx
      .insertInto('notices')
      .values({
        id: noticeId,
        title: 'N',
        body: '<p>n</p>',
        body_text: 'n',
        category: 'general',
        pinned: 0,
        author_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('faq')
      .values({
        id: faqId,
        locale: 'en',
        category: 'account',
        question: 'Q',
        answer: 'A',
        position: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (const [p, organization_id] of [
      [projectA, orgA],
      [projectB, orgB],
    ] as const) {
      await trx
        .insertInto('projects')
        .values(projectRow(now, { id: p.projectId, organization_id, title: 'P' }))
        .execute();
      await trx
        .insertInto('labels')
        .values({
          id: p.labelId,
          project_id: p.projectId,
          name: 'cat',
          name_key: 'cat',
          color: '#ff0000',
          position: 0,
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('images')
        .values(
          imageRow(now, {
            id: p.imageId,
            project_id: p.projectId,
            file_name: 'a.jpg',
            width: 10,
            height: 10,
            bytes: 10,
          }),
        )
        .execute();
    }
    const pm = (project_id: string, user: TestUser, role: string) => ({
      project_id,
      user_id: user.id,
      role,
      joined_at: now,
    });
    await trx
      .insertInto('project_members')
      .values([
        pm(projectA.projectId, users.projectAdmin, 'admin'),
        pm(projectA.projectId, users.projectMember, 'member'),
        pm(projectA.projectId, users.projectWorker, 'worker'),
        pm(projectA.projectId, users.target, 'member'),
        pm(projectB.projectId, users.otherOwner, 'admin'),
        pm(projectB.projectId, users.otherTarget, 'member'),
      ])
      .execute();
  });
  return {
    orgA,
    orgB,
    projectA,
    projectB,
    world: {
      callerEmail: caller?.email ?? '',
      outsiderEmail: users.signedIn.email,
      noticeId,
      faqId,
      labelId: projectA.labelId,
    },
  };
}

async function send(entry: RouteEntry, role: Role, side: 'own' | 'other'): Promise<number> {
  const caller = role === 'anonymous' ? null : users[role];
  const { orgA, orgB, projectA, projectB, world } = await freshFixture(caller);
  const sample = entry.sample?.(world) ?? {};
  const params: Record<string, string> = {
    ...(side === 'own' ? projectA : projectB),
    orgId: side === 'own' ? orgA : orgB,
    userId: side === 'own' ? users.target.id : users.otherTarget.id,
    ...sample.params,
  };
  const path = entry.path.replace(/:(\w+)\??/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
  const url = sample.query ? `${path}?${sample.query}` : path;
  const body = sample.body ?? (entry.method === 'GET' || entry.method === 'DELETE' ? undefined : {});
  const res = await t.app.request(url, jsonInit(entry.method, caller, body));
  await res.arrayBuffer();
  return res.status;
}

/** The statuses a role may get: exact denial codes, or "allowed" (2xx, or anything but 401/403). */
function expected(entry: RouteEntry, role: Role, side: 'own' | 'other'): number | 'allowed' {
  const { access } = entry;
  if (access === 'public') return 'allowed';
  // A device's or a point key's credential, never a user's token: every caller of the matrix is refused.
  if (access === 'credential') return 401;
  if (role === 'anonymous') return 401;
  if (access === 'signedIn') return 'allowed';
  if (access === 'platformAdmin') return role === 'platformAdmin' ? 'allowed' : 403;
  const projectMin = PROJECT_MIN[access];
  if (projectMin !== undefined) {
    const rank = PROJECT_RANK[role];
    if (side === 'other' || rank === undefined) return 404;
    return rank >= projectMin ? 'allowed' : 403;
  }
  const rank = ORG_RANK[role];
  // Not a member here (or the organization is someone else's): as if it did not exist.
  if (side === 'other' || rank === undefined) return 404;
  return rank >= (ORG_MIN[access] ?? Infinity) ? 'allowed' : 403;
}

const isOrgRoute = (entry: RouteEntry) => entry.path.includes(':orgId') || entry.path.includes(':projectId');

describe('permission matrix', () => {
  it('has an entry for every registered API route', () => {
    const table = new Set(ROUTE_TABLE.map((e) => `${e.method} ${e.path}`));
    const missing = registeredRoutes().filter((key) => !table.has(key));
    expect(missing, 'routes without an entry in server/routes/routeTable.ts').toEqual([]);
  });

  it('lists each route once', () => {
    const keys = ROUTE_TABLE.map((e) => `${e.method} ${e.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('answers every role in its own and in another organization as the table says', async () => {
    const registered = new Set(registeredRoutes());
    const failures: string[] = [];
    let checks = 0;
    for (const entry of ROUTE_TABLE.filter((e) => registered.has(`${e.method} ${e.path}`))) {
      const sides = isOrgRoute(entry) ? (['own', 'other'] as const) : (['own'] as const);
      for (const side of sides) {
        const statuses = new Map<Role, number>();
        for (const role of ROLES) {
          const status = await send(entry, role, side);
          statuses.set(role, status);
          checks++;
          const want = expected(entry, role, side);
          const outcome = entry.outcome ?? (entry.sample ? 'success' : 'notDenied');
          const ok =
            want !== 'allowed'
              ? status === want
              : outcome === 'success'
                ? status >= 200 && status < 300
                : status !== 401 && status !== 403;
          if (!ok)
            failures.push(
              `${entry.method} ${entry.path} as ${role} (${side}): ${status}, expected ${want === 'allowed' ? outcome : want}`,
            );
        }
        // A public route does not care who asks: the same answer with or without a token.
        if (entry.access === 'public' && new Set(statuses.values()).size !== 1) {
          failures.push(
            `${entry.method} ${entry.path}: public, yet answers differ by caller: ${JSON.stringify(Object.fromEntries(statuses))}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checks).toBeGreaterThan(ROUTE_TABLE.length * ROLES.length - 1);
  }, 600_000);
});
