import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationListSchema, invitationPreviewSchema, invitationSchema } from '../../contract/apiInvitations';
import { signAccessToken } from '../auth/accessToken';
import type { AppContext } from '../context';
import { linkOAuthUser } from '../oauth/linkOAuthUser';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { call } from '../test/testRequests';

const PW = 'Secret12!x';
let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { name: 'Admin Kim' });
  member = await createTestUser(t, { name: 'Member' });
});
afterAll(() => t.close());

/** Moves the clock; the access tokens of the file's users are signed again, as a client would refresh them. */
async function advance(seconds: number) {
  t.clock.advance(seconds);
  const ctx = { config: t.config, now: t.clock.now } as unknown as AppContext;
  for (const user of [admin, member]) user.auth = `Bearer ${await signAccessToken(ctx, user.id)}`;
}

const fresh = () => `new-${randomUUID().slice(0, 8)}@example.com`;
const keyOf = (link: string | undefined) => new URL(link ?? 'http://x/').searchParams.get('invitation') ?? '';

async function newProject(title = 'Road signs') {
  const id = (await as(t, admin, 'POST', 'projects', { title, subtype: 'IMAGE_CLASSIFICATION' })).body.id as string;
  await t.database.db
    .insertInto('project_members')
    .values({ project_id: id, user_id: member.id, role: 'member', joined_at: t.clock.now().toISOString() })
    .execute();
  return id;
}

/** The last invitation mail to `email` and its key. */
async function lastMail(email: string) {
  const mails = await t.outbox(email);
  const mail = mails.at(-1);
  return { mail, key: keyOf(mail?.links[0]), count: mails.length };
}

const register = (email: string, invitation?: string) =>
  call(t, 'POST', 'auth/register', { name: 'New Person', email, password: PW, ...(invitation ? { invitation } : {}) });

/** Whether the account with `email` is a member of the project, as the database says. */
async function projectRoleOf(projectId: string, email: string) {
  const row = await t.database.db
    .selectFrom('project_members as pm')
    .innerJoin('users as u', 'u.id', 'pm.user_id')
    .select('pm.role')
    .where('pm.project_id', '=', projectId)
    .where('u.email', '=', email)
    .executeTakeFirst();
  return row?.role ?? null;
}

