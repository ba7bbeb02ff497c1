import type { Server } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

/**
 * How long an idle keep-alive socket stays open. Node's default (5 s) is shorter than the idle
 * reuse of common clients (browsers, undici, Playwright's request context, load balancers at
 * 60 s): a client could send a request on a socket at the very moment the server closed it and
 * get `ECONNRESET`. Above 60 s, the client is always the side that gives an idle socket up.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Must exceed the keep-alive timeout, or Node may time a reused socket's headers out first. */
export const HEADERS_TIMEOUT_MS = 66_000;

/** Sets the keep-alive and header timeouts on a Node HTTP server (see KEEP_ALIVE_TIMEOUT_MS). */
export function applyKeepAlive(server: ServerType): void {
  const http = server as Server;
  http.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  http.headersTimeout = HEADERS_TIMEOUT_MS;
}

/** Serves `fetch` on `hostname:port` with the keep-alive timeouts above; `onListen` once bound. */
export function listen(
  options: { fetch: (request: Request) => Response | Promise<Response>; port: number; hostname: string },
  onListen?: (info: AddressInfo) => void,
): ServerType {
  const server = serve(options, onListen);
  applyKeepAlive(server);
  return server;
}
