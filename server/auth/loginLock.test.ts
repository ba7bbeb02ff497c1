import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/testApp';
import { lockStateOf, recordFailure, takeFreeTry } from './loginLock';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, s));

describe('login lock', () => {
  it('makes no one wait below the captcha threshold, even for a try stamped after `now`', async () => {
    // A parallel request took its try a moment after this one read the clock.
    expect(await takeFreeTry(t.database.db, 'parallel@example.com', at(5))).toBe(1);
    expect(await lockStateOf(t.database.db, 'parallel@example.com', at(4))).toEqual({
      failures: 1,
      captchaRequired: false,
      retryAfterS: 0,
    });
  });

  it('gives five free tries, then none; past five failures a try waits 2^(n-5) s from the last', async () => {
    const db = t.database.db;
    const email = 'counted@example.com';
    for (let i = 1; i <= 5; i += 1) expect(await takeFreeTry(db, email, at(0))).toBe(i);
    expect(await takeFreeTry(db, email, at(0))).toBeNull();
    expect(await lockStateOf(db, email, at(0))).toEqual({ failures: 5, captchaRequired: true, retryAfterS: 0 });
    expect(await recordFailure(db, email, at(10))).toBe(6);
    expect((await lockStateOf(db, email, at(11))).retryAfterS).toBe(1);
    expect((await lockStateOf(db, email, at(12))).retryAfterS).toBe(0);
  });
});
