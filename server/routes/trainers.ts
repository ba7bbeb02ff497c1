import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { requireUser } from '../http/requireUser';
import { trainerView } from '../training/trainingViews';

/**
 * GET /trainers: the trainers registered against this database (the one inside the API process
 * and every `npm run worker -- --role trainer`), online ones first, for the wizard's training
 * server step. Any signed-in user: it names machines, not data.
 */
export function createTrainerRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get('/', requireUser(ctx), async (c) => {
    const rows = await ctx.db.selectFrom('trainers').selectAll().orderBy('name').orderBy('id').execute();
    const now = ctx.now();
    const items = rows.map((row) => trainerView(row, now));
    items.sort((a, b) => Number(b.online) - Number(a.online));
    return c.json({ items });
  });
  return r;
}
