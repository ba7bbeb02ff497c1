import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawalPlanSchema } from '../../contract/apiAccount';
import { apiErrorBodySchema } from '../../contract/apiErrors';
import { createOneTimeKey } from '../auth/oneTimeKeys';
import { issueTokenPair } from '../auth/refreshTokens';
import { hashPassword } from '../auth/password';
import type { AppContext } from '../context';
import { seedAnnotation, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { call, seedUser } from '../test/testRequests';
import { userRow } from '../test/fixtures/testRows';

const PW = 'Secret12!x';
let t: TestApp;
let hash: string;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  hash = await hashPassword(PW);
});
afterAll(() => t.close());

const newUser = (prefix: string) => seedUser(t, `${prefix}-${++n}@example.com`, hash, PW);
const emailOf = (u: { id: string }) =>
  t.database.db.selectFrom('users').select('email').where('id', '=', u.id).executeTakeFirstOrThrow();
const project = async (token: string, title: string, organizationId?: string) =>
  (await call(t, 'POST', 'projects', { title, subtype: 'IMAGE_OBJECT_DETECTION', organizationId }, token)).body
    .id as string;
const org = async (token: string, name: string) => (await call(t, 'POST', 'orgs', { name }, token)).body.id as string;

describe('POST auth/user/withdraw: confirmation', () => {
  it('refuses a wrong or missing password with the password change answer and keeps the account', async () => {
    const me = await newUser('wrong');
    const wrong = await call(t, 'POST', 'auth/user/withdraw', { password: 'Nope12!xx' }, me.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 'validation',
      fields: { password: 'validation:password.currentMismatch' },
    });
    const missing = await call(t, 'POST', 'auth/user/withdraw', {}, me.token);
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ password: 'validation:required' });
    expect((await call(t, 'GET', 'auth/user', undefined, me.token)).status).toBe(200);
    const extra = await call(t, 'POST', 'auth/user/withdraw', { password: PW, force: true }, me.token);
    expect(extra.status).toBe(400);
    expect((await call(t, 'GET', 'auth/user', undefined, me.token)).status).toBe(200);
  });

  it('asks an account without a password for a sign-in with its provider within 10 minutes', async () => {
    const now = t.clock.now().toISOString();
    const id = `social-${++n}`;
    const email = `${id}@example.com`;
    await t.database.db
      .insertInto('users')
      .values(userRow(now, { id, email, name: 'Social', password_hash: null }))
      .execute();
    const ctx = { config: t.config, now: t.clock.now, db: t.database.db } as unknown as AppContext;
    const byMail = await issueTokenPair(ctx, id, 'password');
    const byOAuth = await issueTokenPair(ctx, id, 'oauth');

    const none = await call(t, 'POST', 'auth/user/withdraw', {}, byOAuth.token);
    expect(none.status).toBe(428);
    expect(none.body.error.code).toBe('reauth_required');
    const otherFamily = await call(
      t,
      'POST',
      'auth/user/withdraw',
      { refreshToken: byMail.refreshToken },
      byMail.token,
    );
    expect(otherFamily.body.error.code).toBe('reauth_required');
    const plan = withdrawalPlanSchema.parse(
      (await call(t, 'GET', 'auth/user/withdraw', undefined, byOAuth.token)).body,
    );
    expect(plan.confirmWith).toBe('oauth');

    // A rotated token of the OAuth family still counts from the sign-in, which is then too old.
    const rotated = (await call(t, 'POST', 'auth/refresh', { refreshToken: byOAuth.refreshToken })).body;
    t.clock.advance(11 * 60);
    const stale = await call(t, 'POST', 'auth/user/withdraw', { refreshToken: rotated.refreshToken }, rotated.token);
    expect(stale.status).toBe(428);
    expect(stale.body.error.code).toBe('reauth_required');

    // A new sign-in through the provider (the callback's one-time key, traded at exchange) is fresh.
    const key = await createOneTimeKey(t.database.db, 'oauth', id, t.clock.now(), JSON.stringify({ redirect: '/' }));
    const exchanged = await call(t, 'POST', 'auth/oauth/exchange', { key });
    expect(exchanged.status).toBe(200);
    const fresh = exchanged.body as { token: string; refreshToken: string };
    t.clock.advance(9 * 60);
    const ok = await call(t, 'POST', 'auth/user/withdraw', { refreshToken: fresh.refreshToken }, fresh.token);
    expect(ok.status).toBe(204);
    expect(
      await t.database.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('POST auth/user/withdraw: what others still use', () => {
  it('is refused while the user is the last owner of an organization with other members', async () => {
    const owner = await newUser('owner');
    const member = await newUser('member');
    const orgId = await org(owner.token, 'Vision Team');
    const added = await call(
      t,
      'POST',
      `orgs/${orgId}/members`,
      { email: (await emailOf(member)).email, role: 'member' },
      owner.token,
    );
    expect(added.status).toBe(201);

    const plan = withdrawalPlanSchema.parse((await call(t, 'GET', 'auth/user/withdraw', undefined, owner.token)).body);
    expect(plan.blockers.organizations).toEqual([{ id: orgId, name: 'Vision Team' }]);
    const refused = await call(t, 'POST', 'auth/user/withdraw', { password: PW }, owner.token);
    expect(refused.status).toBe(409);
    const body = apiErrorBodySchema.parse(refused.body);
    expect(body.error.code).toBe('last_owner');
    expect(body.error.blockers).toEqual({ organizations: [{ id: orgId, name: 'Vision Team' }], projects: [] });
    expect((await call(t, 'GET', 'auth/user', undefined, owner.token)).status).toBe(200);

    // With a second owner the first may go; the organization stays with its members.
    await call(t, 'PATCH', `orgs/${orgId}/members/${member.id}`, { role: 'owner' }, owner.token);
    expect((await call(t, 'POST', 'auth/user/withdraw', { password: PW }, owner.token)).status).toBe(204);
    const members = await call(t, 'GET', `orgs/${orgId}/members`, undefined, member.token);
    expect(members.body.map((m: { userId?: string; id?: string }) => m.userId ?? m.id)).toEqual([member.id]);
  });

  it('is refused while the user is the only admin of a project others work in', async () => {
    const admin = await newUser('padmin');
    const worker = await newUser('pworker');
    const projectId = await project(admin.token, 'Shared');
    const added = await call(
      t,
      'POST',
      `projects/${projectId}/members`,
      { email: (await emailOf(worker)).email, role: 'worker' },
      admin.token,
    );
    expect(added.status).toBe(201);
    const refused = await call(t, 'POST', 'auth/user/withdraw', { password: PW }, admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error.blockers).toEqual({ organizations: [], projects: [{ id: projectId, name: 'Shared' }] });
  });
});

describe('POST auth/user/withdraw: success', () => {
  it('erases the account, keeps shared work without a name, and frees the address', async () => {
    const me = await newUser('leaver');
    const keeper = await newUser('keeper');
    const { email } = await emailOf(me);
    await call(t, 'PATCH', 'auth/user', { introduction: 'About me' }, me.token);

    // A project of the keeper where I worked, one of my own, and an organization of my own.
    const shared = await project(keeper.token, 'Team data');
    await call(t, 'POST', `projects/${shared}/members`, { email, role: 'member' }, keeper.token);
    const label = await call(t, 'POST', `projects/${shared}/labels`, { name: 'cat', color: '#ff0000' }, keeper.token);
    const imageId = await seedImage(t, shared);
    await t.database.db
      .updateTable('images')
      .set({ uploaded_by: me.id, worker_id: me.id })
      .where('id', '=', imageId)
      .execute();
    const annotationId = await seedAnnotation(t, imageId, label.body.id);
    await t.database.db.updateTable('annotations').set({ created_by: me.id }).where('id', '=', annotationId).execute();
    const mineOnly = await project(me.token, 'Mine');
    const myOrg = await org(me.token, 'Solo');
    const orgProject = await project(me.token, 'Solo data', myOrg);

    const plan = withdrawalPlanSchema.parse((await call(t, 'GET', 'auth/user/withdraw', undefined, me.token)).body);
    expect(plan).toEqual({
      confirmWith: 'password',
      deletes: {
        organizations: [{ id: myOrg, name: 'Solo' }],
        projects: [
          { id: mineOnly, name: 'Mine' },
          { id: orgProject, name: 'Solo data' },
        ],
      },
      blockers: { organizations: [], projects: [] },
    });

    const gone = await call(t, 'POST', 'auth/user/withdraw', { password: PW }, me.token);
    expect(gone.status).toBe(204);

    // Signed out everywhere at once.
    expect((await call(t, 'GET', 'auth/user', undefined, me.token)).status).toBe(401);
    const refresh = await call(t, 'POST', 'auth/refresh', { refreshToken: me.refreshToken });
    expect(refresh.status).toBe(401);
    const login = await call(t, 'POST', 'auth/login', { email, password: PW });
    expect(login.status).toBe(401);
    expect(login.body.error.code).toBe('invalid_credentials');
    expect((await call(t, 'GET', `auth/user/email/${email}`, undefined, keeper.token)).body).toEqual([]);

    // Nothing with the person's identity is left.
    const db = t.database.db;
    for (const table of ['refresh_tokens', 'one_time_keys', 'organization_members', 'project_members'] as const) {
      expect(await db.selectFrom(table).select('user_id').where('user_id', '=', me.id).execute()).toEqual([]);
    }
    const image = await db.selectFrom('images').selectAll().where('id', '=', imageId).executeTakeFirstOrThrow();
    expect([image.uploaded_by, image.worker_id]).toEqual([null, null]);
    const annotation = await db
      .selectFrom('annotations')
      .selectAll()
      .where('id', '=', annotationId)
      .executeTakeFirstOrThrow();
    expect(annotation.created_by).toBeNull();
    const sharedImages = await call(t, 'GET', `projects/${shared}/images`, undefined, keeper.token);
    expect(sharedImages.status).toBe(200);
    expect(JSON.stringify(sharedImages.body)).toContain(imageId);

    // Own projects soft-deleted (kept out of the organization that went), the organization deleted.
    const own = await db.selectFrom('projects').selectAll().where('id', 'in', [mineOnly, orgProject]).execute();
    expect(own.map((p) => [p.deleted_at !== null, p.organization_id])).toEqual([
      [true, null],
      [true, null],
    ]);
    expect(
      await db.selectFrom('organizations').select('id').where('id', '=', myOrg).executeTakeFirst(),
    ).toBeUndefined();

    // The withdrawal record names no one; the mail went to the old address in the user's language.
    const records = await db.selectFrom('account_withdrawals').selectAll().execute();
    expect(JSON.stringify(records)).not.toContain(email);
    expect(JSON.stringify(records)).not.toContain(me.id);
    expect(records.length).toBeGreaterThanOrEqual(1);
    const mails = await t.outbox(email);
    expect(mails.at(-1)?.subject).toBe('[Maru AI] 회원 탈퇴가 완료되었습니다');

    // The address can register again, as a new account.
    const again = await call(t, 'POST', 'auth/register', { name: 'Again', email, password: PW });
    expect(again.status).toBe(202);
    const reborn = await db
      .selectFrom('users')
      .select(['id', 'introduction'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(reborn.id).not.toBe(me.id);
    expect(reborn.introduction).toBe('');
  });

  it('answers 401 to a second withdrawal with the same token', async () => {
    const me = await newUser('twice');
    expect((await call(t, 'POST', 'auth/user/withdraw', { password: PW }, me.token)).status).toBe(204);
    expect((await call(t, 'POST', 'auth/user/withdraw', { password: PW }, me.token)).status).toBe(401);
  });
});
