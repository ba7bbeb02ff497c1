import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { TestClock } from '../test/testApp';
import { signAccessToken, verifyAccessToken } from './accessToken';

/** Only what the token functions read. */
function contextWith(clock: TestClock, secret: string, ttl = 60): AppContext {
  return { config: { JWT_SECRET: secret, ACCESS_TOKEN_TTL_S: ttl }, now: clock.now } as unknown as AppContext;
}

let clock: TestClock;
let ctx: AppContext;
beforeAll(() => {
  clock = new TestClock();
  ctx = contextWith(clock, 'a-secret-of-at-least-32-bytes-0123456789');
});

describe('verifyAccessToken with its cache of verified tokens', () => {
  it('still refuses a token once it expires, though it was verified (and cached) before', async () => {
    const token = await signAccessToken(ctx, 'user-1');
    expect(await verifyAccessToken(ctx, token)).toBe('user-1');
    expect(await verifyAccessToken(ctx, token)).toBe('user-1');
    clock.advance(61);
    expect(await verifyAccessToken(ctx, token)).toBeNull();
  });

  it('does not let a cached token vouch for a changed one, or for another secret', async () => {
    const token = await signAccessToken(ctx, 'user-2');
    expect(await verifyAccessToken(ctx, token)).toBe('user-2');
    const [h, p, s = ''] = token.split('.');
    const flipped = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyAccessToken(ctx, flipped)).toBeNull();
    const other = contextWith(clock, 'another-secret-of-at-least-32-bytes-xyz');
    expect(await verifyAccessToken(other, token)).toBeNull();
  });
});
