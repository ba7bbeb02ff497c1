import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_LOCK_HEARTBEAT_S, IMAGE_LOCK_LEASE_S } from '../../../../../contract/apiImageLocks';
import { ImageLockClient } from './imageLock';
import { IMAGE, PROJECT, syncTestBed } from './testing/syncTestBed';

let bed: ReturnType<typeof syncTestBed>;
const clients: ImageLockClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/** A lock client whose network can be cut (`link.up = false`): a dead or disconnected tab. */
function client(userId: string, name = userId, link = { up: true }) {
  const serve = bed.server.fetchFor(userId, name);
  const c = new ImageLockClient(PROJECT, IMAGE, {
    fetch: (input, init) => (link.up ? serve(input, init) : Promise.reject(new TypeError('Failed to fetch'))),
    clock: bed.clock,
    connectivity: bed.net,
  });
  clients.push(c);
  return c;
}

const lockRequests = () => bed.server.requests.filter((r) => r.kind === 'lock').map((r) => r.method);

describe('image lock', () => {
  it('takes the lease, renews it every heartbeat, and releases it on leave', async () => {
    bed = syncTestBed();
    bed.clock.time = Date.parse('2026-01-01T00:00:00Z');
    const a = client('u1', 'Ann');
    await a.start();
    expect(a.state).toMatchObject({ status: 'mine', lock: { holder: { id: 'u1', name: 'Ann' }, mine: true } });
    await bed.clock.advance(IMAGE_LOCK_HEARTBEAT_S * 1000 * 3);
    expect(lockRequests()).toEqual(['POST', 'PUT', 'PUT', 'PUT']);
    // Still held long after one lease would have run out.
    expect(bed.server.image(IMAGE).lock?.userId).toBe('u1');
    a.stop();
    await bed.settle();
    expect(lockRequests().at(-1)).toBe('DELETE');
    expect(bed.server.image(IMAGE).lock).toBeNull();
  });

  it('a second worker is read-only with the holder named, and may take over only after the lease expired', async () => {
    bed = syncTestBed();
    bed.clock.time = Date.parse('2026-01-01T00:00:00Z');
    const a = client('u1', 'Ann');
    await a.start();
    const b = client('u2', 'Bob');
    await b.start();
    expect(b.state).toMatchObject({
      status: 'theirs',
      lock: { holder: { name: 'Ann' }, mine: false },
      canTakeOver: false,
    });

    // Ann's tab dies: no heartbeat, no release.
    a['stopped'] = true;
    a['clearTimer']();
    await bed.clock.advance((IMAGE_LOCK_LEASE_S - 5) * 1000);
    expect(b.state.canTakeOver).toBe(false);
    await bed.clock.advance(IMAGE_LOCK_LEASE_S * 1000);
    expect(b.state).toMatchObject({ status: 'theirs', canTakeOver: true, lock: { holder: { name: 'Ann' } } });
    await b.takeOver();
    expect(b.state).toMatchObject({ status: 'mine', lock: { holder: { name: 'Bob' } } });
  });

  it('a heartbeat answered 409 (the lease was taken over) turns the view read-only', async () => {
    bed = syncTestBed();
    bed.clock.time = Date.parse('2026-01-01T00:00:00Z');
    const annLink = { up: true };
    const a = client('u1', 'Ann', annLink);
    await a.start();
    bed.net.set(false);
    annLink.up = false;
    await bed.clock.advance((IMAGE_LOCK_LEASE_S + 5) * 1000);
    // Offline: Ann keeps editing locally.
    expect(a.state.status).toBe('mine');
    const b = client('u2', 'Bob');
    await b.start();
    expect(b.state.status).toBe('mine');
    annLink.up = true;
    bed.net.set(true);
    await bed.settle();
    expect(a.state).toMatchObject({ status: 'theirs', lock: { holder: { name: 'Bob' } }, canTakeOver: false });
  });

  it('no permission or no image: unavailable', async () => {
    bed = syncTestBed();
    const c = new ImageLockClient(PROJECT, IMAGE, {
      fetch: () =>
        Promise.resolve(new Response(JSON.stringify({ error: { code: 'forbidden', message: 'x' } }), { status: 403 })),
      clock: bed.clock,
      connectivity: bed.net,
    });
    clients.push(c);
    await c.start();
    expect(c.state.status).toBe('unavailable');
  });
});
