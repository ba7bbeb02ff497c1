import { randomUUID } from 'node:crypto';
import type { TokenPair } from '../../contract/apiAuth';
import { userRow } from './fixtures/testRows';
import type { TestApp } from './testApp';

/** A JSON request to the app under test; returns the status and the parsed body (or null). */
export async function call(t: TestApp, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await t.app.request(`/api/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are checked by the assertions
  return { status: res.status, body: json as any, text, headers: res.headers };
}

/**
 * A verified account inserted directly (with a password hash made once per file: hashing at
 * full cost takes ~0.3 s), then signed in through the API.
 */
export async function seedUser(
  t: TestApp,
  email: string,
  passwordHash: string,
  password: string,
  scope = 'user',
): Promise<TokenPair & { id: string }> {
  const now = t.clock.now().toISOString();
  const id = randomUUID();
  await t.database.db
    .insertInto('users')
    .values(userRow(now, { id, email, name: email.split('@')[0] ?? 'user', password_hash: passwordHash, scope }))
    .execute();
  const res = await call(t, 'POST', 'auth/login', { email, password });
  if (res.status !== 200) throw new Error(`seed login failed: ${res.status} ${res.text}`);
  return { id, ...(res.body as TokenPair) };
}
