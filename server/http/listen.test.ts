import { Agent, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, listen } from './listen';

const app = new Hono().get('/ping', (c) => c.text('pong'));
let server: Server | undefined;

afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

it('keeps idle sockets open longer than clients reuse them, and tells clients so', async () => {
  const port = await new Promise<number>((resolve) => {
    server = listen({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(info.port),
    ) as Server;
  });
  expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
  expect(HEADERS_TIMEOUT_MS).toBeGreaterThan(KEEP_ALIVE_TIMEOUT_MS);
  expect(server?.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
  expect(server?.headersTimeout).toBe(HEADERS_TIMEOUT_MS);

  // Node announces the idle timeout to keep-alive clients in the response's Keep-Alive header.
  const agent = new Agent({ keepAlive: true });
  const header = await new Promise<string | undefined>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/ping', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers['keep-alive'] as string | undefined));
    });
    req.on('error', reject);
    req.end();
  });
  agent.destroy();
  expect(header).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
});
