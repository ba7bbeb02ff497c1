import { Hono } from 'hono';
import { IMAGE_LOCK_LEASE_S, type ImageLock } from '../../contract/apiImageLocks';
import type { AppContext } from '../context';
import type { Db } from '../db/Db';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { paramsOf } from '../http/validate';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { imageParams } from './annotations';
import { imageNotFound, requireProjectImage } from '../projects/requireProjectImage';

/** The lock row of the image with its holder's name, expired or not (null: none). */
async function lockRow(db: Db, imageId: string) {
  return db
    .selectFrom('image_locks as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.image_id', 'l.user_id', 'l.expires_at', 'u.name'])
    .where('l.image_id', '=', imageId)
    .executeTakeFirst();
}

type LockRow = NonNullable<Awaited<ReturnType<typeof lockRow>>>;

const lockView = (row: LockRow, callerId: string): ImageLock => ({
  imageId: row.image_id,
  holder: { id: row.user_id, name: row.name },
  expiresAt: row.expires_at,
  mine: row.user_id === callerId,
});

/**
 * Image lock leases (contract/apiImageLocks.ts). A lease is one row per image; times are ISO text
 * from ctx.now(), which compare in time order as text. Taking and renewing are one statement (an
 * upsert that only overwrites a lease that has expired or is the caller's), so two workers taking
 * a free image at once cannot both get it, on either database.
 */
export function createImageLockRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const signedIn = requireUser(ctx);
  const path = '/:projectId/images/:imageId/lock';
  const params = paramsOf(imageParams);
  const worker = requireProjectRole(ctx.db, 'worker');

  /** Takes the image, or renews the caller's lease; 409 `image_locked` when someone else holds it. */
  const take = async (projectId: string, imageId: string, userId: string): Promise<ImageLock> => {
    await requireProjectImage(ctx.db, projectId, imageId);
    const now = ctx.now();
    const nowIso = now.toISOString();
    const expiresAt = new Date(now.getTime() + IMAGE_LOCK_LEASE_S * 1000).toISOString();
    const taken = await ctx.db
      .insertInto('image_locks')
      .values({ image_id: imageId, user_id: userId, expires_at: expiresAt, taken_at: nowIso })
      .onConflict((oc) =>
        oc
          .column('image_id')
          .doUpdateSet((eb) => ({
            expires_at: eb.ref('excluded.expires_at'),
            // A renewal keeps when the holder took it; a take-over starts anew.
            taken_at: eb
              .case()
              .when('image_locks.user_id', '=', userId)
              .then(eb.ref('image_locks.taken_at'))
              .else(eb.ref('excluded.taken_at'))
              .end(),
            user_id: eb.ref('excluded.user_id'),
          }))
          .where((eb) => eb.or([eb('image_locks.user_id', '=', userId), eb('image_locks.expires_at', '<=', nowIso)])),
      )
      .returning('image_id')
      .executeTakeFirst();
    const row = await lockRow(ctx.db, imageId);
    if (!row) throw imageNotFound();
    const lock = lockView(row, userId);
    if (!taken || !lock.mine) {
      throw new ApiError('image_locked', 'Another worker is already in progress', { lock });
    }
    return lock;
  };

  r.get(path, signedIn, params, worker, async (c) => {
    const { projectId } = c.get('project');
    const { imageId } = c.req.valid('param');
    await requireProjectImage(ctx.db, projectId, imageId);
    const row = await lockRow(ctx.db, imageId);
    // An expired lease is nobody's: anyone may take the image.
    const held = row && row.expires_at > ctx.now().toISOString() ? row : null;
    return c.json({ lock: held ? lockView(held, c.get('user').id) : null });
  });

  r.post(path, signedIn, params, worker, async (c) =>
    c.json(await take(c.get('project').projectId, c.req.valid('param').imageId, c.get('user').id)),
  );

  // The heartbeat renews like a take: a lease that lapsed while nobody else took the image is
  // simply the caller's again; one taken over answers 409 with the new holder.
  r.put(path, signedIn, params, worker, async (c) =>
    c.json(await take(c.get('project').projectId, c.req.valid('param').imageId, c.get('user').id)),
  );

  r.delete(path, signedIn, params, worker, async (c) => {
    const { projectId } = c.get('project');
    const { imageId } = c.req.valid('param');
    await requireProjectImage(ctx.db, projectId, imageId);
    await ctx.db
      .deleteFrom('image_locks')
      .where('image_id', '=', imageId)
      .where('user_id', '=', c.get('user').id)
      .execute();
    return c.body(null, 204);
  });

  return r;
}
