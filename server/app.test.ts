import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { parseEnv } from './env';

function fixtureDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'app-abc.js'), 'console.log(1)');
  return dir;
}

describe('server app', () => {
  const app = createApp({ env: { DIST_DIR: fixtureDist(), CHAT_SCRIPT_ORIGIN: '' } });

  it('serves the shell for known pages in both locales with 200', async () => {
    for (const p of ['/', '/en', '/info/label', '/en/support/faq', '/support/notice/3']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toContain('id="root"');
    }
  });

  it('answers 404 with the shell for unknown pages', async () => {
    const res = await app.request('/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('id="root"');
  });

  it('answers JSON 404 for unknown API routes', async () => {
    const res = await app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such API route' } });
  });

  it('caches hashed assets forever and sets security headers', async () => {
    const res = await app.request('/assets/app-abc.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('server env', () => {
  it('applies defaults', () => {
    expect(parseEnv({}).PORT).toBe(8787);
  });
  it('stops with a clear message on a bad value', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/Invalid server environment:\n {2}PORT/);
  });
});
