import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import {
  emailRequestSchema,
  LOGIN_FAILURES_BEFORE_CAPTCHA,
  keyRequestSchema,
  loginRequestSchema,
  passwordResetSchema,
  refreshRequestSchema,
  registerRequestSchema,
  type VerificationSent,
} from '../../contract/apiAuth';
import { captchaKeyOf, createCaptcha, useCaptcha } from '../auth/captcha';
import { clearFailures, lockStateOf, recordFailure, takeFreeTry } from '../auth/loginLock';
import { consumeOneTimeKey, createOneTimeKey } from '../auth/oneTimeKeys';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/password';
import { issueTokenPair, revokeAllForUser, revokeByToken, rotateRefreshToken } from '../auth/refreshTokens';
import type { AppContext, AppEnv } from '../context';
import { newUserRow } from '../db/newRows';
import { ApiError } from '../http/ApiError';
import { jsonBody } from '../http/validate';
import { acceptInvitations } from '../invitations/acceptInvitations';
import { pendingInvitationByKey } from '../invitations/invitationStore';
import { accountExistsMail, pageLink, resetMail, verifyMail, type MailLocale } from '../mail/templates';
import { findUserByEmail, normalizeEmail } from '../users/findUser';

const ACCEPTED: VerificationSent = { status: 'verification_sent' };

/**
 * Sign-up, e-mail verification, sign-in, token refresh, sign-out and password reset
 * (contract/apiAuth.ts). Answers never tell whether an e-mail address has an account.
 */
