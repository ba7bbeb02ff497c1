import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { seedProject } from '../test/fixtures/projectSeed';
import { seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

/*
 * Ranged downloads of stored files on the local blob store (uploadsOnS3.test.ts checks one on S3):
 * an original, the same rules for avatars, and every security header on each answer.
 */
let t: TestApp;
let member: TestUser;
let outsider: TestUser;
let url: string;
let key: string;
const bytes = randomBytes(50_000);

beforeAll(async () => {
  t = await createTestApp();
  member = await createTestUser(t);
  outsider = await createTestUser(t);
  const projectId = (await seedProject(t, { members: [{ user: member, role: 'worker' }] })).id;
  key = await new LocalBlobStore(path.join(t.dataDir, 'blobs')).put(bytes);
  const imageId = await seedImage(t, projectId);
  await t.database.db.updateTable('images').set({ blob_key: key }).where('id', '=', imageId).execute();
  url = `/api/projects/${projectId}/images/${imageId}/original`;
});
afterAll(() => t.close());

const get = async (headers: Record<string, string>, user = member, at = url) => {
  const res = await t.app.request(at, { headers: { Authorization: user.auth, ...headers } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
};

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
}

describe('ranged downloads of an original', () => {
  it('sends the whole file without a Range, saying that ranges are accepted', async () => {
    const res = await get({});
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe('50000');
    expect(res.headers.get('content-range')).toBeNull();
    expect(res.body.equals(bytes)).toBe(true);
  });

  it('sends one range as 206 with Content-Range and the file headers', async () => {
    const res = await get({ Range: 'bytes=0-99' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 0-99/50000');
    expect(res.headers.get('content-length')).toBe('100');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('etag')).toBe(`"${key}"`);
    expectSecurityHeaders(res.headers);
    expect(res.body.equals(bytes.subarray(0, 100))).toBe(true);
  });

  it('resumes from a byte to the end, and sends the last n bytes', async () => {
    const resumed = await get({ Range: 'bytes=31337-' });
    expect(resumed.status).toBe(206);
    expect(resumed.headers.get('content-range')).toBe('bytes 31337-49999/50000');
    expect(resumed.body.equals(bytes.subarray(31_337))).toBe(true);
    const tail = await get({ Range: 'bytes=-10' });
    expect(tail.headers.get('content-range')).toBe('bytes 49990-49999/50000');
    expect(tail.body.equals(bytes.subarray(49_990))).toBe(true);
    const clamped = await get({ Range: 'bytes=49999-99999999' });
    expect(clamped.headers.get('content-range')).toBe('bytes 49999-49999/50000');
    expect(clamped.body.equals(bytes.subarray(49_999))).toBe(true);
  });

  it('answers a range past the end with 416 and the size, and nothing to cache', async () => {
    const res = await get({ Range: 'bytes=50000-' });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */50000');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(res.headers);
    expect(res.body.length).toBe(0);
  });

  it('sends the whole file for a malformed or multi-range header, or an If-Range that does not match', async () => {
    const ignored: Record<string, string>[] = [
      { Range: 'bytes=abc' },
      { Range: 'bytes=10-5' },
      { Range: 'bytes=0-1,10-20' },
      { Range: 'pages=1-2' },
      { Range: 'bytes=0-99', 'If-Range': '"someone-else"' },
      { Range: 'bytes=0-99', 'If-Range': 'Wed, 21 Oct 2015 07:28:00 GMT' },
    ];
    for (const headers of ignored) {
      const res = await get(headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.body.equals(bytes)).toBe(true);
    }
    const resumed = await get({ Range: 'bytes=100-', 'If-Range': `"${key}"` });
    expect(resumed.status).toBe(206);
    expect(resumed.body.equals(bytes.subarray(100))).toBe(true);
  });

  it('still answers 304 to a matching If-None-Match, and 404 to someone outside the project', async () => {
    expect((await get({ Range: 'bytes=0-9', 'If-None-Match': `"${key}"` })).status).toBe(304);
    const outside = await get({ Range: 'bytes=0-9' }, outsider);
    expect(outside.status).toBe(404);
    expect(outside.headers.get('content-range')).toBeNull();
  });
});

describe('ranged downloads of an avatar', () => {
  it('honours a range on the public avatar route, with its own headers', async () => {
    const avatar = randomBytes(3000);
    const avatarKey = await new LocalBlobStore(path.join(t.dataDir, 'blobs')).put(avatar);
    await t.database.db.updateTable('users').set({ avatar_key: avatarKey }).where('id', '=', member.id).execute();
    const res = await t.app.request(`/api/files/avatars/${avatarKey}`, { headers: { Range: 'bytes=1000-1999' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 1000-1999/3000');
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(res.headers);
    expect(Buffer.from(await res.arrayBuffer()).equals(avatar.subarray(1000, 2000))).toBe(true);
    const past = await t.app.request(`/api/files/avatars/${avatarKey}`, { headers: { Range: 'bytes=3000-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */3000');
  });
});