describe('inviting an address without an account', () => {
  it('answers 202 with the invitation and mails a sign-up link in the inviter language', async () => {
    const projectId = await newProject();
    const email = fresh();
    const res = await as(t, admin, 'POST', `projects/${projectId}/members`, {
      email: email.toUpperCase(),
      role: 'worker',
    });
    expect(res.status).toBe(202);
    expect(invitationSchema.parse(res.body)).toMatchObject({
      kind: 'project',
      targetId: projectId,
      email,
      role: 'worker',
      state: 'pending',
      invitedBy: { id: admin.id, name: 'Admin Kim' },
    });
    expect(Date.parse(res.body.expiresAt) - t.clock.now().getTime()).toBe(7 * 24 * 3600 * 1000);
    const { mail, key } = await lastMail(email);
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:5173\/login\/signup\?invitation=[\w-]{43}$/);
    expect(mail?.subject).toContain('Admin Kim');
    expect(mail?.text).toContain("'Road signs' 프로젝트");
    expect(mail?.text).toContain('작업자');
    expect(mail?.text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d KST/);

    const preview = await call(t, 'GET', `invitations/${key}`);
    expect(preview.status).toBe(200);
    expect(invitationPreviewSchema.parse(preview.body)).toEqual({
      kind: 'project',
      targetName: 'Road signs',
      inviterName: 'Admin Kim',
      email,
      expiresAt: res.body.expiresAt,
    });
    const list = await as(t, admin, 'GET', `projects/${projectId}/invitations`);
    expect(invitationListSchema.parse(list.body).map((i) => i.email)).toEqual([email]);
  });

  it('mails in English for an English inviter, organizations too', async () => {
    const owner = await createTestUser(t, { name: 'Owner Lee', locale: 'en' });
    const org = (await as(t, owner, 'POST', 'orgs', { name: 'Vision Lab' })).body;
    const email = fresh();
    const res = await as(t, owner, 'POST', `orgs/${org.id}/members`, { email, role: 'admin' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ kind: 'organization', targetId: org.id, role: 'admin' });
    const { mail } = await lastMail(email);
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:5173\/en\/login\/signup\?invitation=/);
    expect(mail?.subject).toBe("[Maru AI] Owner Lee invited you to the organization 'Vision Lab'");
    expect(mail?.text).toContain('as Admin');
    expect(mail?.text).toMatch(/UTC/);
  });

  it('renews a pending invitation instead of doubling it; the old link dies', async () => {
    const projectId = await newProject();
    const email = fresh();
    const first = await as(t, admin, 'POST', `projects/${projectId}/members`, { email, role: 'worker' });
    const oldKey = (await lastMail(email)).key;
    await advance(3600);
    const second = await as(t, admin, 'POST', `projects/${projectId}/members`, { email, role: 'member' });
    expect(second.status).toBe(202);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.role).toBe('member');
    expect(second.body.sentAt > first.body.sentAt).toBe(true);
    expect(second.body.createdAt).toBe(first.body.createdAt);
    const { key, count } = await lastMail(email);
    expect(count).toBe(2);
    expect(key).not.toBe(oldKey);
    expect((await call(t, 'GET', `invitations/${oldKey}`)).body.error.code).toBe('invalid_key');
    expect((await call(t, 'GET', `invitations/${key}`)).status).toBe(200);
    expect((await as(t, admin, 'GET', `projects/${projectId}/invitations`)).body).toHaveLength(1);
  });

  it('resends with a fresh key and expiry, and revokes', async () => {
    const projectId = await newProject();
    const email = fresh();
    const invited = (await as(t, admin, 'POST', `projects/${projectId}/members`, { email, role: 'member' })).body;
    const oldKey = (await lastMail(email)).key;
    await advance(24 * 3600);
    const resent = await as(t, admin, 'POST', `projects/${projectId}/invitations/${invited.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.expiresAt > invited.expiresAt).toBe(true);
    const { key, count } = await lastMail(email);
    expect(count).toBe(2);
    expect((await call(t, 'GET', `invitations/${oldKey}`)).status).toBe(400);
    expect((await call(t, 'GET', `invitations/${key}`)).status).toBe(200);

    expect((await as(t, admin, 'DELETE', `projects/${projectId}/invitations/${invited.id}`)).status).toBe(204);
    expect((await call(t, 'GET', `invitations/${key}`)).body.error.code).toBe('invalid_key');
    expect((await as(t, admin, 'GET', `projects/${projectId}/invitations`)).body).toEqual([]);
    expect((await as(t, admin, 'DELETE', `projects/${projectId}/invitations/${invited.id}`)).status).toBe(404);
    expect((await as(t, admin, 'POST', `projects/${projectId}/invitations/${invited.id}/resend`)).status).toBe(404);
    // A revoked key signs up like no key at all: a verification mail, no membership.
    expect((await register(email, key)).body).toEqual({ status: 'verification_sent' });
    expect(await projectRoleOf(projectId, email)).toBeNull();
  });

  it('expires: listed as expired, the link dead, never accepted; a resend renews it', async () => {
    const projectId = await newProject();
    const email = fresh();
    const invited = (await as(t, admin, 'POST', `projects/${projectId}/members`, { email, role: 'member' })).body;
    const { key } = await lastMail(email);
    await advance(7 * 24 * 3600 + 1);
    const list = await as(t, admin, 'GET', `projects/${projectId}/invitations`);
    expect(list.body.map((i: { state: string }) => i.state)).toEqual(['expired']);
    expect((await call(t, 'GET', `invitations/${key}`)).status).toBe(400);
    const signUp = await register(email, key);
    expect(signUp.body).toEqual({ status: 'verification_sent' });
    // Verifying the address later does not bring an expired invitation back either.
    const verifyMail = (await t.outbox(email)).at(-1);
    const verified = await call(t, 'POST', 'auth/verify', { key: verifyMail?.links[0]?.split('/').at(-1) });
    expect(verified.status).toBe(200);
    expect(await projectRoleOf(projectId, email)).toBeNull();
    expect((await as(t, admin, 'GET', `projects/${projectId}/invitations`)).body[0].id).toBe(invited.id);
    // A resend brings it back.
    const resent = await as(t, admin, 'POST', `projects/${projectId}/invitations/${invited.id}/resend`);
    expect(resent.body.state).toBe('pending');
  });
});

describe('joining', () => {
  it('signs up with the key: verified at once, signed in, member of every invitation of the address', async () => {
    const projectId = await newProject('Potholes');
    const owner = await createTestUser(t, { name: 'Org Owner' });
    const org = (await as(t, owner, 'POST', 'orgs', { name: 'Road Team' })).body;
    const email = fresh();
    await as(t, owner, 'POST', `orgs/${org.id}/members`, { email, role: 'member' });
    await as(t, admin, 'POST', `projects/${projectId}/members`, { email, role: 'worker' });
    const { key } = await lastMail(email);

    const res = await register(email.toUpperCase(), key);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'joined', token: expect.any(String), refreshToken: expect.any(String) });
    // No verification mail: the two invitations are all this address received.
    expect((await t.outbox(email)).map((m) => m.subject).every((s) => s.includes('초대'))).toBe(true);
    const project = await call(t, 'GET', `projects/${projectId}`, undefined, res.body.token);
    expect(project.body.role).toBe('worker');
    const orgs = await call(t, 'GET', 'orgs', undefined, res.body.token);
    expect(orgs.body.map((o: { id: string; role: string }) => [o.id, o.role])).toEqual([[org.id, 'member']]);
    const alerts = await call(t, 'GET', 'auth/alerts', undefined, res.body.token);
    expect(alerts.body.map((a: { message: string }) => a.message).sort()).toEqual([
      "'Potholes' 프로젝트의 멤버로 추가되었습니다.",
      "'Road Team' 조직의 멤버로 추가되었습니다.",
    ]);
    expect((await as(t, admin, 'GET', `projects/${projectId}/invitations`)).body).toEqual([]);
    expect((await call(t, 'GET', `invitations/${key}`)).status).toBe(400);
    const login = await call(t, 'POST', 'auth/login', { email, password: PW });
    expect(login.status).toBe(200);
  });

  it('signs up without the key: joins once the address is verified', async () => {
    const projectId = await newProject();
    const email = fresh();
    await as(t, admin, 'POST', `projects/${projectId}/members`, { email, role: 'member' });
    expect((await register(email)).body).toEqual({ status: 'verification_sent' });
    expect(await projectRoleOf(projectId, email)).toBeNull();
    const verifyLink = (await t.outbox(email)).at(-1)?.links[0];
    expect(verifyLink).toMatch(/\/login\/auth\//);
    expect((await call(t, 'POST', 'auth/verify', { key: verifyLink?.split('/').at(-1) })).status).toBe(200);
    expect(await projectRoleOf(projectId, email)).toBe('member');
  });

  it('a key used with another address proves nothing: no join, the invitation stays', async () => {
    const projectId = await newProject();
    const invitedEmail = fresh();
    await as(t, admin, 'POST', `projects/${projectId}/members`, { email: invitedEmail, role: 'member' });
    const { key } = await lastMail(invitedEmail);
    const other = fresh();
    const res = await register(other, key);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'verification_sent' });
    expect(await projectRoleOf(projectId, other)).toBeNull();
    const login = await call(t, 'POST', 'auth/login', { email: other, password: PW });
    expect(login.body.error.code).toBe('email_unverified');
    expect((await call(t, 'GET', `invitations/${key}`)).status).toBe(200);
  });

  it('joins on a sign-in through a provider that vouches for the address', async () => {
    const projectId = await newProject();
    const email = fresh();
    await as(t, admin, 'POST', `projects/${projectId}/members`, { email, role: 'worker' });
    const userId = await t.database.db
      .transaction()
      .execute((trx) => linkOAuthUser(trx, { email, emailVerified: true, name: 'Oauth Person' }, 'ko', t.clock.now()));
    expect(await projectRoleOf(projectId, email)).toBe('worker');
    const alerts = await t.database.db.selectFrom('alerts').select('type').where('receiver_id', '=', userId).execute();
    expect(alerts).toEqual([{ type: 'invite' }]);
  });

  it('joins when a password reset proves the address of an unverified account', async () => {
    const projectId = await newProject();
    const email = fresh();
    await as(t, admin, 'POST', `projects/${projectId}/members`, { email, role: 'member' });
    expect((await register(email)).status).toBe(202);
    expect(await projectRoleOf(projectId, email)).toBeNull();
    await call(t, 'POST', 'auth/password/reset-request', { email });
    const resetLink = (await t.outbox(email)).at(-1)?.links[0];
    expect(resetLink).toMatch(/\/login\/reset\//);
    const reset = await call(t, 'POST', 'auth/password/reset', {
      key: resetLink?.split('/').at(-1),
      newPassword: 'Another12!x',
      confirmPassword: 'Another12!x',
    });
    expect(reset.status).toBe(204);
    expect(await projectRoleOf(projectId, email)).toBe('member');
  });

  it("never joins a deleted project's invitation", async () => {
    const projectId = await newProject();
    const email = fresh();
    await as(t, admin, 'POST', `projects/${projectId}/members`, { email, role: 'member' });
    const { key } = await lastMail(email);
    expect((await as(t, admin, 'DELETE', `projects/${projectId}`)).status).toBe(204);
    expect((await call(t, 'GET', `invitations/${key}`)).status).toBe(400);
    expect((await register(email, key)).body).toEqual({ status: 'verification_sent' });
    expect(await projectRoleOf(projectId, email)).toBeNull();
  });

  it('answers invalid_key for malformed and unknown keys', async () => {
    expect((await call(t, 'GET', 'invitations/short')).body.error.code).toBe('invalid_key');
    expect((await call(t, 'GET', `invitations/${'a'.repeat(43)}`)).body.error.code).toBe('invalid_key');
  });
});

describe('sending limits', () => {
  it('mails the same invitation at most once a minute', async () => {
    const projectId = await newProject();
    const email = fresh();
    const invited = (await as(t, admin, 'POST', `projects/${projectId}/members`, { email, role: 'member' })).body;
    const resend = await t.app.request(`/api/projects/${projectId}/invitations/${invited.id}/resend`, {
      method: 'POST',
      headers: { Authorization: admin.auth },
    });
    expect(resend.status).toBe(429);
    expect(resend.headers.get('Retry-After')).toBe('60');
    expect(((await resend.json()) as { error: { code: string } }).error.code).toBe('too_many_attempts');
    const reinvite = await as(t, admin, 'POST', `projects/${projectId}/members`, { email, role: 'member' });
    expect(reinvite.status).toBe(429);
    expect(await t.outbox(email)).toHaveLength(1);
    await advance(60);
    expect((await as(t, admin, 'POST', `projects/${projectId}/invitations/${invited.id}/resend`)).status).toBe(200);
    expect(await t.outbox(email)).toHaveLength(2);
  });

  it('lets one person mail at most 100 invitations in 24 hours', async () => {
    const projectId = await newProject();
    const sentAt = new Date(t.clock.now().getTime() - 3600 * 1000).toISOString();
    await t.database.db
      .insertInto('invitations')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          id: randomUUID(),
          kind: 'project',
          target_id: projectId,
          email: `bulk-${i}@example.com`,
          role: 'member',
          invited_by: admin.id,
          key_hash: randomUUID(),
          created_at: sentAt,
          sent_at: sentAt,
          expires_at: new Date(Date.parse(sentAt) + 7 * 24 * 3600 * 1000).toISOString(),
          accepted_at: null,
          revoked_at: null,
        })),
      )
      .execute();
    const email = fresh();
    const refused = await as(t, admin, 'POST', `projects/${projectId}/members`, { email, role: 'member' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.retryAfterS).toBe(23 * 3600);
    expect(await t.outbox(email)).toHaveLength(0);
    // Another admin of the same project is not held back by it.
    const second = await createTestUser(t);
    await t.database.db
      .insertInto('project_members')
      .values({ project_id: projectId, user_id: second.id, role: 'admin', joined_at: t.clock.now().toISOString() })
      .execute();
    expect((await as(t, second, 'POST', `projects/${projectId}/members`, { email, role: 'member' })).status).toBe(202);
    await advance(23 * 3600);
    expect(
      (await as(t, admin, 'POST', `projects/${projectId}/members`, { email: fresh(), role: 'member' })).status,
    ).toBe(202);
  });
});

describe('permissions', () => {
  it('project members cannot invite, list, resend or revoke', async () => {
    const projectId = await newProject();
    const email = fresh();
    const invited = (await as(t, admin, 'POST', `projects/${projectId}/members`, { email, role: 'member' })).body;
    const before = (await t.outbox(email)).length;
    expect(
      (await as(t, member, 'POST', `projects/${projectId}/members`, { email: fresh(), role: 'member' })).status,
    ).toBe(403);
    expect((await as(t, member, 'GET', `projects/${projectId}/invitations`)).status).toBe(403);
    expect((await as(t, member, 'POST', `projects/${projectId}/invitations/${invited.id}/resend`)).status).toBe(403);
    expect((await as(t, member, 'DELETE', `projects/${projectId}/invitations/${invited.id}`)).status).toBe(403);
    const stranger = await createTestUser(t);
    expect((await as(t, stranger, 'GET', `projects/${projectId}/invitations`)).status).toBe(404);
    expect(await t.outbox(email)).toHaveLength(before);
    expect((await as(t, admin, 'GET', `projects/${projectId}/invitations`)).body).toHaveLength(1);
  });

  it('organization admins handle member invitations only; owners all', async () => {
    const owner = await createTestUser(t);
    const orgAdmin = await createTestUser(t);
    const orgMember = await createTestUser(t);
    const org = (await as(t, owner, 'POST', 'orgs', { name: 'Team' })).body;
    await as(t, owner, 'POST', `orgs/${org.id}/members`, { email: orgAdmin.email, role: 'admin' });
    await as(t, owner, 'POST', `orgs/${org.id}/members`, { email: orgMember.email, role: 'member' });
    expect((await as(t, orgAdmin, 'POST', `orgs/${org.id}/members`, { email: fresh(), role: 'admin' })).status).toBe(
      403,
    );
    const asMember = await as(t, orgAdmin, 'POST', `orgs/${org.id}/members`, { email: fresh(), role: 'member' });
    expect(asMember.status).toBe(202);
    const asAdmin = await as(t, owner, 'POST', `orgs/${org.id}/members`, { email: fresh(), role: 'admin' });
    expect((await as(t, orgMember, 'GET', `orgs/${org.id}/invitations`)).status).toBe(403);
    expect((await as(t, orgAdmin, 'GET', `orgs/${org.id}/invitations`)).body).toHaveLength(2);
    expect((await as(t, orgAdmin, 'DELETE', `orgs/${org.id}/invitations/${asAdmin.body.id}`)).status).toBe(403);
    expect((await as(t, orgAdmin, 'POST', `orgs/${org.id}/invitations/${asAdmin.body.id}/resend`)).status).toBe(403);
    // A minute after the first mail, so the resend limit does not answer first (tokens last 30 minutes).
    t.clock.advance(60);
    expect((await as(t, orgAdmin, 'POST', `orgs/${org.id}/invitations/${asMember.body.id}/resend`)).status).toBe(200);
    expect((await as(t, orgAdmin, 'DELETE', `orgs/${org.id}/invitations/${asMember.body.id}`)).status).toBe(204);
    expect((await as(t, owner, 'DELETE', `orgs/${org.id}/invitations/${asAdmin.body.id}`)).status).toBe(204);
    // Another organization's invitation is not reachable through this one.
    const otherOrg = (await as(t, owner, 'POST', 'orgs', { name: 'Other' })).body;
    const foreign = (await as(t, owner, 'POST', `orgs/${otherOrg.id}/members`, { email: fresh(), role: 'member' }))
      .body;
    expect((await as(t, owner, 'DELETE', `orgs/${org.id}/invitations/${foreign.id}`)).status).toBe(404);
  });
});
