import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { alertRequestSchema, type Alert } from '../../contract/apiAuth';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf } from '../http/validate';
import { normalizeEmail } from '../users/findUser';

const ALERTS_LISTED = 100;

/** Alerts between users: send (as oneself only), list one's own, mark one's own read. */
export function createAlertRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('/alert', requireUser(ctx));
  r.use('/alerts', requireUser(ctx));
  r.use('/alerts/*', requireUser(ctx));

  r.post('/alert', jsonBody(alertRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const me = c.get('user');
    if (normalizeEmail(body.sender) !== me.email)
      throw new ApiError('forbidden', 'You can only send alerts as yourself.');
    const emails = [...new Set(body.receivers.map(normalizeEmail))];
    const receivers = await ctx.db.selectFrom('users').select('id').where('email', 'in', emails).execute();
    const now = ctx.now().toISOString();
    if (receivers.length > 0) {
      await ctx.db
        .insertInto('alerts')
        .values(
          receivers.map((u) => ({
            id: randomUUID(),
            receiver_id: u.id,
            sender_id: me.id,
            message: body.message,
            type: body.type,
            read_at: null,
            created_at: now,
          })),
        )
        .execute();
    }
    return c.json({ count: receivers.length }, 201);
  });

  r.get('/alerts', async (c) => {
    const rows = await ctx.db
      .selectFrom('alerts')
      .innerJoin('users as s', 's.id', 'alerts.sender_id')
      .select([
        'alerts.id',
        'alerts.message',
        'alerts.type',
        'alerts.read_at',
        'alerts.created_at',
        's.name',
        's.email',
      ])
      .where('alerts.receiver_id', '=', c.get('user').id)
      .orderBy('alerts.created_at', 'desc')
      .orderBy('alerts.id', 'desc')
      .limit(ALERTS_LISTED)
      .execute();
    const alerts: Alert[] = rows.map((a) => ({
      id: a.id,
      sender: { name: a.name, email: a.email },
      message: a.message,
      type: a.type as Alert['type'],
      read: a.read_at !== null,
      createdAt: a.created_at,
    }));
    return c.json(alerts);
  });

  r.post('/alerts/:id/read', paramsOf(z.object({ id: z.string().min(1).max(64) })), async (c) => {
    const result = await ctx.db
      .updateTable('alerts')
      .set({ read_at: ctx.now().toISOString() })
      .where('id', '=', c.req.valid('param').id)
      .where('receiver_id', '=', c.get('user').id)
      .executeTakeFirst();
    // Someone else's alert answers like a missing one.
    if (Number(result.numUpdatedRows) === 0) throw new ApiError('not_found', 'No such alert.');
    return c.body(null, 204);
  });

  return r;
}
