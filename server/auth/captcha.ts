import { createHash, createHmac } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { z } from 'zod';
import type { AppContext } from '../context';

/*
 * The login captcha: an ALTCHA proof-of-work challenge (altcha-lib's v1 format, which the
 * contract's captchaChallengeSchema describes), HMAC-signed with a key derived from the JWT
 * secret, expiring after 10 minutes. A solved challenge is accepted once: its signature's hash
 * is stored until the challenge expires.
 */
export const CAPTCHA_TTL_S = 600;

const payloadSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  number: z.number().int().nonnegative(),
  salt: z.string(),
  signature: z.string(),
  took: z.number().optional(),
});

function hmacKeyOf(ctx: AppContext): string {
  return createHmac('sha256', ctx.config.JWT_SECRET).update('altcha-captcha').digest('hex');
}

export async function createCaptcha(ctx: AppContext) {
  await ctx.db.deleteFrom('captcha_uses').where('expires_at', '<', ctx.now().toISOString()).execute();
  return createChallenge({
    hmacKey: hmacKeyOf(ctx),
    algorithm: 'SHA-256',
    maxNumber: ctx.captcha.maxNumber,
    expires: new Date(Date.now() + CAPTCHA_TTL_S * 1000),
  });
}

/** True once for a correct, unexpired, untampered solution; false for anything else or a replay. */
export async function useCaptcha(ctx: AppContext, encoded: string): Promise<boolean> {
  let payload: z.infer<typeof payloadSchema>;
  try {
    payload = payloadSchema.parse(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')));
  } catch {
    return false;
  }
  if (!(await verifySolution(payload, hmacKeyOf(ctx), true))) return false;
  const inserted = await ctx.db
    .insertInto('captcha_uses')
    .values({
      id: createHash('sha256').update(payload.signature).digest('base64url'),
      expires_at: new Date(ctx.now().getTime() + CAPTCHA_TTL_S * 1000).toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
}
