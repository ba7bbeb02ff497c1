import { randomUUID } from 'node:crypto';
import { signAccessToken } from '../auth/accessToken';
import type { AppContext } from '../context';
import { userRow } from './fixtures/testRows';
import type { TestApp } from './testApp';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  /** `Authorization` header value. */
  auth: string;
}

/**
 * A verified user written straight into the test database, with an access token signed by the
 * app's own key — for route tests that are about something other than signing in.
 */
export async function createTestUser(
  t: TestApp,
  opts: { name?: string; email?: string; admin?: boolean; locale?: 'ko' | 'en' } = {},
): Promise<TestUser> {
  const id = randomUUID();
  const email = opts.email ?? `u-${id.slice(0, 8)}@example.com`;
  const name = opts.name ?? 'Test User';
  const now = t.clock.now().toISOString();
  await t.database.db
    .insertInto('users')
    .values(userRow(now, { id, email, name, scope: opts.admin ? 'user,admin' : 'user', locale: opts.locale ?? 'ko' }))
    .execute();
  // signAccessToken reads only the secret, the token lifetime and the clock.
  const ctx = { config: t.config, now: t.clock.now } as unknown as AppContext;
  return { id, email, name, auth: `Bearer ${await signAccessToken(ctx, id)}` };
}

/** `app.request` init for a JSON call with an optional user. */
export function jsonInit(method: string, user?: TestUser | null, body?: unknown): RequestInit {
  const headers: Record<string, string> = {};
  if (user) headers.Authorization = user.auth;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) };
}
