import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '../../contract/apiErrors';
import { IMAGE_LOCK_HEARTBEAT_S, IMAGE_LOCK_LEASE_S, imageLockSchema } from '../../contract/apiImageLocks';
import { addProjectMember, as, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let ann: TestUser;
let ben: TestUser;
let outsider: TestUser;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createTestUser(t, { name: 'Admin' });
  ann = await createTestUser(t, { name: 'Ann' });
  ben = await createTestUser(t, { name: 'Ben' });
  outsider = await createTestUser(t);
  projectId = (await as(t, admin, 'POST', 'projects', { title: 'Locks', subtype: 'IMAGE_OBJECT_DETECTION' })).body.id;
  await addProjectMember(t, projectId, ann, 'worker');
  await addProjectMember(t, projectId, ben, 'worker');
});
afterAll(() => t.close());

const lockPath = (imageId: string) => `projects/${projectId}/images/${imageId}/lock`;
const lock = (user: TestUser | null, method: string, imageId: string) => as(t, user, method, lockPath(imageId));
const inLease = (seconds = 0) => new Date(t.clock.now().getTime() + seconds * 1000).toISOString();

/** The clock moves forward only; each test starts where the last left it. */
describe('image locks', () => {
  it('leases an image to its first worker; a second is told who holds it', async () => {
    const imageId = await seedImage(t, projectId);
    expect((await lock(ann, 'GET', imageId)).body).toEqual({ lock: null });

    const taken = await lock(ann, 'POST', imageId);
    expect(taken.status).toBe(200);
    expect(imageLockSchema.parse(taken.body)).toEqual({
      imageId,
      holder: { id: ann.id, name: 'Ann' },
      expiresAt: inLease(IMAGE_LOCK_LEASE_S),
      mine: true,
    });

    const refused = await lock(ben, 'POST', imageId);
    expect(refused.status).toBe(409);
    const error = apiErrorBodySchema.parse(refused.body).error;
    expect(error).toMatchObject({ code: 'image_locked', lock: { holder: { id: ann.id, name: 'Ann' }, mine: false } });
    expect((await lock(ben, 'GET', imageId)).body.lock).toMatchObject({ holder: { name: 'Ann' }, mine: false });
    // Taking again is a renewal for the holder.
    expect((await lock(ann, 'POST', imageId)).status).toBe(200);
  });

  it('keeps the lease alive with heartbeats, and lets anyone take it once it lapses', async () => {
    const imageId = await seedImage(t, projectId);
    await lock(ann, 'POST', imageId);
    // Three heartbeats carry Ann well past one lease.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(IMAGE_LOCK_HEARTBEAT_S * 2);
      const beat = await lock(ann, 'PUT', imageId);
      expect(beat.status).toBe(200);
      expect(beat.body.expiresAt).toBe(inLease(IMAGE_LOCK_LEASE_S));
      expect((await lock(ben, 'POST', imageId)).status).toBe(409);
    }

    // No heartbeat for a whole lease: the lock reads as free and Ben takes it over.
    t.clock.advance(IMAGE_LOCK_LEASE_S);
    expect((await lock(ben, 'GET', imageId)).body).toEqual({ lock: null });
    const takeOver = await lock(ben, 'POST', imageId);
    expect(takeOver.body).toMatchObject({ holder: { id: ben.id, name: 'Ben' }, mine: true });

    // Ann's late heartbeat is refused with the new holder, and Ann's release leaves Ben's lock.
    const late = await lock(ann, 'PUT', imageId);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'image_locked', lock: { holder: { id: ben.id } } });
    expect((await lock(ann, 'DELETE', imageId)).status).toBe(204);
    expect((await lock(ann, 'GET', imageId)).body.lock).toMatchObject({ holder: { id: ben.id }, mine: false });

    // Ben leaves: free again, and Ann can take it.
    expect((await lock(ben, 'DELETE', imageId)).status).toBe(204);
    expect((await lock(ann, 'GET', imageId)).body).toEqual({ lock: null });
    expect((await lock(ann, 'POST', imageId)).body.mine).toBe(true);
  });

  it('renews a lapsed lease that nobody took, and gives a free image to exactly one of two at once', async () => {
    const imageId = await seedImage(t, projectId);
    await lock(ann, 'POST', imageId);
    t.clock.advance(IMAGE_LOCK_LEASE_S + 5);
    const beat = await lock(ann, 'PUT', imageId);
    expect(beat.status).toBe(200);
    expect(beat.body.expiresAt).toBe(inLease(IMAGE_LOCK_LEASE_S));

    const other = await seedImage(t, projectId);
    const both = await Promise.all([lock(ann, 'POST', other), lock(ben, 'POST', other)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.status === 200)!.body.holder.id;
    expect((await lock(ann, 'GET', other)).body.lock.holder.id).toBe(winner);
  });

  it('answers 404 to outsiders and for unknown images, 401 without a token', async () => {
    const imageId = await seedImage(t, projectId);
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      expect((await lock(outsider, method, imageId)).status, method).toBe(404);
      expect((await lock(ann, method, 'no-such-image')).status, method).toBe(404);
      expect((await lock(null, method, imageId)).status, method).toBe(401);
    }
    expect((await lock(ann, 'GET', imageId)).body).toEqual({ lock: null });
  });
});
