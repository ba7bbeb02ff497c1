import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../contract/apiAuth';
import { hashPassword } from '../auth/password';
import type { BlobStore } from '../blobs/BlobStore';
import { createTestApp, type TestApp } from '../test/testApp';
import { call, seedUser } from '../test/testRequests';

const PW = 'Secret12!x';
let t: TestApp;
let hash: string;
let me: Awaited<ReturnType<typeof seedUser>>;
let friend: Awaited<ReturnType<typeof seedUser>>;
beforeAll(async () => {
  t = await createTestApp();
  hash = await hashPassword(PW);
  me = await seedUser(t, 'me@example.com', hash, PW);
  friend = await seedUser(t, 'friend@example.com', hash, PW);
});
afterAll(() => t.close());

function putAvatar(body: BodyInit, headers: Record<string, string> = {}, token = me.token) {
  return t.app.request('/api/auth/user/avatar', {
    method: 'PUT',
    body,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream', ...headers },
    // Node's fetch needs this for stream bodies.
    ...({ duplex: 'half' } as object),
  });
}
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe('profile', () => {
  it('reads and updates the profile with the contract schemas', async () => {
    const got = await call(t, 'GET', 'auth/user', undefined, me.token);
    expect(got.body).toMatchObject({
      email: 'me@example.com',
      introduction: '',
      notifications: { notice: true, training: true, market: false },
    });
    const patched = await call(
      t,
      'PATCH',
      'auth/user',
      { name: '나 자신', introduction: 'Hello.', notifications: { notice: false, training: true, market: true } },
      me.token,
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: '나 자신',
      introduction: 'Hello.',
      notifications: { notice: false, training: true, market: true },
    });
  });

  it('refuses bad updates and changes nothing', async () => {
    const extra = await call(t, 'PATCH', 'auth/user', { scope: ['admin'] }, me.token);
    expect(extra.status).toBe(400);
    expect(extra.body.error.code).toBe('bad_request');
    const types = await call(
      t,
      'PATCH',
      'auth/user',
      { name: ' lead', notifications: { notice: 'yes', training: true, market: true } },
      me.token,
    );
    expect(types.status).toBe(400);
    expect(types.body.error.code).toBe('validation');
    expect(Object.keys(types.body.error.fields)).toEqual(expect.arrayContaining(['name', 'notifications.notice']));
    const after = await call(t, 'GET', 'auth/user', undefined, me.token);
    expect(after.body).toMatchObject({ name: '나 자신', scope: ['user'], notifications: { notice: false } });
    expect((await call(t, 'GET', 'auth/user')).status).toBe(401);
  });

  it('looks up public profiles by e-mail', async () => {
    const found = await call(t, 'GET', 'auth/user/email/friend%40example.com', undefined, me.token);
    expect(found.body).toEqual([{ name: 'friend', email: 'friend@example.com', avatar: null, introduction: '' }]);
    expect((await call(t, 'GET', 'auth/user/email/nobody%40example.com', undefined, me.token)).body).toEqual([]);
    expect((await call(t, 'GET', 'auth/user/email/not-an-email', undefined, me.token)).status).toBe(400);
  });
});

describe('avatar', () => {
  it('re-encodes an upload to a small WebP without metadata and serves it safely', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#1e88e5' } })
      .withMetadata({ exif: { IFD0: { ImageDescription: '<script>alert(1)</script>' } } })
      .jpeg()
      .toBuffer();
    const res = await putAvatar(jpeg);
    expect(res.status).toBe(200);
    const user = (await res.json()) as { avatar: string };
    expect(user.avatar).toMatch(/^\/api\/files\/avatars\/[0-9a-f]{64}$/);
    const file = await t.app.request(user.avatar);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toContain('immutable');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    const bytes = Buffer.from(await file.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes('<script>')).toBe(false);
    // Someone else's profile shows it too.
    expect((await call(t, 'GET', 'auth/user/email/me%40example.com', undefined, friend.token)).body[0].avatar).toBe(
      user.avatar,
    );
  });

  it('refuses a renamed text file, an SVG with script and a 14000² pixel bomb', async () => {
    const text = await putAvatar(Buffer.from('just some text pretending to be a PNG'), { 'Content-Type': 'image/png' });
    expect(text.status).toBe(415);
    expect(await codeOf(text)).toBe('image_invalid');
    const svg = await putAvatar(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      { 'Content-Type': 'image/svg+xml' },
    );
    expect(svg.status).toBe(415);
    expect(await codeOf(svg)).toBe('image_invalid');
    const bomb = await sharp({
      create: { width: 14000, height: 14000, channels: 3, background: '#000' },
      limitInputPixels: false,
    })
      .toColourspace('b-w')
      .png({ compressionLevel: 6, adaptiveFiltering: false })
      .toBuffer();
    expect(bomb.length).toBeLessThan(AVATAR_MAX_BYTES);
    const res = await putAvatar(bomb, { 'Content-Type': 'image/png' });
    expect(res.status).toBe(400);
    expect(await codeOf(res)).toBe('image_invalid');
    const truncated = await putAvatar(
      (
        await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
          .png()
          .toBuffer()
      ).subarray(0, 40),
    );
    expect(await codeOf(truncated)).toBe('image_invalid');
  });

  it('counts the streamed bytes, whatever Content-Length says', async () => {
    const big = Buffer.alloc(AVATAR_MAX_BYTES + 1024, 1);
    const declared = await putAvatar(big);
    expect(declared.status).toBe(413);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 4) return controller.close();
        sent += 1;
        controller.enqueue(new Uint8Array(200 * 1024).fill(7));
      },
    });
    const understated = await putAvatar(stream, { 'Content-Length': '1000' });
    expect(understated.status).toBe(413);
    expect(await codeOf(understated)).toBe('payload_too_large');
    // The refused uploads did not change the stored avatar.
    expect((await call(t, 'GET', 'auth/user', undefined, me.token)).body.avatar).toMatch(/^\/api\/files\/avatars\//);
  });

  it('deletes the avatar and its file', async () => {
    const before = (await call(t, 'GET', 'auth/user', undefined, me.token)).body.avatar as string;
    const res = await call(t, 'DELETE', 'auth/user/avatar', undefined, me.token);
    expect(res.body.avatar).toBeNull();
    expect((await t.app.request(before)).status).toBe(404);
    expect((await t.app.request('/api/files/avatars/..%2f..%2fetc%2fpasswd')).status).toBe(404);
  });
});

