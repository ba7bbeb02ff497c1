import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECT_REASON_MAX } from '../../contract/apiMarket';
import { V } from '../../contract/validationMessages';
import { postTestResource } from '../market/marketTestKit';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let seller: TestUser;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createTestUser(t, { name: 'Seller', locale: 'en' });
  admin = await createTestUser(t, { name: 'Admin', admin: true });
  user = await createTestUser(t, { name: 'User' });
});
afterAll(() => t.close());

const ids = (body: { items: { id: string }[] }) => body.items.map((r) => r.id);

describe('the review queue', () => {
  it('is for platform admins only', async () => {
    expect((await as(t, user, 'GET', 'admin/resources')).status).toBe(403);
    expect((await as(t, null, 'GET', 'admin/resources')).status).toBe(401);
    expect((await as(t, seller, 'POST', 'admin/resources/x/review', { decision: 'approve' })).status).toBe(403);
    expect((await as(t, admin, 'GET', 'admin/resources?state=nonsense')).status).toBe(400);
  });

  it('lists the checked resources oldest first, by state, and decides each once', async () => {
    const first = (await postTestResource(t, seller, { until: 'pending', name: 'First' })).resource;
    t.clock.advance(60);
    const second = (await postTestResource(t, seller, { until: 'pending', name: 'Second', visibility: 'private' }))
      .resource;
    t.clock.advance(60);
    const checking = (await postTestResource(t, seller, { until: 'checking', name: 'Checking' })).resource;

    const queue = (await as(t, admin, 'GET', 'admin/resources')).body;
    expect(ids(queue)).toEqual([first.id, second.id]);
    expect(ids((await as(t, admin, 'GET', 'admin/resources?state=checking')).body)).toEqual([checking.id]);

    // Only a resource that passed its check can be decided.
    const early = await as(t, admin, 'POST', `admin/resources/${checking.id}/review`, { decision: 'approve' });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('conflict');
    expect((await as(t, admin, 'POST', 'admin/resources/nope/review', { decision: 'approve' })).status).toBe(404);

    const approved = await as(t, admin, 'POST', `admin/resources/${first.id}/review`, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ approval: 'approved', rejectReason: null });
    expect(approved.body.approvedAt).toBe(t.clock.now().toISOString());
    const row = await t.database.db
      .selectFrom('resources')
      .select('reviewed_by')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row.reviewed_by).toBe(admin.id);

    // Decided once: a second decision is a conflict.
    const twice = await as(t, admin, 'POST', `admin/resources/${first.id}/review`, {
      decision: 'reject',
      reason: 'Late.',
    });
    expect(twice.status).toBe(409);

    const noReason = await as(t, admin, 'POST', `admin/resources/${second.id}/review`, { decision: 'reject' });
    expect(noReason.status).toBe(400);
    const blank = await as(t, admin, 'POST', `admin/resources/${second.id}/review`, {
      decision: 'reject',
      reason: ' ',
    });
    expect(blank.body.error.fields.reason).toBe(V.required);
    const long = await as(t, admin, 'POST', `admin/resources/${second.id}/review`, {
      decision: 'reject',
      reason: 'x'.repeat(REJECT_REASON_MAX + 1),
    });
    expect(long.body.error.fields.reason).toBe(V.max200);

    const rejected = await as(t, admin, 'POST', `admin/resources/${second.id}/review`, {
      decision: 'reject',
      reason: 'The labels do not match the images.',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ approval: 'rejected', rejectReason: 'The labels do not match the images.' });

    // The seller sees the states and the reason; the queue is empty again.
    const mine = (await as(t, seller, 'GET', 'resources/mine')).body.items as {
      id: string;
      approval: string;
      rejectReason: string | null;
    }[];
    expect(mine.find((r) => r.id === first.id)?.approval).toBe('approved');
    expect(mine.find((r) => r.id === second.id)).toMatchObject({
      approval: 'rejected',
      rejectReason: 'The labels do not match the images.',
    });
    expect(ids((await as(t, admin, 'GET', 'admin/resources')).body)).toEqual([]);
    expect(ids((await as(t, admin, 'GET', 'admin/resources?state=rejected')).body)).toEqual([second.id]);
  });

  it('mails the seller a decision when they asked for market news', async () => {
    await t.database.db.updateTable('users').set({ notify_market: 1 }).where('id', '=', seller.id).execute();
    const { resource } = await postTestResource(t, seller, { until: 'pending', name: 'Mailed' });
    await as(t, admin, 'POST', `admin/resources/${resource.id}/review`, { decision: 'reject', reason: 'Blurry.' });
    const mails = await t.outbox(seller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("'Mailed' was rejected");
    expect(mails[0]!.text).toContain('Reason: Blurry.');
    expect(mails[0]!.links[0]).toBe(`${t.config.PUBLIC_URL}/en/console/market/resources/${resource.id}`);

    await t.database.db.updateTable('users').set({ notify_market: 0 }).where('id', '=', seller.id).execute();
    const quiet = (await postTestResource(t, seller, { until: 'pending', name: 'Quiet' })).resource;
    await as(t, admin, 'POST', `admin/resources/${quiet.id}/review`, { decision: 'approve' });
    expect(await t.outbox(seller.email)).toHaveLength(1);
  });
});
