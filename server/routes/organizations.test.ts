import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberListSchema, memberSchema, organizationListSchema, organizationSchema } from '../../contract/apiSupport';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, jsonInit, type TestUser } from '../test/testUsers';

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

/** An organization with an owner, an admin and a member. */
async function team() {
  const owner = await createTestUser(t, { name: 'Owner' });
  const admin = await createTestUser(t, { name: 'Admin' });
  const member = await createTestUser(t, { name: 'Member', locale: 'en' });
  const created = await call('POST', 'orgs', owner, { name: 'Vision Team' });
  const org = organizationSchema.parse(created.json);
  expect((await call('POST', `orgs/${org.id}/members`, owner, { email: admin.email, role: 'admin' })).status).toBe(201);
  expect((await call('POST', `orgs/${org.id}/members`, owner, { email: member.email, role: 'member' })).status).toBe(
    201,
  );
  return { org, owner, admin, member };
}

describe('organizations', () => {
  it('creates an organization with the caller as owner and lists it with the role and member count', async () => {
    const { org, owner, member } = await team();
    expect(org).toMatchObject({ name: 'Vision Team', role: 'owner', memberCount: 1 });
    const mine = organizationListSchema.parse((await call('GET', 'orgs', owner)).json);
    expect(mine).toEqual([expect.objectContaining({ id: org.id, role: 'owner', memberCount: 3 })]);
    const theirs = organizationListSchema.parse((await call('GET', 'orgs', member)).json);
    expect(theirs).toEqual([expect.objectContaining({ id: org.id, role: 'member' })]);
    expect((await call('GET', `orgs/${org.id}`, member)).json).toMatchObject({
      id: org.id,
      role: 'member',
      memberCount: 3,
    });
  });

  it('refuses a bad name and unknown keys, and answers 401 without a token', async () => {
    const user = await createTestUser(t);
    const empty = await call('POST', 'orgs', user, { name: '' });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ error: { code: 'validation', fields: { name: 'validation:required' } } });
    const long = await call('POST', 'orgs', user, { name: 'x'.repeat(41) });
    expect(long.status).toBe(400);
    expect((await call('POST', 'orgs', user, { name: 'A', ownerId: 'someone' })).json).toMatchObject({
      error: { code: 'bad_request' },
    });
    expect((await call('GET', 'orgs', null)).status).toBe(401);
    expect((await call('POST', 'orgs', null, { name: 'A' })).status).toBe(401);
  });

  it('lets owners and admins rename, and only owners delete', async () => {
    const { org, owner, admin, member } = await team();
    expect((await call('PATCH', `orgs/${org.id}`, member, { name: 'Mine' })).json).toMatchObject({
      error: { code: 'forbidden' },
    });
    expect((await call('PATCH', `orgs/${org.id}`, admin, { name: 'Renamed' })).json).toMatchObject({
      name: 'Renamed',
      role: 'admin',
    });
    expect((await call('PATCH', `orgs/${org.id}`, admin, { name: 'X', role: 'owner' })).status).toBe(400);
    expect((await call('DELETE', `orgs/${org.id}`, admin)).status).toBe(403);
    // Not while others are in it (organizationsLifecycle.test.ts has the whole rule).
    expect((await call('DELETE', `orgs/${org.id}`, owner)).status).toBe(409);
    await call('DELETE', `orgs/${org.id}/members/${admin.id}`, owner);
    await call('DELETE', `orgs/${org.id}/members/${member.id}`, owner);
    expect((await call('DELETE', `orgs/${org.id}`, owner)).status).toBe(204);
    expect((await call('GET', `orgs/${org.id}`, owner)).status).toBe(404);
    expect((await call('GET', 'orgs', member)).json).toEqual([]);
  });

  it("answers 404 for someone else's organization, exactly like a missing one", async () => {
    const { org } = await team();
    const stranger = await createTestUser(t);
    const other = await call('GET', `orgs/${org.id}`, stranger);
    const missing = await call('GET', 'orgs/no-such-org', stranger);
    expect(other).toEqual(missing);
    expect(other.status).toBe(404);
    for (const [method, path, body] of [
      ['GET', `orgs/${org.id}/members`, undefined],
      ['PATCH', `orgs/${org.id}`, { name: 'Taken' }],
      ['DELETE', `orgs/${org.id}`, undefined],
      ['POST', `orgs/${org.id}/members`, { email: stranger.email, role: 'owner' }],
    ] as const) {
      expect((await call(method, path, stranger, body)).status, `${method} ${path}`).toBe(404);
    }
  });
});