describe('password change', () => {
  it('refuses a wrong current password on the field, then changes it and ends other sessions', async () => {
    const user = await seedUser(t, 'changer@example.com', hash, PW);
    const wrong = await call(
      t,
      'POST',
      'auth/password',
      { currentPassword: 'Wrong123!x', newPassword: 'Newpass1!x', confirmPassword: 'Newpass1!x' },
      user.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 'validation',
      fields: { currentPassword: 'validation:password.currentMismatch' },
    });
    const mismatch = await call(
      t,
      'POST',
      'auth/password',
      { currentPassword: PW, newPassword: 'Newpass1!x', confirmPassword: 'Newpass2!x' },
      user.token,
    );
    expect(mismatch.body.error.fields).toEqual({ confirmPassword: 'validation:password.confirmMismatch' });
    const ok = await call(
      t,
      'POST',
      'auth/password',
      { currentPassword: PW, newPassword: 'Newpass1!x', confirmPassword: 'Newpass1!x' },
      user.token,
    );
    expect(ok.status).toBe(200);
    expect((await call(t, 'POST', 'auth/refresh', { refreshToken: user.refreshToken })).status).toBe(401);
    // The session that changed the password goes on with the pair it got back.
    const pair = ok.body as { token: string; refreshToken: string };
    expect((await call(t, 'GET', 'auth/user', undefined, pair.token)).status).toBe(200);
    expect((await call(t, 'POST', 'auth/refresh', { refreshToken: pair.refreshToken })).status).toBe(200);
    const extra = await call(
      t,
      'POST',
      'auth/password',
      { currentPassword: 'Newpass1!x', newPassword: 'Newpass2!x', confirmPassword: 'Newpass2!x', role: 'admin' },
      pair.token,
    );
    expect(extra.status).toBe(400);
    expect((await call(t, 'POST', 'auth/login', { email: 'changer@example.com', password: 'Newpass1!x' })).status).toBe(
      200,
    );
  });
});

describe('alerts', () => {
  it("sends as oneself to known receivers, lists newest first and marks only one's own read", async () => {
    const forged = await call(
      t,
      'POST',
      'auth/alert',
      { sender: 'friend@example.com', receivers: ['me@example.com'], message: 'hi', type: 'info' },
      me.token,
    );
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe('forbidden');
    const sent = await call(
      t,
      'POST',
      'auth/alert',
      {
        sender: 'ME@example.com',
        receivers: ['friend@example.com', 'ghost@example.com', 'Friend@example.com'],
        message: 'Join my project',
        type: 'invite',
      },
      me.token,
    );
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ count: 1 });
    t.clock.advance(1);
    await call(
      t,
      'POST',
      'auth/alert',
      { sender: 'me@example.com', receivers: ['friend@example.com'], message: 'Second', type: 'info' },
      me.token,
    );
    const list = await call(t, 'GET', 'auth/alerts', undefined, friend.token);
    expect(list.body.map((a: { message: string }) => a.message)).toEqual(['Second', 'Join my project']);
    expect(list.body[0]).toMatchObject({ sender: { email: 'me@example.com' }, read: false, type: 'info' });
    expect((await call(t, 'GET', 'auth/alerts', undefined, me.token)).body).toEqual([]);

    const id = list.body[1].id as string;
    expect((await call(t, 'POST', `auth/alerts/${id}/read`, undefined, me.token)).status).toBe(404);
    expect((await call(t, 'POST', `auth/alerts/${id}/read`, undefined, friend.token)).status).toBe(204);
    expect((await call(t, 'GET', 'auth/alerts', undefined, friend.token)).body[1].read).toBe(true);

    const bad = await call(
      t,
      'POST',
      'auth/alert',
      { sender: 'me@example.com', receivers: [], message: '', type: 'spam' },
      me.token,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['message', 'receivers', 'type']);
  });
});

describe('server errors', () => {
  it('answers 500 without a stack or the internal message', async () => {
    const broken: BlobStore = {
      put: () => Promise.reject(new Error('disk /secret/path exploded')),
      get: () => Promise.resolve(null),
      getRange: () => Promise.resolve(null),
      has: () => Promise.resolve(false),
      delete: () => Promise.resolve(),
      list: async function* () {},
      deleteIfOlderThan: () => Promise.resolve(false),
    };
    const b = await createTestApp({}, { blobs: broken });
    try {
      const user = await seedUser(b, 'broken@example.com', hash, PW);
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const res = await b.app.request('/api/auth/user/avatar', {
        method: 'PUT',
        body: png,
        headers: { Authorization: `Bearer ${user.token}` },
      });
      quiet.mockRestore();
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        error: { code: 'internal', message: 'An error has occurred in the server.' },
      });
      expect(text).not.toMatch(/secret|at .*\.ts|Error:/);
    } finally {
      await b.close();
    }
  });
});
