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

// jose imports a raw key into WebCrypto on every call; a CryptoKey imported once halves the cost.
const cryptoKeys = new WeakMap<AppContext, Promise<CryptoKey>>();
function cryptoKeyOf(ctx: AppContext): Promise<CryptoKey> {
  let key = cryptoKeys.get(ctx);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(keyOf(ctx)), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'verify',
    ]);
    cryptoKeys.set(ctx, key);
  }
  return key;
}

/**
 * Tokens that passed the full check, with their expiry: a client sends the same token with every
 * request for up to ACCESS_TOKEN_TTL_S, and a signature check per request was the largest cost of
 * a signed-in GET. Keyed by the whole token text, so only a byte-identical token hits; its expiry
 * is checked again on each hit. Bounded: the oldest entry leaves when full.
 */
const VERIFIED_MAX = 10_000;
const verified = new WeakMap<AppContext, Map<string, { sub: string; exp: number }>>();
function verifiedOf(ctx: AppContext) {
  let map = verified.get(ctx);
  if (!map) verified.set(ctx, (map = new Map()));
  return map;
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
  const nowS = Math.floor(ctx.now().getTime() / 1000);
  const cache = verifiedOf(ctx);
  const hit = cache.get(token);
  if (hit) return hit.exp > nowS ? hit.sub : (cache.delete(token), null);
  try {
    const { payload } = await jwtVerify(token, await cryptoKeyOf(ctx), {
      algorithms: [ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'sub', 'typ'],
      currentDate: ctx.now(),
      clockTolerance: 0,
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
    if (cache.size >= VERIFIED_MAX) cache.delete(cache.keys().next().value ?? '');
    cache.set(token, { sub: payload.sub, exp: payload.exp });
    return payload.sub;
  } catch {
    return null;
  }
}
