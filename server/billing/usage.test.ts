import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProject } from '../test/fixtures/projectSeed';
import { seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser } from '../test/testUsers';
import { insertTraining, trainingSettings } from '../test/trainingFixtures';
import { billingAccountOf, personalAccount, personalUserOf } from './billingAccount';
import { planOf } from './planOf';
import { kstMonthStart, usage } from './usage';

describe('kstMonthStart', () => {
  it('starts the month at midnight KST (15:00 UTC the day before)', () => {
    expect(kstMonthStart(new Date('2026-11-27T09:00:00Z')).toISOString()).toBe('2026-10-31T15:00:00.000Z');
    // 1 December 01:00 in Seoul is still 30 November in UTC: December already.
    expect(kstMonthStart(new Date('2026-11-30T16:00:00Z')).toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(kstMonthStart(new Date('2027-01-01T00:00:00Z')).toISOString()).toBe('2026-12-31T15:00:00.000Z');
  });
});

describe('billing accounts', () => {
  it('is the organization, else the creator’s personal account', () => {
    expect(billingAccountOf({ organization_id: 'org1', created_by: 'u1' })).toBe('org1');
    expect(billingAccountOf({ organization_id: null, created_by: 'u1' })).toBe('personal:u1');
    expect(personalUserOf(personalAccount('u2'))).toBe('u2');
    expect(personalUserOf('org1')).toBeNull();
  });
});

describe('usage and plan', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts live projects, their images and models, this month’s training hours and live points', async () => {
    const user = await createTestUser(t);
    const account = personalAccount(user.id);
    const a = await seedProject(t, {
      subtype: 'IMAGE_CLASSIFICATION',
      members: [{ user, role: 'admin' }],
      labels: ['x'],
    });
    const gone = await seedProject(t, { members: [{ user, role: 'admin' }] });
    await seedImage(t, a.id, { bytes: 700 });
    await seedImage(t, a.id, { bytes: 300 });
    await seedImage(t, gone.id, { bytes: 5000 });
    const now = t.clock.now();
    const at = now.toISOString();
    await t.database.db
      .insertInto('models')
      .values({
        id: 'm-usage',
        project_id: a.id,
        training_id: null,
        tag: null,
        task: 'classification',
        network: 'classifier-compact',
        backbone: 'mobilenet-v2',
        input_size: 96,
        labels: '[]',
        manifest: '{}',
        source: 'uploaded',
        blob_key: 'k'.repeat(64),
        bytes: 2000,
        created_by: user.id,
        created_at: at,
      })
      .execute();
    const settings = trainingSettings('classifier-compact', Object.values(a.labels));
    const thisMonth = await insertTraining(t, a.id, settings, user.id);
    const lastMonth = await insertTraining(t, a.id, settings, user.id);
    const monthStart = kstMonthStart(now).getTime();
    await t.database.db
      .updateTable('trainings')
      .set({
        status: 'completed',
        started_at: new Date(monthStart).toISOString(),
        ended_at: new Date(monthStart + 5_400_000).toISOString(),
      })
      .where('id', '=', thisMonth)
      .execute();
    await t.database.db
      .updateTable('trainings')
      .set({
        status: 'completed',
        started_at: new Date(monthStart - 7_200_000).toISOString(),
        ended_at: new Date(monthStart - 1000).toISOString(),
      })
      .where('id', '=', lastMonth)
      .execute();
    for (const [kind, deleted] of [
      ['edge', null],
      ['edge', at],
      ['web', null],
    ] as const)
      await t.database.db
        .insertInto('points')
        .values({
          id: `${kind}-${Math.random()}`,
          project_id: a.id,
          kind,
          name: 'P',
          created_at: at,
          updated_at: at,
          deleted_at: deleted,
        })
        .execute();
    await t.database.db.updateTable('projects').set({ deleted_at: at }).where('id', '=', gone.id).execute();

    expect(await usage(t.database.db, account, now)).toEqual({
      projects: 1,
      storage: 3000,
      trainingHours: 1.5,
      edgePoints: 1,
      webPoints: 1,
    });
  });

  it('is free without a subscription or past its renewal date, the subscribed plan before it', async () => {
    const now = t.clock.now();
    expect(await planOf(t.database.db, 'org-none', now)).toEqual({ plan: 'free', billing: null, renewsAt: null });
    const renews = new Date(now.getTime() + 86_400_000).toISOString();
    await t.database.db
      .insertInto('subscriptions')
      .values({
        account: 'org-pro',
        plan: 'pro',
        billing: 'yearly',
        renews_at: renews,
        order_id: null,
        updated_at: now.toISOString(),
      })
      .execute();
    expect(await planOf(t.database.db, 'org-pro', now)).toEqual({ plan: 'pro', billing: 'yearly', renewsAt: renews });
    expect((await planOf(t.database.db, 'org-pro', new Date(Date.parse(renews) + 1))).plan).toBe('free');
  });
});
