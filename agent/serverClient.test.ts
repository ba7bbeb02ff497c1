import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BACKOFF_MAX_MS,
  backoffDelayMs,
  createServerClient,
  DeviceRevokedError,
  RefusedError,
  TransientError,
} from './serverClient';

describe('backoffDelayMs', () => {
  it('doubles from 1 s to at most 60 s, jittered within the upper half', () => {
    expect(backoffDelayMs(0, () => 0)).toBe(500);
    expect(backoffDelayMs(0, () => 1)).toBe(1000);
    expect(backoffDelayMs(3, () => 1)).toBe(8000);
    expect(backoffDelayMs(20, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelayMs(20, () => 0)).toBe(BACKOFF_MAX_MS / 2);
  });
});

describe('server client', () => {
  it('sends the credential and types every kind of failure', async () => {
    const seen: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers.authorization);
      const answers: Record<string, [number, string]> = {
        '/ok': [200, '{"n": 1}'],
        '/down': [503, '{"error":{"code":"unavailable","message":"later"}}'],
        '/revoked': [401, '{"error":{"code":"device_revoked","message":"revoked"}}'],
        '/refused': [400, '{"error":{"code":"validation","message":"bad"}}'],
        '/html': [200, '<html>proxy login</html>'],
      };
      const [status, body] = answers[req.url ?? ''] ?? [404, ''];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const client = createServerClient({ server: base, credential: 'dev_a.b' });
      const schema = z.object({ n: z.number() });
      expect(await client.call('GET', 'ok', undefined, schema)).toEqual({ n: 1 });
      expect(seen[0]).toBe('Bearer dev_a.b');
      await expect(client.call('GET', 'down', undefined, schema)).rejects.toBeInstanceOf(TransientError);
      await expect(client.call('GET', 'revoked', undefined, schema)).rejects.toBeInstanceOf(DeviceRevokedError);
      await expect(client.call('GET', 'refused', undefined, schema)).rejects.toBeInstanceOf(RefusedError);
      await expect(client.call('GET', 'html', undefined, schema)).rejects.toBeInstanceOf(TransientError);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // Nothing listens there any more: a network failure, to be retried.
    const gone = createServerClient({ server: base, credential: 'dev_a.b' });
    await expect(gone.call('GET', 'ok', undefined, null)).rejects.toBeInstanceOf(TransientError);
  });
});
