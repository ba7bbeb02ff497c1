/**
 * The `hono-bare` subject of `bench:api`: Hono on @hono/node-server with no middleware, one GET
 * route per measured path answering `c.json()` of the body the real server gave for it, so both
 * subjects serialise and send the same JSON. Run as its own process:
 * `node --import tsx benchmarks/api/bareServer.ts <port> <bodies.json>` where bodies.json maps
 * a path (no query string) to its body; prints `serving on <port>` once listening.
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const [portArg, bodiesFile] = process.argv.slice(2);
if (!portArg || !bodiesFile) throw new Error('usage: bareServer.ts <port> <bodies.json>');
const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8')) as Record<string, unknown>;

const app = new Hono();
for (const [route, body] of Object.entries(bodies)) app.get(route, (c) => c.json(body as object));

const server = serve({ fetch: app.fetch, port: Number(portArg), hostname: '127.0.0.1' }, (info) => {
  console.log(`serving on ${info.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
