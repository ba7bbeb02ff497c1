import { createHash, createHmac } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { z } from 'zod';
import type { Db } from '../db/Db';

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

/** The key that signs challenges, derived from the JWT secret (so there is no second secret to keep). */
export function captchaKeyOf(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('altcha-captcha').digest('hex');
}

/** A new challenge (and drops the expired used ones, so the table stays small). */
export async function createCaptcha(db: Db, hmacKey: string, maxNumber: number, now: Date) {
  await db.deleteFrom('captcha_uses').where('expires_at', '<', now.toISOString()).execute();
  return createChallenge({
    hmacKey,
    algorithm: 'SHA-256',
    maxNumber,
    expires: new Date(Date.now() + CAPTCHA_TTL_S * 1000),
  });
}

/** True once for a correct, unexpired, untampered solution; false for anything else or a replay. */
export async function useCaptcha(db: Db, hmacKey: string, encoded: string, now: Date): Promise<boolean> {
  let payload: z.infer<typeof payloadSchema>;
  try {
    payload = payloadSchema.parse(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')));
  } catch {
    return false;
  }
  if (!(await verifySolution(payload, hmacKey, true))) return false;
  const inserted = await db
    .insertInto('captcha_uses')
    .values({
      id: createHash('sha256').update(payload.signature).digest('base64url'),
      expires_at: new Date(now.getTime() + CAPTCHA_TTL_S * 1000).toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
}
