import { vi } from 'vitest';

export interface StubCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type StubHandler = (call: StubCall) => Response | Promise<Response>;

/** A JSON answer for a fetch stub. */
export function json(status: number, body?: unknown): Response {
  return body === undefined
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The error body the API sends (contract/apiErrors.ts). */
export function apiError(status: number, code: string, extra: Record<string, unknown> = {}): Response {
  return json(status, { error: { code, message: code, ...extra } });
}

/**
 * Replaces `fetch` with handlers keyed by 'METHOD path' (path without the /api base). Unknown
 * calls answer 404. Returns the list of calls made, for assertions.
 */
export function stubFetch(handlers: Record<string, StubHandler>): StubCall[] {
  const calls: StubCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call = { method, path, headers, body };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    return handler ? handler(call) : json(404, { error: { code: 'not_found', message: 'not found' } });
  });
  return calls;
}
