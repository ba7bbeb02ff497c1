import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMemberListSchema } from '../../contract/apiProjects';
import { addProjectMember, as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let worker: TestUser;
let outsider: TestUser;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { name: 'Admin' });
  member = await createTestUser(t, { name: 'Member' });
  worker = await createTestUser(t, { name: 'Worker' });
  outsider = await createTestUser(t, { name: 'Outsider', locale: 'en' });
  projectId = (await as(t, admin, 'POST', 'projects', { title: 'Team', subtype: 'IMAGE_CLASSIFICATION' })).body.id;
  await addProjectMember(t, projectId, member, 'member');
  await addProjectMember(t, projectId, worker, 'worker');
});
afterAll(() => t.close());

describe('project members', () => {
  it('lists members, admins first, to anyone in the project', async () => {
    const res = await as(t, worker, 'GET', `projects/${projectId}/members`);
    expect(res.status).toBe(200);
    expect(projectMemberListSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Admin', 'admin'],
      ['Member', 'member'],
      ['Worker', 'worker'],
    ]);
    expect((await as(t, outsider, 'GET', `projects/${projectId}/members`)).status).toBe(404);
  });

  it('invites an existing account by e-mail with an invite alert in their language', async () => {
    const res = await as(t, admin, 'POST', `projects/${projectId}/members`, {
      email: outsider.email.toUpperCase(),
      role: 'worker',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: outsider.id, role: 'worker' });
    const alerts = await t.database.db
      .selectFrom('alerts')
      .selectAll()
      .where('receiver_id', '=', outsider.id)
      .execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      type: 'invite',
      sender_id: admin.id,
      message: "You were added to the project 'Team'.",
    });
    expect((await as(t, outsider, 'GET', `projects/${projectId}`)).body.role).toBe('worker');
    // Again: already a member; an address without an account: an invitation (202); bad input: 400.
    expect(
      (await as(t, admin, 'POST', `projects/${projectId}/members`, { email: outsider.email, role: 'member' })).status,
    ).toBe(409);
    expect(
      (await as(t, admin, 'POST', `projects/${projectId}/members`, { email: 'nobody@example.com', role: 'member' }))
        .status,
    ).toBe(202);
    const bad = await as(t, admin, 'POST', `projects/${projectId}/members`, {
      email: 'not-an-address',
      role: 'member',
    });
    expect(bad.body.error.fields).toEqual({ email: 'validation:email' });
    expect(
      (await as(t, admin, 'POST', `projects/${projectId}/members`, { email: 'a@example.com', role: 'owner' })).status,
    ).toBe(400);
    expect(
      (
        await as(t, admin, 'POST', `projects/${projectId}/members`, {
          email: 'a@example.com',
          role: 'member',
          projectId,
        })
      ).status,
    ).toBe(400);
    expect(
      (await as(t, member, 'POST', `projects/${projectId}/members`, { email: 'a@example.com', role: 'member' })).status,
    ).toBe(403);
  });

  it('lets admins change roles; members cannot raise themselves', async () => {
    expect((await as(t, member, 'PATCH', `projects/${projectId}/members/${member.id}`, { role: 'admin' })).status).toBe(
      403,
    );
    const res = await as(t, admin, 'PATCH', `projects/${projectId}/members/${worker.id}`, { role: 'member' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('member');
    expect((await as(t, admin, 'PATCH', `projects/${projectId}/members/${worker.id}`, { role: 'boss' })).status).toBe(
      400,
    );
    expect(
      (await as(t, admin, 'PATCH', `projects/${projectId}/members/${worker.id}`, { role: 'worker', name: 'x' })).status,
    ).toBe(400);
    expect(
      (
        await as(t, admin, 'PATCH', `projects/${projectId}/members/${outsider.id.replace(/.$/, '0')}x`, {
          role: 'worker',
        })
      ).status,
    ).toBe(404);
    // The only admin cannot step down.
    expect((await as(t, admin, 'PATCH', `projects/${projectId}/members/${admin.id}`, { role: 'member' })).status).toBe(
      409,
    );
    await as(t, admin, 'PATCH', `projects/${projectId}/members/${worker.id}`, { role: 'worker' });
  });

  it('lets anyone leave, admins remove others, and keeps the last admin', async () => {
    expect((await as(t, worker, 'DELETE', `projects/${projectId}/members/${member.id}`)).status).toBe(403);
    const left = await as(t, admin, 'DELETE', `projects/${projectId}/members/${admin.id}`);
    expect(left.status).toBe(409);
    expect(left.body.error.code).toBe('conflict');
    expect((await as(t, worker, 'DELETE', `projects/${projectId}/members/${worker.id}`)).status).toBe(204);
    expect((await as(t, worker, 'GET', `projects/${projectId}`)).status).toBe(404);
    expect((await as(t, admin, 'DELETE', `projects/${projectId}/members/${outsider.id}`)).status).toBe(204);
    // With a second admin, the first may leave.
    await as(t, admin, 'PATCH', `projects/${projectId}/members/${member.id}`, { role: 'admin' });
    expect((await as(t, admin, 'DELETE', `projects/${projectId}/members/${admin.id}`)).status).toBe(204);
    expect(
      (await as(t, member, 'GET', `projects/${projectId}/members`)).body.map((m: { userId: string }) => m.userId),
    ).toEqual([member.id]);
  });
});