export function createAuthRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const captchaKey = captchaKeyOf(ctx.config.JWT_SECRET);

  const sendVerification = async (userId: string, email: string, name: string, locale: MailLocale) => {
    const key = await createOneTimeKey(ctx.db, 'verify', userId, ctx.now());
    await ctx.mailer.send(
      verifyMail(email, name, locale, pageLink(ctx.config.PUBLIC_URL, locale, `/login/auth/${key}`)),
    );
  };

  r.post('/register', jsonBody(registerRequestSchema), async (c) => {
    const { name, password, locale, invitation } = c.req.valid('json');
    const email = normalizeEmail(c.req.valid('json').email);
    const existing = await findUserByEmail(ctx.db, email);
    if (existing) {
      await burnPasswordCheck(password);
      await ctx.mailer.send(
        accountExistsMail(email, existing.name, locale, pageLink(ctx.config.PUBLIC_URL, locale, '/login')),
      );
      return c.json(ACCEPTED, 202);
    }
    const at = ctx.now();
    const now = at.toISOString();
    const id = randomUUID();
    const passwordHash = await hashPassword(password);
    // The key of an invitation mailed to this very address proves the address (as the
    // verification link would): the account is verified and joins its invitations at once.
    const invited = invitation ? await pendingInvitationByKey(ctx.db, invitation, at) : undefined;
    const proven = invited?.email === email;
    const created = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('users')
        .values(
          newUserRow(now, {
            id,
            email,
            name,
            password_hash: passwordHash,
            scope: 'user',
            email_verified_at: proven ? now : null,
            locale,
          }),
        )
        .onConflict((oc) => oc.column('email').doNothing())
        .executeTakeFirst();
      // Lost a race with a parallel sign-up for the same address: same answer, no second account.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
      if (proven) await acceptInvitations(trx, id, at);
      return true;
    });
    if (created && proven) return c.json({ status: 'joined' as const, ...(await issueTokenPair(ctx, id)) }, 201);
    if (created) await sendVerification(id, email, name, locale);
    return c.json(ACCEPTED, 202);
  });

  r.post('/verify', jsonBody(keyRequestSchema), async (c) => {
    const now = ctx.now();
    // The key is spent only together with the verification it stands for.
    const userId = await ctx.db.transaction().execute(async (trx) => {
      const used = await consumeOneTimeKey(trx, 'verify', c.req.valid('json').key, now);
      if (!used) throw new ApiError('invalid_key', 'The verification key is unknown, used or expired.');
      await trx
        .updateTable('users')
        .set({ email_verified_at: now.toISOString() })
        .where('id', '=', used.userId)
        .where('email_verified_at', 'is', null)
        .execute();
      await acceptInvitations(trx, used.userId, now);
      return used.userId;
    });
    return c.json(await issueTokenPair(ctx, userId));
  });

  r.post('/verify/resend', jsonBody(emailRequestSchema), async (c) => {
    const { email, locale } = c.req.valid('json');
    const user = await findUserByEmail(ctx.db, email);
    if (user && !user.email_verified_at) await sendVerification(user.id, user.email, user.name, locale);
    return c.json(ACCEPTED, 202);
  });

  r.get('/captcha', async (c) => c.json(await createCaptcha(ctx.db, captchaKey, ctx.captcha.maxNumber, ctx.now())));

  r.post('/login', jsonBody(loginRequestSchema), async (c) => {
    const { password, captcha } = c.req.valid('json');
    const email = normalizeEmail(c.req.valid('json').email);
    const lock = await lockStateOf(ctx.db, email, ctx.now());
    if (lock.retryAfterS > 0) {
      throw new ApiError('too_many_attempts', 'Too many failed logins; wait before trying again.', {
        retryAfterS: lock.retryAfterS,
        captchaRequired: true,
      });
    }
    const needCaptcha = () =>
      new ApiError('captcha_required', 'Solve the captcha to try again.', { captchaRequired: true });
    // Without a captcha, the try is counted before the password is checked (see takeFreeTry).
    let freeTry: number | null = null;
    if (lock.captchaRequired) {
      if (!captcha) throw needCaptcha();
      if (!(await useCaptcha(ctx.db, captchaKey, captcha, ctx.now()))) {
        throw new ApiError('captcha_invalid', 'The captcha solution is wrong, expired or used.', {
          captchaRequired: true,
        });
      }
    } else {
      freeTry = await takeFreeTry(ctx.db, email, ctx.now());
      if (freeTry === null) throw needCaptcha();
    }
    const user = await findUserByEmail(ctx.db, email);
    const ok = user?.password_hash
      ? await verifyPassword(password, user.password_hash)
      : (await burnPasswordCheck(password), false);
    if (!user || !ok) {
      const failures = freeTry ?? (await recordFailure(ctx.db, email, ctx.now()));
      const captchaRequired = failures >= LOGIN_FAILURES_BEFORE_CAPTCHA;
      throw new ApiError(
        'invalid_credentials',
        'Your password is incorrect.',
        captchaRequired ? { captchaRequired } : {},
      );
    }
    await clearFailures(ctx.db, email);
    if (!user.email_verified_at) throw new ApiError('email_unverified', 'The e-mail address is not verified yet.');
    return c.json(await issueTokenPair(ctx, user.id));
  });

  r.post('/refresh', jsonBody(refreshRequestSchema), async (c) =>
    c.json(await rotateRefreshToken(ctx, c.req.valid('json').refreshToken)),
  );

  r.post('/logout', jsonBody(refreshRequestSchema), async (c) => {
    await revokeByToken(ctx, c.req.valid('json').refreshToken);
    return c.body(null, 204);
  });

  r.post('/password/reset-request', jsonBody(emailRequestSchema), async (c) => {
    const { email, locale } = c.req.valid('json');
    const user = await findUserByEmail(ctx.db, email);
    if (user) {
      const key = await createOneTimeKey(ctx.db, 'reset', user.id, ctx.now());
      await ctx.mailer.send(
        resetMail(user.email, user.name, locale, pageLink(ctx.config.PUBLIC_URL, locale, `/login/reset/${key}`)),
      );
    }
    return c.json({ status: 'reset_sent' }, 202);
  });

  r.post('/password/reset', jsonBody(passwordResetSchema), async (c) => {
    const { key, newPassword } = c.req.valid('json');
    const used = await consumeOneTimeKey(ctx.db, 'reset', key, ctx.now());
    if (!used) throw new ApiError('invalid_key', 'The reset key is unknown, used or expired.');
    // Hashed before the transaction: it takes a while, and no lock should be held meanwhile.
    const passwordHash = await hashPassword(newPassword);
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      const user = await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now.toISOString() })
        .where('id', '=', used.userId)
        .returning(['email', 'email_verified_at'])
        .executeTakeFirstOrThrow();
      // Following the mailed link proves the address, and the lock never outlives a reset.
      if (!user.email_verified_at)
        await trx
          .updateTable('users')
          .set({ email_verified_at: now.toISOString() })
          .where('id', '=', used.userId)
          .execute();
      await acceptInvitations(trx, used.userId, now);
      await clearFailures(trx, user.email);
      await revokeAllForUser(trx, used.userId, now);
    });
    return c.body(null, 204);
  });

  return r;
}
