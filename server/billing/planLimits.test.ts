import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../contract/plans';
import { seedProject } from '../test/fixtures/projectSeed';
import { as, seedAnnotation, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { insertTraining, trainingSettings } from '../test/trainingFixtures';
import { runScheduledProject } from '../training/scheduleRunner';
import { personalAccount } from './billingAccount';
import { kstMonthStart } from './usage';

/* Each plan limit refused at the plan's number through the routes that add what it counts (PLAN_LIMITS enforced). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PLAN_LIMITS: 'enforce' });
});
afterAll(() => t.close());

const GB = 1024 ** 3;

function expectPlanLimit(res: { status: number; body: { error?: { code: string } } }, limit: string, plan = 'free') {
  expect(res.status).toBe(403);
  expect(res.body.error).toMatchObject({ code: 'plan_limit', limit, plan });
}

async function subscribe(account: string, plan: string, renewsInDays: number) {
  const renews = new Date(t.clock.now().getTime() + renewsInDays * 86_400_000).toISOString();
  const now = t.clock.now().toISOString();
  await t.database.db
    .insertInto('subscriptions')
    .values({ account, plan, billing: 'monthly', renews_at: renews, order_id: null, updated_at: now })
    .onConflict((oc) => oc.column('account').doUpdateSet({ plan, renews_at: renews }))
    .execute();
}

const newProject = (user: TestUser, title: string, organizationId?: string) =>
  as(t, user, 'POST', 'projects', {
    title,
    subtype: 'IMAGE_OBJECT_DETECTION',
    ...(organizationId ? { organizationId } : {}),
  });

describe('projects', () => {
  it('refuses the 4th project on free, allows it on a live subscription, refuses it again once the period ended', async () => {
    const user = await createTestUser(t);
    for (const title of ['One', 'Two', 'Three']) expect((await newProject(user, title)).status).toBe(201);
    expectPlanLimit(await newProject(user, 'Four'), 'projects');
    expect(
      await t.database.db.selectFrom('projects').select('id').where('created_by', '=', user.id).execute(),
    ).toHaveLength(3);

    await subscribe(personalAccount(user.id), 'standard', 30);
    expect((await newProject(user, 'Four')).status).toBe(201);

    // Past its renewal date the account is on free again: 4 live projects, a 5th is refused.
    await subscribe(personalAccount(user.id), 'standard', -1);
    expectPlanLimit(await newProject(user, 'Five'), 'projects');
  });

  it('counts live projects only, and an organization apart from its members’ personal accounts', async () => {
    const user = await createTestUser(t);
    const made = [];
    for (const title of ['One', 'Two', 'Three']) made.push((await newProject(user, title)).body.id as string);
    expect((await as(t, user, 'DELETE', `projects/${made[0]}`)).status).toBe(204);
    expect((await newProject(user, 'Four')).status).toBe(201);

    const org = await as(t, user, 'POST', 'orgs', { name: `Org ${randomUUID().slice(0, 6)}` });
    expect(org.status).toBe(201);
    for (const title of ['A', 'B', 'C']) expect((await newProject(user, title, org.body.id)).status).toBe(201);
    expectPlanLimit(await newProject(user, 'D', org.body.id), 'projects');
  });
});

describe('points', () => {
  it('allows one edge point on free and refuses the 2nd; refuses the 1st web point', async () => {
    const user = await createTestUser(t);
    const project = await seedProject(t, { members: [{ user, role: 'admin' }], labels: ['car'] });
    const edge = (name: string) => as(t, user, 'POST', `projects/${project.id}/points`, { kind: 'edge', name });
    expect((await edge('Gate')).status).toBe(201);
    expectPlanLimit(await edge('Dock'), 'edgePoints');
    const web = await as(t, user, 'POST', `projects/${project.id}/points`, {
      kind: 'web',
      name: 'Web',
      modelId: 'none',
      serverType: 'local',
      cloudType: 'none',
      cloudRegion: 'local',
      instanceType: 'local-1',
    });
    expectPlanLimit(web, 'webPoints');
    expect(
      await t.database.db.selectFrom('points').select('id').where('project_id', '=', project.id).execute(),
    ).toHaveLength(1);

    await subscribe(personalAccount(user.id), 'standard', 30);
    expect((await edge('Dock')).status).toBe(201);
  });
});

describe('storage', () => {
  it('refuses an upload or an import whose declared bytes would pass 5 GB, counting uploads not yet sent', async () => {
    const user = await createTestUser(t);
    const project = await seedProject(t, { members: [{ user, role: 'admin' }], labels: ['car'] });
    // Stored images a little under the limit (rows only: nothing that large is written).
    // Four rows (an image's bytes column is 32-bit on PostgreSQL).
    for (let i = 0; i < 4; i++) await seedImage(t, project.id, { bytes: PLAN_LIMITS.free.storage! / 4 - 750 });
    const declare = (bytes: number) =>
      as(t, user, 'POST', `projects/${project.id}/uploads`, { fileName: `${randomUUID()}.jpg`, bytes });
    expect((await declare(2000)).status).toBe(201);
    // 2,000 declared and 1,000 left: a second 2,000 would pass the limit.
    expectPlanLimit(await declare(2000), 'storage');
    expect((await declare(1000)).status).toBe(201);
    expectPlanLimit(
      await as(t, user, 'POST', `projects/${project.id}/imports`, { fileName: 'set.zip', bytes: 1 }),
      'storage',
    );

    await subscribe(personalAccount(user.id), 'standard', 30);
    expect(
      (await as(t, user, 'POST', `projects/${project.id}/imports`, { fileName: 'set.zip', bytes: GB })).status,
    ).toBe(201);
  });
});

describe('training hours', () => {
  /** The clock at least 3 hours into the KST month, and that month's start (the hours below fit before now). */
  function intoTheMonth(): { now: number; monthStart: number } {
    const start = kstMonthStart(t.clock.now()).getTime();
    const into = t.clock.now().getTime() - start;
    if (into < 3 * 3_600_000) t.clock.advance((3 * 3_600_000 - into) / 1000);
    return { now: t.clock.now().getTime(), monthStart: start };
  }

  it('refuses a training once the month’s 2 hours are used, not before', async () => {
    const { now, monthStart } = intoTheMonth();
    const user = await createTestUser(t);
    const project = await seedProject(t, {
      subtype: 'IMAGE_CLASSIFICATION',
      members: [{ user, role: 'admin' }],
      labels: ['car'],
    });
    const settings = trainingSettings('classifier-compact', Object.values(project.labels));
    const used = await insertTraining(t, project.id, settings, user.id);
    // Last month's hours do not count.
    const before = await insertTraining(t, project.id, settings, user.id);
    await t.database.db
      .updateTable('trainings')
      .set({
        status: 'completed',
        started_at: new Date(monthStart - 5 * 3_600_000).toISOString(),
        ended_at: new Date(monthStart - 60_000).toISOString(),
      })
      .where('id', '=', before)
      .execute();
    await t.database.db
      .updateTable('trainings')
      .set({
        status: 'completed',
        started_at: new Date(monthStart).toISOString(),
        ended_at: new Date(monthStart + 99 * 60_000).toISOString(),
      })
      .where('id', '=', used)
      .execute();
    // 99 minutes used: the next training is not refused for its plan (it has too few images instead).
    const under = await as(t, user, 'POST', `projects/${project.id}/trainings`, settings);
    expect(under.body.error?.code).not.toBe('plan_limit');

    // A running training started 21 minutes ago takes the month to 2 hours.
    const running = await insertTraining(t, project.id, settings, user.id);
    await t.database.db
      .updateTable('trainings')
      .set({ status: 'running', started_at: new Date(now - 21 * 60_000).toISOString() })
      .where('id', '=', running)
      .execute();
    expectPlanLimit(await as(t, user, 'POST', `projects/${project.id}/trainings`, settings), 'trainingHours');
  });

  it('skips a scheduled training once the month’s hours are used', async () => {
    const { monthStart } = intoTheMonth();
    const user = await createTestUser(t);
    const project = await seedProject(t, { members: [{ user, role: 'admin' }], labels: ['car'] });
    const car = project.labels.car!;
    for (let i = 0; i < 10; i++) await seedAnnotation(t, await seedImage(t, project.id, { labeled: true }), car);
    // The last training ran the month's 2 hours; a person labeled since.
    const last = await insertTraining(t, project.id, trainingSettings('detector-compact', [car]), user.id);
    await t.database.db
      .updateTable('trainings')
      .set({
        status: 'completed',
        started_at: new Date(monthStart).toISOString(),
        ended_at: new Date(monthStart + 2 * 3_600_000).toISOString(),
      })
      .where('id', '=', last)
      .execute();
    t.clock.advance(60);
    await seedAnnotation(t, await seedImage(t, project.id, { labeled: true }), car);
    const row = {
      id: project.id,
      subtype: 'IMAGE_OBJECT_DETECTION',
      schedule_enabled: 1,
      schedule_cycle: 'everyday',
      schedule_last_run: null,
    };
    const deps = (planLimits: 'enforce' | 'off') => ({ db: t.database.db, now: t.clock.now, planLimits });
    // Without limits it goes as far as asking for a trainer (none is online, so the cycle is given back).
    expect(await runScheduledProject(deps('off'), row)).toBe('no_trainer');
    expect(await runScheduledProject(deps('enforce'), row)).toBe('refused');
    expect(
      await t.database.db.selectFrom('trainings').select('id').where('project_id', '=', project.id).execute(),
    ).toHaveLength(1);
  });
});

describe('PLAN_LIMITS=off', () => {
  it('lets a free account pass every limit', async () => {
    const off = await createTestApp({ PLAN_LIMITS: 'off' });
    try {
      const user = await createTestUser(off);
      for (const title of ['One', 'Two', 'Three', 'Four'])
        expect((await as(off, user, 'POST', 'projects', { title, subtype: 'IMAGE_OBJECT_DETECTION' })).status).toBe(
          201,
        );
      const project = await seedProject(off, { members: [{ user, role: 'admin' }], labels: ['car'] });
      for (const name of ['Gate', 'Dock'])
        expect((await as(off, user, 'POST', `projects/${project.id}/points`, { kind: 'edge', name })).status).toBe(201);
    } finally {
      await off.close();
    }
  });
});
