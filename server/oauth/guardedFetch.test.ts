import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressAllowed, guardedFetch } from './guardedFetch';

let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, method: req.method }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('guardedFetch', () => {
  it('reaches a loopback endpoint only with the development flag', async () => {
    const res = await guardedFetch(`http://127.0.0.1:${port}/x`, { method: 'GET' }, { allowHttpLoopback: true });
    expect(JSON.parse(res.text)).toEqual({ ok: true, method: 'GET' });
    await expect(
      guardedFetch(`http://127.0.0.1:${port}/x`, { method: 'GET' }, { allowHttpLoopback: false }),
    ).rejects.toThrow(/refused/);
    await expect(
      guardedFetch(`https://127.0.0.1:${port}/x`, { method: 'GET' }, { allowHttpLoopback: false }),
    ).rejects.toThrow(/refused/);
  });

  it('resolves names and refuses those that point inside (localhost without the flag)', async () => {
    await expect(
      guardedFetch(`https://localhost:${port}/x`, { method: 'GET' }, { allowHttpLoopback: false }),
    ).rejects.toThrow(/refused/);
  });

  it('never follows a redirect', async () => {
    const res = await guardedFetch(`http://127.0.0.1:${port}/redirect`, { method: 'GET' }, { allowHttpLoopback: true });
    expect(res.status).toBe(302);
  });

  it('refuses private, link-local, metadata and mapped addresses, allows public ones', () => {
    for (const a of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '127.0.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ]) {
      expect(addressAllowed(a, false), a).toBe(false);
    }
    for (const a of ['142.250.196.110', '2404:6800:4004:80a::200e', '223.130.200.104'])
      expect(addressAllowed(a, false), a).toBe(true);
  });
});
