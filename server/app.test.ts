import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv, publicUrlOf } from './env';
import { resolveJwtSecret } from './jwtSecret';
import { createTestApp, type TestApp } from './test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('server app', () => {
  it('serves the shell for known pages in both locales with 200', async () => {
    for (const p of ['/', '/en', '/info/label', '/en/support/faq', '/support/notice/3']) {
      const res = await t.app.request(p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toContain('id="root"');
    }
  });

  it('answers 404 with the shell for unknown pages', async () => {
    const res = await t.app.request('/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('id="root"');
  });

  it('answers JSON 404 for unknown API routes, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await t.app.request('/api/nope', { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such API route' } });
    }
  });

  it('answers an unknown OAuth provider like any unknown API route', async () => {
    for (const url of ['/api/auth/oauth/google', '/api/auth/oauth/provider']) {
      const res = await t.app.request(url);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such API route' } });
    }
  });

  it("routes with Hono's RegExpRouter: no route shape sends requests to its slower trie router", async () => {
    await t.app.request('/api/health');
    expect(t.app.router.name).toBe('SmartRouter + RegExpRouter');
  });

  it('caches hashed assets forever and sets security headers', async () => {
    const res = await t.app.request('/assets/app-abc.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers the health check on the database', async () => {
    const res = await t.app.request('/api/health');
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('server env', () => {
  it('applies defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(8787);
    expect(env.ACCESS_TOKEN_TTL_S).toBe(1800);
    expect(env.REFRESH_TOKEN_TTL_S).toBe(604800);
    expect(env.BLOB_STORE).toBe('local');
    expect(publicUrlOf(env)).toBe('http://127.0.0.1:8787');
  });
  it('stops with a clear message on a bad value', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/Invalid server environment:\n {2}PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ BLOB_STORE: 's3' })).toThrow(/S3_BUCKET: is required when BLOB_STORE=s3/);
  });
  it('refuses a short or weak JWT secret', () => {
    expect(() => parseEnv({ JWT_SECRET: 'short-secret' })).toThrow(/JWT_SECRET: must be at least 32 bytes/);
    expect(() => parseEnv({ JWT_SECRET: 'a'.repeat(64) })).toThrow(/JWT_SECRET: is too weak/);
    expect(parseEnv({ JWT_SECRET: 'k3T9vQ2mX7pL0sR5wY8zA1bC4dE6fG9h' }).JWT_SECRET).toHaveLength(32);
  });
  it('generates a JWT secret once and keeps it with mode 0600', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secret-'));
    const first = resolveJwtSecret(dir, undefined);
    expect(Buffer.byteLength(first)).toBeGreaterThanOrEqual(43);
    expect(resolveJwtSecret(dir, undefined)).toBe(first);
    const file = path.join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
