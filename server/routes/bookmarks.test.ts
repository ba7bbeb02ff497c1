import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketPageSchema, resourceListSchema } from '../../contract/apiMarket';
import { resourceRow } from '../test/fixtures/testRows';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, jsonInit, type TestUser } from '../test/testUsers';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;

const mark = (method: 'PUT' | 'DELETE', id: string, user: TestUser | null) =>
  t.app.request(`/api/resources/${id}/bookmark`, jsonInit(method, user));

async function bookmarks(user: TestUser) {
  const res = await t.app.request('/api/bookmarks', jsonInit('GET', user));
  expect(res.status).toBe(200);
  return resourceListSchema.parse(await res.json()).items;
}

async function rowsOf(user: TestUser) {
  const rows = await t.database.db
    .selectFrom('resource_bookmarks')
    .select('resource_id')
    .where('user_id', '=', user.id)
    .orderBy('resource_id')
    .execute();
  return rows.map((r) => r.resource_id);
}

const setVisibility = (id: string, visibility: 'public' | 'private') =>
  t.database.db.updateTable('resources').set({ visibility }).where('id', '=', id).execute();

beforeAll(async () => {
  t = await createTestApp();
  seller = await createTestUser(t, { name: 'Seller' });
  buyer = await createTestUser(t, { name: 'Buyer' });
  const now = t.clock.now().toISOString();
  await t.database.db
    .insertInto('resources')
    .values([
      resourceRow(now, { id: 'first', seller_id: seller.id, name: 'First' }),
      resourceRow(now, { id: 'second', seller_id: seller.id, name: 'Second' }),
      resourceRow(now, { id: 'private', seller_id: seller.id, visibility: 'private' }),
      resourceRow(now, { id: 'bought', seller_id: seller.id, approval: 'pending', approved_at: null }),
    ])
    .execute();
  await t.database.db
    .insertInto('purchases')
    .values({
      id: 'p1',
      resource_id: 'bought',
      buyer_id: buyer.id,
      seller_id: seller.id,
      order_id: null,
      price: 0,
      created_at: now,
      canceled_at: null,
    })
    .execute();
});
afterAll(() => t.close());

describe('bookmarks', () => {
  it('need a signed-in caller', async () => {
    expect((await mark('PUT', 'first', null)).status).toBe(401);
    expect((await mark('DELETE', 'first', null)).status).toBe(401);
    expect((await t.app.request('/api/bookmarks')).status).toBe(401);
  });

  it('are kept once, newest first, and marked in the market', async () => {
    const user = await createTestUser(t);
    expect(await bookmarks(user)).toEqual([]);
    expect((await mark('PUT', 'first', user)).status).toBe(204);
    t.clock.advance(1);
    expect((await mark('PUT', 'second', user)).status).toBe(204);
    t.clock.advance(1);
    // Again: no second row, and the first time still orders it.
    expect((await mark('PUT', 'first', user)).status).toBe(204);
    const list = await bookmarks(user);
    expect(list.map((r) => [r.id, r.bookmarked])).toEqual([
      ['second', true],
      ['first', true],
    ]);
    expect(await rowsOf(user)).toEqual(['first', 'second']);
    const market = marketPageSchema.parse(
      await (await t.app.request('/api/market/resources', jsonInit('GET', user))).json(),
    );
    expect(Object.fromEntries(market.items.map((r) => [r.id, r.bookmarked]))).toEqual({ first: true, second: true });
  });

  it('are removed idempotently', async () => {
    const user = await createTestUser(t);
    await mark('PUT', 'first', user);
    expect((await mark('DELETE', 'first', user)).status).toBe(204);
    expect((await mark('DELETE', 'first', user)).status).toBe(204);
    expect(await rowsOf(user)).toEqual([]);
    expect(await bookmarks(user)).toEqual([]);
  });

  it('answer 404 for a resource the caller cannot see, and store nothing', async () => {
    const user = await createTestUser(t);
    for (const id of ['private', 'bought', 'nothing', 'x'.repeat(65)]) {
      expect((await mark('PUT', id, user)).status, id).toBe(404);
      expect((await mark('DELETE', id, user)).status, id).toBe(404);
    }
    expect(await rowsOf(user)).toEqual([]);
  });

  it('may mark what the caller sold or bought though it is not listed', async () => {
    expect((await mark('PUT', 'private', seller)).status).toBe(204);
    expect((await mark('PUT', 'bought', buyer)).status).toBe(204);
    expect((await bookmarks(seller)).map((r) => [r.id, r.mine])).toEqual([['private', true]]);
    expect((await bookmarks(buyer)).map((r) => [r.id, r.purchased])).toEqual([['bought', true]]);
  });

  it('leave out a resource gone from sight, and may still be removed', async () => {
    const user = await createTestUser(t);
    await mark('PUT', 'second', user);
    await setVisibility('second', 'private');
    try {
      expect(await bookmarks(user)).toEqual([]);
      expect(await rowsOf(user)).toEqual(['second']);
      expect((await mark('PUT', 'second', user)).status).toBe(404);
      expect((await mark('DELETE', 'second', user)).status).toBe(204);
      expect(await rowsOf(user)).toEqual([]);
    } finally {
      await setVisibility('second', 'public');
    }
  });
});

describe('the routes under /api/resources', () => {
  it('answer from both routers: the seller’s and the bookmarks', async () => {
    const mine = await t.app.request('/api/resources/mine', jsonInit('GET', seller));
    expect(mine.status).toBe(200);
    expect(resourceListSchema.parse(await mine.json()).items.length).toBeGreaterThan(0);
    const res = await mark('PUT', 'first', seller);
    expect(res.status).toBe(204);
  });
});
