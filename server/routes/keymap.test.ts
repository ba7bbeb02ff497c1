import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BINDINGS_PER_ACTION_MAX, keymapSchema } from '../../contract/studioKeymap';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let ann: TestUser;
let ben: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ann = await createTestUser(t);
  ben = await createTestUser(t);
});
afterAll(() => t.close());

const get = (user: TestUser | null) => as(t, user, 'GET', 'auth/user/keymap');
const put = (user: TestUser | null, body: unknown) => as(t, user, 'PUT', 'auth/user/keymap', body);

describe('studio key map', () => {
  it('starts with no overrides, stores each user its own, and replaces them whole', async () => {
    expect((await get(ann)).body).toEqual({ bindings: {} });
    const mine = { bindings: { box: ['KeyR', 'shift+KeyB'], polygon: [], undo: ['mod+KeyZ'] } };
    const saved = await put(ann, mine);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(mine);
    expect(keymapSchema.parse((await get(ann)).body)).toEqual(mine);
    expect((await get(ben)).body).toEqual({ bindings: {} });

    expect((await put(ann, { bindings: { select: ['KeyS'] } })).status).toBe(200);
    expect((await get(ann)).body).toEqual({ bindings: { select: ['KeyS'] } });
  });

  it('refuses unknown actions, malformed keys and too many keys, keeping what was stored', async () => {
    await put(ann, { bindings: { box: ['KeyR'] } });
    const tooMany = Array.from({ length: BINDINGS_PER_ACTION_MAX + 1 }, (_, i) => `Digit${i}`);
    const cases: [unknown, string][] = [
      [{ bindings: { teleport: ['KeyT'] } }, 'bad_request'],
      [{ bindings: { box: ['r'] } }, 'validation'],
      [{ bindings: { box: ['shift+mod+KeyR'] } }, 'validation'],
      [{ bindings: { box: tooMany } }, 'validation'],
      [{}, 'validation'],
      [{ bindings: {}, extra: true }, 'bad_request'],
    ];
    for (const [body, code] of cases) {
      const res = await put(ann, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code, JSON.stringify(body)).toBe(code);
    }
    expect((await get(ann)).body).toEqual({ bindings: { box: ['KeyR'] } });
  });

  it('reads a stored map that no longer fits the schema as no overrides', async () => {
    for (const stored of ['{"bindings":{"teleport":["KeyT"]}}', 'not json', '[]']) {
      await t.database.db.updateTable('users').set({ keymap: stored }).where('id', '=', ben.id).execute();
      expect((await get(ben)).body, stored).toEqual({ bindings: {} });
    }
  });

  it('answers 401 without a token', async () => {
    expect((await get(null)).status).toBe(401);
    expect((await put(null, { bindings: {} })).status).toBe(401);
  });
});
