import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../context';

/*
 * Access tokens: JWT HS256 with iss, aud, sub, exp and typ='access'. Verification accepts only
 * HS256, checks iss/aud/exp against the server's clock and requires typ='access', so no other
 * token (a refresh token, a mailed key, a token for another audience) passes as one.
 */
export const TOKEN_ISSUER = 'maru-ai';
export const TOKEN_AUDIENCE = 'maru-ai-api';
const ALGORITHM = 'HS256';

const keys = new WeakMap<AppContext, Uint8Array>();
function keyOf(ctx: AppContext): Uint8Array {
  let key = keys.get(ctx);
  if (!key) keys.set(ctx, (key = new TextEncoder().encode(ctx.config.JWT_SECRET)));
  return key;
}

export async function signAccessToken(ctx: AppContext, userId: string): Promise<string> {
  const now = Math.floor(ctx.now().getTime() / 1000);
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + ctx.config.ACCESS_TOKEN_TTL_S)
    .sign(keyOf(ctx));
}

/** The user id of a valid access token, or null for anything else. */
export async function verifyAccessToken(ctx: AppContext, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(ctx), {
      algorithms: [ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'sub', 'typ'],
      currentDate: ctx.now(),
      clockTolerance: 0,
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
    return payload.sub;
  } catch {
    return null;
  }
}
