import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSchema } from '../../contract/apiPayments';
import { PLAN_LIMITS } from '../../contract/plans';
import { seedProject } from '../test/fixtures/projectSeed';
import { as, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser } from '../test/testUsers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PLAN_LIMITS: 'enforce' });
});
afterAll(() => t.close());

describe('GET /api/billing', () => {
  it('answers the personal account’s plan, usage and limits', async () => {
    const user = await createTestUser(t, { name: 'Kim' });
    const project = await seedProject(t, { members: [{ user, role: 'admin' }] });
    await seedImage(t, project.id, { bytes: 4096 });
    const res = await as(t, user, 'GET', 'billing?organization=personal');
    expect(res.status).toBe(200);
    const info = billingSchema.parse(res.body);
    expect(info).toEqual({
      account: { kind: 'personal', id: user.id, name: 'Kim' },
      plan: 'free',
      billing: null,
      renewsAt: null,
      usage: { projects: 1, storage: 4096, trainingHours: 0, edgePoints: 0, webPoints: 0 },
      limits: PLAN_LIMITS.free,
      canManage: true,
    });
  });

  it('answers an organization’s subscription to its members, manageable by owners and admins only', async () => {
    const owner = await createTestUser(t);
    const member = await createTestUser(t);
    const outsider = await createTestUser(t);
    const org = await as(t, owner, 'POST', 'orgs', { name: `Org ${randomUUID().slice(0, 6)}` });
    const now = t.clock.now();
    await t.database.db
      .insertInto('organization_members')
      .values({ organization_id: org.body.id, user_id: member.id, role: 'member', joined_at: now.toISOString() })
      .execute();
    const renews = new Date(now.getTime() + 30 * 86_400_000).toISOString();
    await t.database.db
      .insertInto('subscriptions')
      .values({
        account: org.body.id,
        plan: 'pro',
        billing: 'yearly',
        renews_at: renews,
        order_id: null,
        updated_at: now.toISOString(),
      })
      .execute();

    const mine = await as(t, owner, 'GET', `billing?organization=${org.body.id}`);
    expect(mine.body).toMatchObject({
      account: { kind: 'organization', id: org.body.id },
      plan: 'pro',
      billing: 'yearly',
      renewsAt: renews,
      limits: PLAN_LIMITS.pro,
      canManage: true,
    });
    expect((await as(t, member, 'GET', `billing?organization=${org.body.id}`)).body.canManage).toBe(false);
    expect((await as(t, outsider, 'GET', `billing?organization=${org.body.id}`)).status).toBe(404);
    expect((await as(t, null, 'GET', 'billing?organization=personal')).status).toBe(401);
    expect((await as(t, owner, 'GET', 'billing')).status).toBe(400);
  });
});