describe('organization members', () => {
  it('lists members with owners first', async () => {
    const { org, member } = await team();
    const members = memberListSchema.parse((await call('GET', `orgs/${org.id}/members`, member)).json);
    expect(members.map((m) => [m.name, m.role])).toEqual([
      ['Owner', 'owner'],
      ['Admin', 'admin'],
      ['Member', 'member'],
    ]);
  });

  it('sends the added member an invite alert in their language', async () => {
    const { org, owner, member } = await team();
    const alerts = await t.database.db.selectFrom('alerts').selectAll().where('receiver_id', '=', member.id).execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ type: 'invite', sender_id: owner.id, read_at: null });
    expect(alerts[0]?.message).toContain(org.name);
    expect(alerts[0]?.message).toMatch(/^You were added/);
  });

  it('invites unknown addresses, refuses members twice and roles an admin may not hand out', async () => {
    const { org, owner, admin, member } = await team();
    const newcomer = await createTestUser(t);
    expect(
      (await call('POST', `orgs/${org.id}/members`, owner, { email: 'nobody@example.com', role: 'member' })).status,
    ).toBe(202);
    expect(
      (await call('POST', `orgs/${org.id}/members`, owner, { email: member.email, role: 'member' })).json,
    ).toMatchObject({ error: { code: 'conflict' } });
    expect((await call('POST', `orgs/${org.id}/members`, admin, { email: newcomer.email, role: 'admin' })).status).toBe(
      403,
    );
    expect(
      (await call('POST', `orgs/${org.id}/members`, member, { email: newcomer.email, role: 'member' })).status,
    ).toBe(403);
    expect(
      (await call('POST', `orgs/${org.id}/members`, owner, { email: 'not-an-email', role: 'member' })).json,
    ).toMatchObject({ error: { code: 'validation', fields: { email: 'validation:email' } } });
    expect((await call('POST', `orgs/${org.id}/members`, owner, { email: newcomer.email, role: 'boss' })).status).toBe(
      400,
    );
    const added = await call('POST', `orgs/${org.id}/members`, admin, {
      email: newcomer.email.toUpperCase(),
      role: 'member',
    });
    expect(added.status).toBe(201);
    expect(memberSchema.parse(added.json)).toMatchObject({ userId: newcomer.id, role: 'member' });
  });

  it('lets only owners change roles; a member cannot write a role or an ownerId', async () => {
    const { org, owner, admin, member } = await team();
    expect((await call('PATCH', `orgs/${org.id}/members/${member.id}`, member, { role: 'owner' })).status).toBe(403);
    expect((await call('PATCH', `orgs/${org.id}/members/${member.id}`, admin, { role: 'admin' })).status).toBe(403);
    expect(
      (await call('PATCH', `orgs/${org.id}/members/${member.id}`, owner, { role: 'admin', ownerId: member.id })).status,
    ).toBe(400);
    expect((await call('PATCH', `orgs/${org.id}/members/${member.id}`, owner, { role: 'admin' })).json).toMatchObject({
      userId: member.id,
      role: 'admin',
    });
    expect((await call('PATCH', `orgs/${org.id}/members/no-such-user`, owner, { role: 'admin' })).status).toBe(404);
  });

  it('never lets the last owner leave or be demoted', async () => {
    const { org, owner, admin } = await team();
    expect((await call('PATCH', `orgs/${org.id}/members/${owner.id}`, owner, { role: 'member' })).json).toMatchObject({
      error: { code: 'organization_last_owner' },
    });
    expect((await call('DELETE', `orgs/${org.id}/members/${owner.id}`, owner)).json).toMatchObject({
      error: { code: 'organization_last_owner' },
    });
    // With a second owner, the first may step down.
    expect((await call('PATCH', `orgs/${org.id}/members/${admin.id}`, owner, { role: 'owner' })).status).toBe(200);
    expect((await call('PATCH', `orgs/${org.id}/members/${owner.id}`, owner, { role: 'member' })).status).toBe(200);
    expect((await call('DELETE', `orgs/${org.id}/members/${admin.id}`, admin)).status).toBe(409);
  });

  it('two owners demoting each other at once leave one owner (the loser is refused: no longer an owner, or the last one)', async () => {
    const { org, owner, admin } = await team();
    await call('PATCH', `orgs/${org.id}/members/${admin.id}`, owner, { role: 'owner' });
    const results = await Promise.all([
      call('PATCH', `orgs/${org.id}/members/${admin.id}`, owner, { role: 'member' }),
      call('PATCH', `orgs/${org.id}/members/${owner.id}`, admin, { role: 'member' }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect([
      [200, 403],
      [200, 409],
    ]).toContainEqual(statuses);
    const owners = memberListSchema
      .parse((await call('GET', `orgs/${org.id}/members`, owner)).json)
      .filter((m) => m.role === 'owner');
    expect(owners).toHaveLength(1);
  });

  it('lets anyone leave, admins remove plain members only, owners remove anyone', async () => {
    const { org, owner, admin, member } = await team();
    const other = await createTestUser(t);
    await call('POST', `orgs/${org.id}/members`, owner, { email: other.email, role: 'admin' });
    expect((await call('DELETE', `orgs/${org.id}/members/${admin.id}`, member)).status).toBe(403);
    expect((await call('DELETE', `orgs/${org.id}/members/${other.id}`, admin)).status).toBe(403);
    expect((await call('DELETE', `orgs/${org.id}/members/${owner.id}`, admin)).status).toBe(403);
    expect((await call('DELETE', `orgs/${org.id}/members/${member.id}`, admin)).status).toBe(204);
    expect((await call('DELETE', `orgs/${org.id}/members/${other.id}`, other)).status).toBe(204);
    expect((await call('DELETE', `orgs/${org.id}/members/${admin.id}`, owner)).status).toBe(204);
    expect((await call('GET', `orgs/${org.id}/members`, owner)).json).toHaveLength(1);
  });

  it('takes a removal into account at once, whatever the token says', async () => {
    const { org, owner, member } = await team();
    expect((await call('GET', `orgs/${org.id}/members`, member)).status).toBe(200);
    expect((await call('DELETE', `orgs/${org.id}/members/${member.id}`, owner)).status).toBe(204);
    expect((await call('GET', `orgs/${org.id}/members`, member)).status).toBe(404);
    expect((await call('GET', `orgs/${org.id}`, member)).status).toBe(404);
  });
});
