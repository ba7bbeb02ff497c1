import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseListSchema, salesReportSchema } from '../../contract/apiMarket';
import { insertDatasetResource, insertModelResource, insertPurchase } from '../market/purchaseTestKit';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PLAN_LIMITS: 'enforce' });
});
afterAll(() => t.close());

const ONE_IMAGE = {
  labels: [{ name: 'car', color: '#00ff00' }],
  images: [{ fileName: 'a.png', annotations: [{ label: 0, box: { x: 1, y: 1, width: 5, height: 5 } }] }],
};

describe('GET /api/purchases', () => {
  it('lists the caller’s live purchases newest first, a resource taken off the market included', async () => {
    const seller = await createTestUser(t, { name: 'Seller' });
    const buyer = await createTestUser(t);
    const older = await insertDatasetResource(t, seller, { ...ONE_IMAGE, name: 'Older' });
    const newer = await insertModelResource(t, seller, { labels: [{ name: 'cat', color: '#123456' }], name: 'Newer' });
    const refunded = await insertDatasetResource(t, seller, { ...ONE_IMAGE, name: 'Refunded' });
    const at = (minutesAgo: number) => new Date(t.clock.now().getTime() - minutesAgo * 60_000).toISOString();
    const first = await insertPurchase(t, older.id, buyer, { at: at(10) });
    const second = await insertPurchase(t, newer.id, buyer, { at: at(5) });
    await insertPurchase(t, refunded.id, buyer, { canceled: true });
    await insertPurchase(t, older.id, await createTestUser(t));
    await t.database.db
      .updateTable('resources')
      .set({ visibility: 'private', deleted_at: at(1) })
      .where('id', '=', older.id)
      .execute();

    const res = await as(t, buyer, 'GET', 'purchases');
    expect(res.status).toBe(200);
    const { items } = purchaseListSchema.parse(res.body);
    expect(items.map((p) => p.id)).toEqual([second, first]);
    expect(items[0]).toMatchObject({ price: 5000, resource: { name: 'Newer', kind: 'model', purchased: true } });
    expect(items[1]).toMatchObject({ price: 1000, exports: [], resource: { name: 'Older', visibility: 'private' } });
    expect((await as(t, null, 'GET', 'purchases')).status).toBe(401);
  });
});

describe('GET /api/sales', () => {
  it('totals the seller’s live sales per resource between two KST days, both included', async () => {
    const seller = await createTestUser(t);
    const alice = await createTestUser(t, { name: 'Alice' });
    const bob = await createTestUser(t, { name: 'Bob' });
    const a = await insertDatasetResource(t, seller, { ...ONE_IMAGE, name: 'Set A', price: 1000 });
    const b = await insertDatasetResource(t, seller, { ...ONE_IMAGE, name: 'Set B', price: 3000 });
    const elsewhere = await insertDatasetResource(t, alice, { ...ONE_IMAGE, name: 'Not mine' });
    // 2026-03-01 00:30 KST is 2026-02-28 15:30 UTC: inside a period starting 1 March.
    await insertPurchase(t, a.id, alice, { at: '2026-02-28T15:30:00.000Z' });
    await insertPurchase(t, a.id, bob, { at: '2026-03-10T02:00:00.000Z' });
    await insertPurchase(t, b.id, bob, { at: '2026-03-31T14:59:00.000Z' });
    // Outside: before 1 March KST, after 31 March KST, canceled, another seller's.
    const others = [await createTestUser(t), await createTestUser(t), await createTestUser(t)];
    await insertPurchase(t, b.id, others[0]!, { at: '2026-02-28T14:59:00.000Z' });
    await insertPurchase(t, b.id, others[1]!, { at: '2026-03-31T15:00:00.000Z' });
    await insertPurchase(t, b.id, others[2]!, { at: '2026-03-15T00:00:00.000Z', canceled: true });
    await insertPurchase(t, elsewhere.id, bob, { at: '2026-03-15T00:00:00.000Z' });

    const res = await as(t, seller, 'GET', 'sales?from=2026-03-01&to=2026-03-31');
    expect(res.status).toBe(200);
    const report = salesReportSchema.parse(res.body);
    expect(report).toMatchObject({ from: '2026-03-01', to: '2026-03-31', count: 3, total: 5000 });
    expect(report.resources).toEqual([
      { resourceId: b.id, name: 'Set B', kind: 'dataset', count: 1, total: 3000 },
      { resourceId: a.id, name: 'Set A', kind: 'dataset', count: 2, total: 2000 },
    ]);
    expect(report.sales.map((s) => [s.name, s.buyer, s.price])).toEqual([
      ['Set B', 'Bob', 3000],
      ['Set A', 'Bob', 1000],
      ['Set A', 'Alice', 1000],
    ]);

    const all = salesReportSchema.parse((await as(t, seller, 'GET', 'sales')).body);
    expect([all.count, all.total, all.from, all.to]).toEqual([5, 11000, null, null]);
  });

  it('refuses a date that is not one, or a period that ends before it starts', async () => {
    const seller = await createTestUser(t);
    for (const query of ['from=2026-02-30', 'to=03/01/2026', 'from=2026-03-02&to=2026-03-01']) {
      const res = await as(t, seller, 'GET', `sales?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation');
    }
  });
});

describe('exports and the plan', () => {
  let buyer: TestUser;
  let seller: TestUser;
  beforeAll(async () => {
    seller = await createTestUser(t);
    buyer = await createTestUser(t);
  });

  it('refuses a new project past the plan’s projects, and images past its storage, writing nothing', async () => {
    const resource = await insertDatasetResource(t, seller, ONE_IMAGE);
    const purchaseId = await insertPurchase(t, resource.id, buyer);
    for (const title of ['One', 'Two', 'Three'])
      expect((await as(t, buyer, 'POST', 'projects', { title, subtype: 'IMAGE_OBJECT_DETECTION' })).status).toBe(201);
    const tooMany = await as(t, buyer, 'POST', `purchases/${purchaseId}/export`, { target: 'new', title: 'Four' });
    expect(tooMany.status).toBe(403);
    expect(tooMany.body.error).toMatchObject({ code: 'plan_limit', limit: 'projects', plan: 'free' });

    const big = await insertDatasetResource(t, seller, {
      labels: ONE_IMAGE.labels,
      // Image sizes fit a 32-bit column; together they pass 5 GB.
      images: ['1', '2', '3', '4'].map((n) => ({ fileName: `${n}.png`, annotations: [], bytes: 1.5 * 1024 ** 3 })),
    });
    const bigPurchase = await insertPurchase(t, big.id, buyer);
    const project = await seedProject(t, { members: [{ user: buyer, role: 'admin' }] });
    const full = await as(t, buyer, 'POST', `purchases/${bigPurchase}/export`, {
      target: 'existing',
      projectId: project.id,
    });
    expect(full.status).toBe(403);
    expect(full.body.error).toMatchObject({ code: 'plan_limit', limit: 'storage' });
    expect(
      await t.database.db.selectFrom('labels').select('id').where('project_id', '=', project.id).execute(),
    ).toHaveLength(0);
  });
});
