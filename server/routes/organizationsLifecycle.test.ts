import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectListSchema, projectSchema } from '../../contract/apiProjects';
import { memberListSchema, organizationListSchema, organizationSchema } from '../../contract/apiSupport';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, jsonInit, type TestUser } from '../test/testUsers';

/* Transfer of ownership, deleting only an empty organization, and projects listed per organization. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function call(method: string, path: string, user?: TestUser | null, body?: unknown) {
  const res = await t.app.request(`/api/${path}`, jsonInit(method, user, body));
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}

async function team() {
  const owner = await createTestUser(t, { name: 'Owner' });
  const admin = await createTestUser(t, { name: 'Admin' });
  const member = await createTestUser(t, { name: 'Member' });
  const org = organizationSchema.parse((await call('POST', 'orgs', owner, { name: 'Vision Team' })).json);
  await call('POST', `orgs/${org.id}/members`, owner, { email: admin.email, role: 'admin' });
  await call('POST', `orgs/${org.id}/members`, owner, { email: member.email, role: 'member' });
  return { org, owner, admin, member };
}

const roles = async (orgId: string, user: TestUser) =>
  Object.fromEntries(
    memberListSchema.parse((await call('GET', `orgs/${orgId}/members`, user)).json).map((m) => [m.userId, m.role]),
  );

async function createProject(user: TestUser, title: string, organizationId?: string) {
  const res = await call('POST', 'projects', user, { title, subtype: 'IMAGE_OBJECT_DETECTION', organizationId });
  return { status: res.status, json: res.json };
}

const titles = async (user: TestUser, query = '') =>
  projectListSchema
    .parse((await call('GET', `projects${query}`, user)).json)
    .map((p) => p.title)
    .sort();

describe('transfer ownership', () => {
  it('makes the member the owner and the caller an admin, in one step', async () => {
    const { org, owner, admin, member } = await team();
    const res = await call('POST', `orgs/${org.id}/transfer`, owner, { userId: member.id });
    expect(res.status).toBe(200);
    expect(organizationSchema.parse(res.json)).toMatchObject({ id: org.id, role: 'admin', memberCount: 3 });
    expect(await roles(org.id, owner)).toEqual({ [owner.id]: 'admin', [admin.id]: 'admin', [member.id]: 'owner' });
    // The former owner has lost the owner's rights; the new owner has them.
    expect((await call('POST', `orgs/${org.id}/transfer`, owner, { userId: admin.id })).status).toBe(403);
    expect((await call('PATCH', `orgs/${org.id}/members/${admin.id}`, member, { role: 'member' })).status).toBe(200);
    // The new owner is the last owner now: they may not leave, the former owner may.
    expect((await call('DELETE', `orgs/${org.id}/members/${member.id}`, member)).json).toMatchObject({
      error: { code: 'organization_last_owner' },
    });
    expect((await call('DELETE', `orgs/${org.id}/members/${owner.id}`, owner)).status).toBe(204);
  });

  it('is for owners only and only to a member, never to oneself or with unknown keys', async () => {
    const { org, owner, admin, member } = await team();
    const outsider = await createTestUser(t);
    expect((await call('POST', `orgs/${org.id}/transfer`, admin, { userId: admin.id })).status).toBe(403);
    expect((await call('POST', `orgs/${org.id}/transfer`, member, { userId: member.id })).status).toBe(403);
    expect((await call('POST', `orgs/${org.id}/transfer`, owner, { userId: outsider.id })).status).toBe(404);
    expect((await call('POST', `orgs/${org.id}/transfer`, owner, { userId: owner.id })).json).toMatchObject({
      error: { code: 'bad_request' },
    });
    expect((await call('POST', `orgs/${org.id}/transfer`, owner, { userId: admin.id, role: 'owner' })).status).toBe(
      400,
    );
    expect((await call('POST', `orgs/${org.id}/transfer`, owner, {})).status).toBe(400);
    expect((await call('POST', `orgs/${org.id}/transfer`, outsider, { userId: outsider.id })).status).toBe(404);
    expect(await roles(org.id, owner)).toEqual({ [owner.id]: 'owner', [admin.id]: 'admin', [member.id]: 'member' });
  });

  it('two transfers at once leave exactly one new owner', async () => {
    const { org, owner, admin, member } = await team();
    const results = await Promise.all([
      call('POST', `orgs/${org.id}/transfer`, owner, { userId: admin.id }),
      call('POST', `orgs/${org.id}/transfer`, owner, { userId: member.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    const owners = Object.values(await roles(org.id, admin)).filter((role) => role === 'owner');
    expect(owners).toHaveLength(1);
  });
});

describe('delete an organization', () => {
  it('is refused while other members or live projects remain, then allowed', async () => {
    const { org, owner, admin, member } = await team();
    const project = projectSchema.parse((await createProject(owner, 'In the org', org.id)).json);
    const refused = await call('DELETE', `orgs/${org.id}`, owner);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: { code: 'organization_not_empty' } });
    expect((await call('DELETE', `orgs/${org.id}/members/${admin.id}`, owner)).status).toBe(204);
    expect((await call('DELETE', `orgs/${org.id}/members/${member.id}`, owner)).status).toBe(204);
    // Members gone, one live project left: still refused.
    expect((await call('DELETE', `orgs/${org.id}`, owner)).json).toMatchObject({
      error: { code: 'organization_not_empty' },
    });
    expect(organizationSchema.parse((await call('GET', `orgs/${org.id}`, owner)).json)).toMatchObject({
      memberCount: 1,
      projectCount: 1,
    });
    // A deleted project does not keep the organization.
    expect((await call('DELETE', `projects/${project.id}`, owner)).status).toBe(204);
    expect((await call('DELETE', `orgs/${org.id}`, owner)).status).toBe(204);
    expect((await call('GET', `orgs/${org.id}`, owner)).status).toBe(404);
    expect(organizationListSchema.parse((await call('GET', 'orgs', owner)).json)).toEqual([]);
  });

  it('is refused to admins and members even when empty of projects', async () => {
    const { org, admin, member } = await team();
    expect((await call('DELETE', `orgs/${org.id}`, admin)).status).toBe(403);
    expect((await call('DELETE', `orgs/${org.id}`, member)).status).toBe(403);
  });
});

describe('projects per organization', () => {
  it('lists an organization, personal, or everything; creates in an organization for owners and admins', async () => {
    const { org, owner, admin, member } = await team();
    expect((await createProject(owner, 'Team A', org.id)).status).toBe(201);
    expect((await createProject(admin, 'Team B', org.id)).status).toBe(201);
    expect((await createProject(member, 'Team C', org.id)).json).toMatchObject({ error: { code: 'forbidden' } });
    expect((await createProject(owner, 'Mine')).status).toBe(201);

    expect(await titles(owner, `?organization=${org.id}`)).toEqual(['Team A', 'Team B']);
    expect(await titles(owner, '?organization=personal')).toEqual(['Mine']);
    expect(await titles(owner)).toEqual(['Mine', 'Team A', 'Team B']);
    // Owners and admins act as admins of every project of the organization.
    expect(await titles(admin, `?organization=${org.id}`)).toEqual(['Team A', 'Team B']);
    expect(await titles(admin, '?organization=personal')).toEqual([]);
    // A plain member sees the projects they were added to.
    expect(await titles(member, `?organization=${org.id}`)).toEqual([]);
    const teamA = projectListSchema
      .parse((await call('GET', `projects?organization=${org.id}`, owner)).json)
      .find((p) => p.title === 'Team A');
    expect(teamA?.organizationId).toBe(org.id);
    await call('POST', `projects/${teamA?.id}/members`, owner, { email: member.email, role: 'worker' });
    expect(await titles(member, `?organization=${org.id}`)).toEqual(['Team A']);
  });

  it("answers 404 for someone else's organization; shows shared projects of other organizations in personal", async () => {
    const { org, owner } = await team();
    const outsider = await createTestUser(t);
    const created = projectSchema.parse((await createProject(owner, 'Shared', org.id)).json);
    expect((await call('GET', `projects?organization=${org.id}`, outsider)).status).toBe(404);
    expect((await call('GET', 'projects?organization=no-such-org', outsider)).status).toBe(404);
    expect((await createProject(outsider, 'Sneaky', org.id)).status).toBe(404);
    await call('POST', `projects/${created.id}/members`, owner, { email: outsider.email, role: 'member' });
    expect(await titles(outsider, '?organization=personal')).toEqual(['Shared']);
    expect((await call('GET', 'projects?organization=', owner)).status).toBe(400);
    expect((await call('GET', 'projects?role=admin&organization=personal', owner)).status).toBe(200);
  });
});
