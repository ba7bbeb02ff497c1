import { Hono } from 'hono';
import { z } from 'zod';
import { WITHDRAW_REAUTH_WINDOW_S, withdrawRequestSchema, type WithdrawalPlan } from '../../contract/apiAccount';
import { AVATAR_MAX_BYTES, passwordChangeRequestSchema, userUpdateSchema } from '../../contract/apiAuth';
import { withdrawAccount } from '../account/withdrawAccount';
import { withdrawalPlan } from '../account/withdrawalPlan';
import { emailSchema, V } from '../../contract/validation';
import { hashPassword, verifyPassword } from '../auth/password';
import { issueTokenPair, revokeAllForUser, sessionStart } from '../auth/refreshTokens';
import type { AppContext, AppEnv } from '../context';
import type { UserRow, UserUpdate } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { answerJson } from '../http/answerJson';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf } from '../http/validate';
import { processAvatar } from '../images/avatarImage';
import { readLimitedBody } from '../images/readLimitedBody';
import { findUserByEmail, findUserById } from '../users/findUser';
import { publicUserView, userView } from '../users/userViews';

/** The signed-in user's own account: profile, avatar, password, withdrawal; and public profiles by e-mail. */
export function createUserRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('/user', requireUser(ctx));
  r.use('/user/*', requireUser(ctx));
  r.use('/password', requireUser(ctx));

  const reload = async (id: string) => {
    const user = await findUserById(ctx.db, id);
    if (!user) throw new ApiError('unauthorized', 'The account no longer exists.');
    return user;
  };

  /** Deletes a blob that no user refers to any more (keys are content hashes, so shared). */
  const dropAvatarBlob = async (key: string | null) => {
    if (!key) return;
    const still = await ctx.db.selectFrom('users').select('id').where('avatar_key', '=', key).executeTakeFirst();
    if (!still) await ctx.blobs.delete(key);
  };

  r.get('/user', (c) => answerJson(c, ctx.config, userView(c.get('user'))));

  r.patch('/user', jsonBody(userUpdateSchema), async (c) => {
    const body = c.req.valid('json');
    const update: UserUpdate = { updated_at: ctx.now().toISOString() };
    if (body.name !== undefined) update.name = body.name;
    if (body.introduction !== undefined) update.introduction = body.introduction;
    if (body.notifications) {
      update.notify_notice = body.notifications.notice ? 1 : 0;
      update.notify_training = body.notifications.training ? 1 : 0;
      update.notify_market = body.notifications.market ? 1 : 0;
    }
    await ctx.db.updateTable('users').set(update).where('id', '=', c.get('user').id).execute();
    return c.json(userView(await reload(c.get('user').id)));
  });

  r.put('/user/avatar', async (c) => {
    const webp = await processAvatar(await readLimitedBody(c, AVATAR_MAX_BYTES));
    const key = await ctx.blobs.put(webp);
    const old = c.get('user').avatar_key;
    await ctx.db
      .updateTable('users')
      .set({ avatar_key: key, updated_at: ctx.now().toISOString() })
      .where('id', '=', c.get('user').id)
      .execute();
    if (old !== key) await dropAvatarBlob(old);
    return c.json(userView(await reload(c.get('user').id)));
  });

  r.delete('/user/avatar', async (c) => {
    const old = c.get('user').avatar_key;
    await ctx.db
      .updateTable('users')
      .set({ avatar_key: null, updated_at: ctx.now().toISOString() })
      .where('id', '=', c.get('user').id)
      .execute();
    await dropAvatarBlob(old);
    return c.json(userView(await reload(c.get('user').id)));
  });

  r.get('/user/email/:email', paramsOf(z.object({ email: emailSchema })), async (c) => {
    const user = await findUserByEmail(ctx.db, c.req.valid('param').email);
    return c.json(user?.email_verified_at ? [publicUserView(user)] : []);
  });

  r.get('/user/withdraw', async (c) => {
    const user = c.get('user');
    const plan: WithdrawalPlan = {
      confirmWith: user.password_hash ? 'password' : 'oauth',
      ...(await withdrawalPlan(ctx.db, user.id)),
    };
    return c.json(plan);
  });

  /** Proves that the caller is the account holder now: the password, or a fresh sign-in with the provider. */
  const confirmIdentity = async (user: UserRow, body: { password?: string; refreshToken?: string }) => {
    if (user.password_hash) {
      if (!body.password)
        throw new ApiError('validation', 'The password is required.', { fields: { password: V.required } });
      if (!(await verifyPassword(body.password, user.password_hash))) {
        throw new ApiError('validation', 'The current password does not match.', {
          fields: { password: V.currentPasswordMismatch },
        });
      }
      return;
    }
    const now = ctx.now();
    const session = body.refreshToken ? await sessionStart(ctx.db, body.refreshToken, user.id, now) : null;
    const fresh =
      session?.signIn === 'oauth' && Date.parse(session.startedAt) >= now.getTime() - WITHDRAW_REAUTH_WINDOW_S * 1000;
    if (!fresh) throw new ApiError('reauth_required', 'Sign in again with your provider to delete the account.');
  };

  r.post('/user/withdraw', jsonBody(withdrawRequestSchema), async (c) => {
    const user = c.get('user');
    await confirmIdentity(user, c.req.valid('json'));
    await withdrawAccount(ctx, user);
    return c.body(null, 204);
  });

  r.post('/password', jsonBody(passwordChangeRequestSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    const user = c.get('user');
    if (!user.password_hash || !(await verifyPassword(currentPassword, user.password_hash))) {
      throw new ApiError('validation', 'The current password does not match.', {
        fields: { currentPassword: V.currentPasswordMismatch },
      });
    }
    const passwordHash = await hashPassword(newPassword);
    // Every other session ends with the old password; this one continues on a new token family.
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now.toISOString() })
        .where('id', '=', user.id)
        .execute();
      await revokeAllForUser(trx, user.id, now);
    });
    return c.json(await issueTokenPair(ctx, user.id));
  });

  return r;
}
