import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestOidcProvider, type TestOidcProvider } from '../oauth/testOidcProvider';
import { userRow } from '../test/fixtures/testRows';
import { createTestApp, type TestApp } from '../test/testApp';

/*
 * The whole Google sign-in against a real OpenID Connect provider on a loopback port: our
 * start → its login and consent forms (driven with fetch) → our callback → exchange → the user.
 */

const PUBLIC_URL = 'http://localhost:5173';
const CLIENT = { clientId: 'maru-test', clientSecret: 'maru-test-secret-0123456789' };

let op: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  op = await startTestOidcProvider({ ...CLIENT, redirectUris: [`${PUBLIC_URL}/api/auth/oauth/google/callback`] });
  t = await createTestApp({
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    GOOGLE_AUTHORIZATION_URL: op.authorizationUrl,
    GOOGLE_TOKEN_URL: op.tokenUrl,
    GOOGLE_USERINFO_URL: op.userinfoUrl,
    OAUTH_ALLOW_HTTP_LOOPBACK: true,
  });
});
afterAll(async () => {
  await t.close();
  await op.close();
});

/** Cookies by name for one origin: enough for the provider's interaction cookies and ours. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0$/i.test(a) || /^\s*expires=.*1970/i.test(a));
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Our start: the provider URL and the browser cookie it set. */
async function start(redirect = '/console') {
  const ours = new CookieJar();
  const res = await t.app.request(`/api/auth/oauth/google/start?redirect=${encodeURIComponent(redirect)}`);
  expect(res.status).toBe(302);
  ours.take(res);
  return { ours, location: res.headers.get('location') ?? '' };
}

/**
 * Plays the user at the provider: follows its redirects and submits its login form (as `login`)
 * and consent form, until it sends the browser back to our callback; returns that URL.
 */
async function atProvider(location: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  let url = location;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(PUBLIC_URL)) return new URL(url);
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(res);
    init = {};
    const next = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && next) {
      url = new URL(next, url).toString();
      continue;
    }
    const html = await res.text();
    expect(res.status, html).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`);
    const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    url = new URL(action, url).toString();
    init = { method: 'POST', body: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('the provider never came back');
}

async function callback(back: URL, ours: CookieJar) {
  return t.app.request(`${back.pathname}${back.search}`, { headers: { cookie: ours.header() } });
}

describe('OAuth sign-in (Google flow against a local OpenID provider)', () => {
  it('lists only the configured providers', async () => {
    const res = await t.app.request('/api/auth/oauth/providers');
    expect(await res.json()).toEqual(['google']);
  });

  it('sends the browser to the provider with state, PKCE S256 and our callback', async () => {
    const { location, ours } = await start();
    const url = new URL(location);
    expect(url.origin + url.pathname).toBe(op.authorizationUrl);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/oauth/google/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(ours.header()).toMatch(/^maru_oauth=/);
  });

  it('signs in: provider login → callback → one-time key → token pair → the linked user', async () => {
    const { location, ours } = await start('/console/project?tab=1');
    const back = await atProvider(location, 'alice');
    const res = await callback(back, ours);
    expect(res.status).toBe(302);
    const login = new URL(res.headers.get('location') ?? '');
    expect(login.origin + login.pathname).toBe(`${PUBLIC_URL}/login`);
    expect(login.searchParams.get('redirect')).toBe('/console/project?tab=1');
    const key = login.searchParams.get('oauth') ?? '';
    expect(key).not.toBe('');

    const exchange = await t.app.request('/api/auth/oauth/exchange', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key }),
    });
    expect(exchange.status).toBe(200);
    const pair = (await exchange.json()) as { token: string; refreshToken: string };
    const me = await t.app.request('/api/auth/user', { headers: { authorization: `Bearer ${pair.token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'alice@example.com', name: 'Test User' });

    // The key is single use.
    const again = await t.app.request('/api/auth/oauth/exchange', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key }),
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: { code: 'invalid_key' } });
  });

  it('links to the existing account with that e-mail, and takes an unverified one over', async () => {
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('users')
      .values(
        userRow(now, {
          id: 'bob-id',
          email: 'bob@example.com',
          name: 'Bob',
          password_hash: 'scrypt$someone-elses',
          email_verified_at: null,
        }),
      )
      .execute();
    const { location, ours } = await start();
    const res = await callback(await atProvider(location, 'bob'), ours);
    const key = new URL(res.headers.get('location') ?? '').searchParams.get('oauth') ?? '';
    const exchange = await t.app.request('/api/auth/oauth/exchange', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key }),
    });
    const { token } = (await exchange.json()) as { token: string };
    const me = await t.app.request('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ id: 'bob-id', email: 'bob@example.com' });
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', 'bob-id')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(row.email_verified_at).not.toBeNull();
    const count = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('email', '=', 'bob@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('lets the one-time key expire after 60 s', async () => {
    const { location, ours } = await start();
    const res = await callback(await atProvider(location, 'hana'), ours);
    const key = new URL(res.headers.get('location') ?? '').searchParams.get('oauth') ?? '';
    t.clock.advance(61);
    const late = await t.app.request('/api/auth/oauth/exchange', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key }),
    });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ error: { code: 'invalid_key' } });
  });

  it('refuses a reused state', async () => {
    const { location, ours } = await start();
    const back = await atProvider(location, 'carol');
    expect((await callback(back, ours)).headers.get('location')).toContain('oauth=');
    const replay = await callback(back, ours);
    expect(new URL(replay.headers.get('location') ?? '').searchParams.get('oauthError')).toBe('oauth_failed');
  });

  it('refuses a state it never issued, and a callback from another browser', async () => {
    const { location, ours } = await start();
    const back = await atProvider(location, 'dave');
    const forged = new URL(back);
    forged.searchParams.set('state', 'x'.repeat(43));
    expect(new URL((await callback(forged, ours)).headers.get('location') ?? '').searchParams.get('oauthError')).toBe(
      'oauth_failed',
    );
    const otherBrowser = await callback(back, new CookieJar());
    expect(new URL(otherBrowser.headers.get('location') ?? '').searchParams.get('oauthError')).toBe('oauth_failed');
    expect(
      await t.database.db.selectFrom('users').select('id').where('email', '=', 'dave@example.com').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses an e-mail address the provider has not verified', async () => {
    const { location, ours } = await start();
    const res = await callback(await atProvider(location, 'unverified-erin'), ours);
    const login = new URL(res.headers.get('location') ?? '');
    expect(login.searchParams.get('oauthError')).toBe('email_unverified');
    expect(login.searchParams.get('oauth')).toBeNull();
    expect(
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'unverified-erin@example.com')
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('sanitises the return path: //evil.example and schemes become /', async () => {
    for (const evil of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const { location, ours } = await start(evil);
      const res = await callback(await atProvider(location, 'frank'), ours);
      const login = new URL(res.headers.get('location') ?? '');
      expect(login.origin).toBe(PUBLIC_URL);
      expect(login.searchParams.get('redirect'), evil).toBe('/');
    }
  });

  it('returns English sign-ins to /en/login', async () => {
    const { location, ours } = await start('/en/console');
    const res = await callback(await atProvider(location, 'gina'), ours);
    expect(new URL(res.headers.get('location') ?? '').pathname).toBe('/en/login');
  });

  it('answers a provider that is not configured with the login page error', async () => {
    const res = await t.app.request('/api/auth/oauth/naver/start?redirect=/');
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('oauthError')).toBe('oauth_failed');
  });
});
