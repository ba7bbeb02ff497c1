import { Hono } from 'hono';
import { keymapSchema, type Keymap } from '../../contract/studioKeymap';
import type { AppContext, AppEnv } from '../context';
import type { UserRow } from '../db/schema';
import { requireUser } from '../http/requireUser';
import { jsonBody } from '../http/validate';

const NO_OVERRIDES: Keymap = { bindings: {} };

/**
 * The stored overrides, read through the schema again: a row written under an older list of
 * actions (one since renamed or removed) reads as the defaults rather than failing the studio.
 */
export function keymapOf(user: Pick<UserRow, 'keymap'>): Keymap {
  if (!user.keymap) return NO_OVERRIDES;
  try {
    const parsed = keymapSchema.safeParse(JSON.parse(user.keymap));
    return parsed.success ? parsed.data : NO_OVERRIDES;
  } catch {
    return NO_OVERRIDES;
  }
}

/** The signed-in user's studio key map overrides (contract/studioKeymap.ts), stored in users.keymap. */
export function createKeymapRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('/user/keymap', requireUser(ctx));

  r.get('/user/keymap', (c) => c.json(keymapOf(c.get('user'))));

  r.put('/user/keymap', jsonBody(keymapSchema), async (c) => {
    const keymap = c.req.valid('json');
    await ctx.db
      .updateTable('users')
      .set({ keymap: JSON.stringify(keymap), updated_at: ctx.now().toISOString() })
      .where('id', '=', c.get('user').id)
      .execute();
    return c.json(keymap);
  });

  return r;
}
