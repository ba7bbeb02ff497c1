import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../auth/accessToken';
import { hashPassword } from '../auth/password';
import { createTestApp, type TestApp } from '../test/testApp';
import { call, seedUser } from '../test/testRequests';

let t: TestApp;
let user: Awaited<ReturnType<typeof seedUser>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await seedUser(t, 'token@example.com', await hashPassword('Secret12!x'), 'Secret12!x');
});
afterAll(() => t.close());

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

async function sign(
  claims: Record<string, unknown>,
  opts: { alg?: string; iss?: string; aud?: string; exp?: number } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  const secret = new TextEncoder().encode(t.config.JWT_SECRET);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
    .setIssuer(opts.iss ?? TOKEN_ISSUER)
    .setAudience(opts.aud ?? TOKEN_AUDIENCE)
    .setSubject(user.id)
    .setIssuedAt(now)
    .setExpirationTime(opts.exp ?? now + 600)
    .sign(secret);
}

async function getUser(authorization: string | null) {
  const res = await t.app.request('/api/auth/user', {
    headers: authorization === null ? {} : { Authorization: authorization },
  });
  return { status: res.status, body: (await res.json()) as { error?: { code: string }; name?: string } };
}

describe('requireUser', () => {
  it('lets a valid access token through', async () => {
    const res = await getUser(`Bearer ${user.token}`);
    expect(res.status).toBe(200);
  });

  it('refuses every forged or misused token with 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { privateKey } = await generateKeyPair('RS256');
    const rs256 = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(user.id)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    const verifyMailKey =
      (await call(t, 'POST', 'auth/password/reset-request', { email: 'token@example.com' }),
      (await t.outbox('token@example.com')).at(-1)?.links[0]?.split('/').at(-1));
    const table: Record<string, string | null> = {
      'no header': null,
      'alg none': `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: user.id, typ: 'access', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, exp: now + 600 })}.`,
      'HS512 with the same secret': `Bearer ${await sign({ typ: 'access' }, { alg: 'HS512' })}`,
      'RS256 signed': `Bearer ${rs256}`,
      'wrong audience': `Bearer ${await sign({ typ: 'access' }, { aud: 'another-api' })}`,
      'wrong issuer': `Bearer ${await sign({ typ: 'access' }, { iss: 'someone-else' })}`,
      expired: `Bearer ${await sign({ typ: 'access' }, { exp: now - 5 })}`,
      'no token type': `Bearer ${await sign({})}`,
      'refresh token type': `Bearer ${await sign({ typ: 'refresh' })}`,
      'refresh token as access token': `Bearer ${user.refreshToken}`,
      'mailed key as access token': `Bearer ${verifyMailKey}`,
      'tampered payload': `Bearer ${user.token.split('.')[0]}.${b64({ sub: 'x', typ: 'access' })}.${user.token.split('.')[2]}`,
      'Basic scheme': `Basic ${user.token}`,
      'lower-case scheme twice': `bearer bearer ${user.token}`,
      'Bearer undefined': 'Bearer undefined',
      'Bearer with nothing': 'Bearer ',
    };
    for (const [name, header] of Object.entries(table)) {
      const res = await getUser(header);
      expect(res.status, name).toBe(401);
      expect(res.body.error?.code, name).toBe('unauthorized');
    }
  });

  it('refuses a valid token once its user is removed', async () => {
    const gone = await seedUser(t, 'gone@example.com', await hashPassword('Secret12!x'), 'Secret12!x');
    expect((await getUser(`Bearer ${gone.token}`)).status).toBe(200);
    await t.database.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const res = await getUser(`Bearer ${gone.token}`);
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe('unauthorized');
  });

  it('shows a change to the user on the very next request', async () => {
    const renamed = await seedUser(t, 'renamed@example.com', await hashPassword('Secret12!x'), 'Secret12!x');
    expect((await getUser(`Bearer ${renamed.token}`)).status).toBe(200);
    await t.database.db.updateTable('users').set({ name: 'New Name' }).where('id', '=', renamed.id).execute();
    const res = await getUser(`Bearer ${renamed.token}`);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('New Name');
  });

  it('expires access tokens after ACCESS_TOKEN_TTL_S on the server clock', async () => {
    t.clock.advance(t.config.ACCESS_TOKEN_TTL_S + 1);
    expect((await getUser(`Bearer ${user.token}`)).status).toBe(401);
  });
});
