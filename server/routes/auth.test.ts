import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password';
import { REFRESH_GRACE_S } from '../auth/refreshTokens';
import { createTestApp, type TestApp } from '../test/testApp';
import { call, seedUser } from '../test/testRequests';

const PW = 'Secret12!x';
let t: TestApp;
let hash: string;
beforeAll(async () => {
  t = await createTestApp();
  hash = await hashPassword(PW);
});
afterAll(() => t.close());

const keyOf = (link: string | undefined) => link?.split('/').at(-1) ?? '';
const userCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('users')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function solvedCaptcha(): Promise<string> {
  const challenge = (await call(t, 'GET', 'auth/captcha')).body;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ ...challenge, number: solution.number })).toString('base64');
}

describe('register and verify', () => {
  it('registers, mails a verification link, refuses login until verified, then verifies once', async () => {
    const res = await call(t, 'POST', 'auth/register', { name: '김하나', email: 'Hana@Example.com', password: PW });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'verification_sent' });
    const [mail] = await t.outbox('hana@example.com');
    expect(mail?.subject).toContain('인증');
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:5173\/login\/auth\/[\w-]{43}$/);

    const early = await call(t, 'POST', 'auth/login', { email: 'hana@example.com', password: PW });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe('email_unverified');
    const wrongEarly = await call(t, 'POST', 'auth/login', { email: 'hana@example.com', password: 'Wrong123!x' });
    expect(wrongEarly.body.error.code).toBe('invalid_credentials');

    const verified = await call(t, 'POST', 'auth/verify', { key: keyOf(mail?.links[0]) });
    expect(verified.status).toBe(200);
    const me = await call(t, 'GET', 'auth/user', undefined, verified.body.token);
    expect(me.body).toMatchObject({ name: '김하나', email: 'hana@example.com', scope: ['user'], avatar: null });

    const again = await call(t, 'POST', 'auth/verify', { key: keyOf(mail?.links[0]) });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('invalid_key');
  });

  it('answers a taken e-mail the same and mails its owner instead; English links get /en', async () => {
    const before = await userCount();
    const res = await call(t, 'POST', 'auth/register', {
      name: 'Other',
      email: 'hana@example.com',
      password: 'Other123!x',
      locale: 'en',
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'verification_sent' });
    expect(await userCount()).toBe(before);
    const last = (await t.outbox('hana@example.com')).at(-1);
    expect(last?.subject).toBe('[Maru AI] This e-mail address already has an account');
    expect(last?.links).toEqual(['http://localhost:5173/en/login']);

    await call(t, 'POST', 'auth/register', { name: 'Eve', email: 'eve@example.com', password: PW, locale: 'en' });
    expect((await t.outbox('eve@example.com'))[0]?.links[0]).toMatch(/^http:\/\/localhost:5173\/en\/login\/auth\//);
    const resend = await call(t, 'POST', 'auth/verify/resend', { email: 'eve@example.com' });
    expect(resend.status).toBe(202);
    expect(await t.outbox('eve@example.com')).toHaveLength(2);
    expect((await call(t, 'POST', 'auth/verify/resend', { email: 'nobody@example.com' })).body).toEqual(resend.body);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await userCount();
    const extra = await call(t, 'POST', 'auth/register', {
      name: 'A',
      email: 'a@example.com',
      password: PW,
      scope: 'admin',
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error.code).toBe('bad_request');
    const types = await call(t, 'POST', 'auth/register', { name: 5, email: 'not-an-email', password: 'short' });
    expect(types.status).toBe(400);
    expect(types.body.error).toMatchObject({
      code: 'validation',
      fields: { name: 'validation:required', email: 'validation:email', password: 'validation:password.length' },
    });
    const notJson = await call(t, 'POST', 'auth/register', '{"name":');
    expect(notJson.body.error.code).toBe('bad_request');
    const form = await t.app.request('/api/auth/register', {
      method: 'POST',
      body: 'name=a',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    expect(((await form.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    const huge = await call(t, 'POST', 'auth/register', {
      name: 'A',
      email: 'a@example.com',
      password: PW,
      pad: 'x'.repeat(70_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
    expect(await userCount()).toBe(before);
    expect(await t.outbox('a@example.com')).toHaveLength(0);
  });
});

describe('login', () => {
  it('answers an unknown user and a wrong password byte for byte the same', async () => {
    await seedUser(t, 'same@example.com', hash, PW);
    const unknown = await call(t, 'POST', 'auth/login', { email: 'ghost@example.com', password: 'Wrong123!x' });
    const wrong = await call(t, 'POST', 'auth/login', { email: 'same@example.com', password: 'Wrong123!x' });
    expect(unknown.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
    expect(wrong.body.error.code).toBe('invalid_credentials');
  });

  it('gives guesses sent at the same moment no more than the 5 tries without a captcha', async () => {
    await seedUser(t, 'rushed@example.com', hash, PW);
    const answers = await Promise.all(
      Array.from({ length: 9 }, () =>
        call(t, 'POST', 'auth/login', { email: 'rushed@example.com', password: 'Wrong123!x' }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 428, 428, 428, 428]);
    // The right password now needs a captcha too.
    expect((await call(t, 'POST', 'auth/login', { email: 'rushed@example.com', password: PW })).status).toBe(428);
  });

  it('needs a captcha after 5 failures (even with the right password), accepts each solution once, then delays', async () => {
    await seedUser(t, 'locked@example.com', hash, PW);
    const other = await seedUser(t, 'bystander@example.com', hash, PW);
    for (let i = 1; i <= 5; i += 1) {
      const res = await call(t, 'POST', 'auth/login', { email: 'locked@example.com', password: 'Wrong123!x' });
      expect(res.status).toBe(401);
      expect(res.body.error.captchaRequired, `failure ${i}`).toBe(i >= 5 ? true : undefined);
    }
    const right = await call(t, 'POST', 'auth/login', { email: 'locked@example.com', password: PW });
    expect(right.status).toBe(428);
    expect(right.body.error).toMatchObject({ code: 'captcha_required', captchaRequired: true });
    // Other accounts are not affected.
    expect((await call(t, 'POST', 'auth/login', { email: 'bystander@example.com', password: PW })).status).toBe(200);
    expect(other.token).toBeTruthy();

    const bogus = await call(t, 'POST', 'auth/login', {
      email: 'locked@example.com',
      password: PW,
      captcha: 'bm90IGEgY2FwdGNoYQ==',
    });
    expect(bogus.body.error.code).toBe('captcha_invalid');

    const captcha = await solvedCaptcha();
    const wrongWithCaptcha = await call(t, 'POST', 'auth/login', {
      email: 'locked@example.com',
      password: 'Wrong123!x',
      captcha,
    });
    expect(wrongWithCaptcha.status).toBe(401);
    const tooSoon = await call(t, 'POST', 'auth/login', {
      email: 'locked@example.com',
      password: PW,
      captcha: await solvedCaptcha(),
    });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error).toMatchObject({ code: 'too_many_attempts', retryAfterS: 2 });
    expect(tooSoon.headers.get('retry-after')).toBe('2');
    t.clock.advance(3);
    const replay = await call(t, 'POST', 'auth/login', { email: 'locked@example.com', password: PW, captcha });
    expect(replay.body.error.code).toBe('captcha_invalid');
    const ok = await call(t, 'POST', 'auth/login', {
      email: 'locked@example.com',
      password: PW,
      captcha: await solvedCaptcha(),
    });
    expect(ok.status).toBe(200);
    // Success resets the count.
    expect((await call(t, 'POST', 'auth/login', { email: 'locked@example.com', password: PW })).status).toBe(200);
  });

  it('never lets the lock block a password reset, which clears it', async () => {
    for (let i = 0; i < 5; i += 1)
      await call(t, 'POST', 'auth/login', { email: 'locked@example.com', password: 'Wrong123!x' });
    expect((await call(t, 'POST', 'auth/login', { email: 'locked@example.com', password: PW })).status).toBe(428);
    const session = await t.database.db
      .selectFrom('refresh_tokens')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .select('refresh_tokens.id')
      .where('users.email', '=', 'locked@example.com')
      .where('revoked_at', 'is', null)
      .execute();
    expect(session.length).toBeGreaterThan(0);

    const unknown = await call(t, 'POST', 'auth/password/reset-request', { email: 'ghost@example.com' });
    const known = await call(t, 'POST', 'auth/password/reset-request', { email: 'locked@example.com', locale: 'en' });
    expect(known.status).toBe(202);
    expect(known.text).toBe(unknown.text);
    const link = (await t.outbox('locked@example.com')).at(-1)?.links[0];
    expect(link).toMatch(/^http:\/\/localhost:5173\/en\/login\/reset\/[\w-]{43}$/);

    const mismatch = await call(t, 'POST', 'auth/password/reset', {
      key: keyOf(link),
      newPassword: 'Newpass1!x',
      confirmPassword: 'Other',
    });
    expect(mismatch.body.error.fields).toEqual({ confirmPassword: 'validation:password.confirmMismatch' });
    const reset = await call(t, 'POST', 'auth/password/reset', {
      key: keyOf(link),
      newPassword: 'Newpass1!x',
      confirmPassword: 'Newpass1!x',
    });
    expect(reset.status).toBe(204);
    expect(
      (
        await call(t, 'POST', 'auth/password/reset', {
          key: keyOf(link),
          newPassword: 'Newpass1!x',
          confirmPassword: 'Newpass1!x',
        })
      ).body.error.code,
    ).toBe('invalid_key');
    const revoked = await t.database.db
      .selectFrom('refresh_tokens')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .select('refresh_tokens.id')
      .where('users.email', '=', 'locked@example.com')
      .where('revoked_at', 'is', null)
      .execute();
    expect(revoked).toHaveLength(0);
    expect((await call(t, 'POST', 'auth/login', { email: 'locked@example.com', password: PW })).status).toBe(401);
    expect((await call(t, 'POST', 'auth/login', { email: 'locked@example.com', password: 'Newpass1!x' })).status).toBe(
      200,
    );
  });
});

describe('refresh tokens', () => {
  it('rotates, answers a parallel reuse within the grace window, and revokes the family after it', async () => {
    const { refreshToken: rt0 } = await seedUser(t, 'rotate@example.com', hash, PW);
    const first = await call(t, 'POST', 'auth/refresh', { refreshToken: rt0 });
    expect(first.status).toBe(200);
    const rt1: string = first.body.refreshToken;
    expect(rt1).not.toBe(rt0);
    expect((await call(t, 'GET', 'auth/user', undefined, first.body.token)).status).toBe(200);

    // A second tab that sent RT0 at the same time gets the same child back.
    const parallel = await call(t, 'POST', 'auth/refresh', { refreshToken: rt0 });
    expect(parallel.status).toBe(200);
    expect(parallel.body.refreshToken).toBe(rt1);

    t.clock.advance(REFRESH_GRACE_S + 1);
    const stolen = await call(t, 'POST', 'auth/refresh', { refreshToken: rt0 });
    expect(stolen.status).toBe(401);
    expect(stolen.body.error.code).toBe('unauthorized');
    expect((await call(t, 'POST', 'auth/refresh', { refreshToken: rt1 })).status).toBe(401);
  });

  it('a reuse inside the grace window signs nobody out: the family goes on from the same child', async () => {
    const { refreshToken: rt0 } = await seedUser(t, 'grace@example.com', hash, PW);
    const first = await call(t, 'POST', 'auth/refresh', { refreshToken: rt0 });
    t.clock.advance(REFRESH_GRACE_S - 5);
    const late = await call(t, 'POST', 'auth/refresh', { refreshToken: rt0 });
    expect(late.status).toBe(200);
    expect(late.body.refreshToken).toBe(first.body.refreshToken);
    expect((await call(t, 'GET', 'auth/user', undefined, late.body.token)).status).toBe(200);
    const next = await call(t, 'POST', 'auth/refresh', { refreshToken: first.body.refreshToken });
    expect(next.status).toBe(200);
    expect((await call(t, 'GET', 'auth/user', undefined, next.body.token)).status).toBe(200);
  });

  it('refuses unknown and expired tokens', async () => {
    expect((await call(t, 'POST', 'auth/refresh', { refreshToken: 'nope' })).status).toBe(401);
    const { refreshToken } = await seedUser(t, 'expire@example.com', hash, PW);
    t.clock.advance(t.config.REFRESH_TOKEN_TTL_S + 1);
    expect((await call(t, 'POST', 'auth/refresh', { refreshToken })).status).toBe(401);
  });

  it('logout revokes the family', async () => {
    const { refreshToken } = await seedUser(t, 'logout@example.com', hash, PW);
    const next = (await call(t, 'POST', 'auth/refresh', { refreshToken })).body.refreshToken as string;
    const out = await call(t, 'POST', 'auth/logout', { refreshToken: next });
    expect(out.status).toBe(204);
    expect((await call(t, 'POST', 'auth/refresh', { refreshToken: next })).status).toBe(401);
    expect((await call(t, 'POST', 'auth/logout', { refreshToken: 'unknown' })).status).toBe(204);
  });
});
