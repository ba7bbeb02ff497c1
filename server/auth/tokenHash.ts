import { createHash, randomBytes } from 'node:crypto';

/** A new opaque secret: 32 random bytes, base64url (refresh tokens, mailed keys). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How opaque tokens are stored: sha256, base64url. They have full entropy, so no salt is needed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
