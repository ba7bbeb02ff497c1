import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from './auth/password';
import { securityHeaders } from './securityHeaders';
import { createTestApp, type TestApp } from './test/testApp';
import { seedUser } from './test/testRequests';

/** Every response's security headers, as the app sent them before they were precomputed. */
const CSP_WITH_CHAT =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' https://chat.example.com; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' https://chat.example.com; " +
  "worker-src 'self' blob:; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; " +
  "frame-ancestors 'none'";
const SECURITY = {
  'content-security-policy': CSP_WITH_CHAT,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const API_JSON = {
  ...SECURITY,
  'cache-control': 'no-store',
  'content-type': 'application/json',
  vary: 'Accept-Encoding',
};

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ CHAT_SCRIPT_ORIGIN: 'https://chat.example.com/widget.js' });
  token = (await seedUser(t, 'headers@example.com', await hashPassword('Secret12!x'), 'Secret12!x')).token;
});
afterAll(() => t.close());

const headersOf = (res: Response) => Object.fromEntries(res.headers);

describe('response headers', () => {
  it('gives a signed-in JSON answer and a refusal the full set, nothing more', async () => {
    const ok = await t.app.request('/api/auth/user', { headers: { Authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(headersOf(ok)).toEqual(API_JSON);
    const refused = await t.app.request('/api/auth/user');
    expect(refused.status).toBe(401);
    expect(headersOf(refused)).toEqual({ ...API_JSON, 'www-authenticate': 'Bearer' });
  });

  it("gives HEAD the GET answer's headers without Vary, as the compression rules skip HEAD", async () => {
    const head = await t.app.request('/api/auth/user', {
      method: 'HEAD',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(head.status).toBe(200);
    const { vary, ...rest } = API_JSON;
    expect(vary).toBe('Accept-Encoding');
    expect(headersOf(head)).toEqual(rest);
    expect(await head.text()).toBe('');
  });

  it('gives the health check the same set with or without compression', async () => {
    const plain = await t.app.request('/api/health');
    expect(headersOf(plain)).toEqual(API_JSON);
    expect(await plain.json()).toEqual({ status: 'ok' });
    const identity = await t.app.request('/api/health', { headers: { 'Accept-Encoding': 'identity' } });
    expect(headersOf(identity)).toEqual(API_JSON);
  });

  it('sends a small JSON answer as it is, with the same headers, to a client that takes gzip', async () => {
    for (const path of ['/api/health', '/api/auth/user']) {
      const res = await t.app.request(path, {
        headers: { 'Accept-Encoding': 'gzip, deflate, br', Authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(headersOf(res)).toEqual(API_JSON);
      expect((await res.json()) as unknown).toBeTruthy();
    }
  });

  it('compresses other JSON answers for a client that takes gzip', async () => {
    const res = await t.app.request('/api/auth/captcha', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(headersOf(res)).toMatchObject({ ...SECURITY, 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toBeTruthy();
  });

  it('lets hashed assets be cached and served files be sandboxed', async () => {
    const asset = await t.app.request('/assets/app-abc.js');
    expect(headersOf(asset)).toMatchObject({ ...SECURITY, 'cache-control': 'public, max-age=31536000, immutable' });
    const file = await t.app.request('/api/files/abc');
    expect(headersOf(file)).toEqual({ ...API_JSON, 'content-security-policy': "default-src 'none'; sandbox" });
  });

  it('replaces a security header a route set and drops X-Powered-By', async () => {
    const app = new Hono();
    app.use('*', securityHeaders(''));
    app.get('/', (c) => c.text('hi', 200, { 'X-Frame-Options': 'SAMEORIGIN', 'X-Powered-By': 'x' }));
    const res = await app.request('/');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.has('x-powered-by')).toBe(false);
    expect(res.headers.get('content-security-policy')).toBe(CSP_WITH_CHAT.replaceAll(' https://chat.example.com', ''));
  });
});
