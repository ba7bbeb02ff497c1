import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resourceRow } from '../test/fixtures/testRows';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser } from '../test/testUsers';
import { resourceViews, selectResources } from './resourceViews';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('keeps the size of a dataset past 2 GiB (8-byte integers on both databases)', async () => {
  const seller = await createTestUser(t);
  const id = randomUUID();
  const bytes = 5 * 1024 ** 3 + 7;
  await t.database.db
    .insertInto('resources')
    .values(resourceRow(t.clock.now().toISOString(), { id, seller_id: seller.id, bytes }))
    .execute();
  const rows = await selectResources(t.database.db).where('resources.id', '=', id).execute();
  const [view] = await resourceViews(t.database.db, rows, null);
  expect(view?.bytes).toBe(bytes);
});
