import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/*
 * The secrets of deployment: enrolment tokens, device credentials and web point keys. Each is 32
 * random bytes (base64url), so a plain sha256 is enough to store them (nothing to brute-force, unlike
 * passwords); only the hash is kept. Credentials and keys carry their row's id in the clear, so a
 * check is one lookup by primary key and one constant-time comparison.
 */

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison of a presented secret's hash with the stored one. */
export function secretMatches(presented: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(sha256Hex(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A one-time enrolment token: `met_<secret>` (looked up by its hash). */
export function newEnrollmentToken(): { token: string; hash: string } {
  const token = `met_${randomSecret()}`;
  return { token, hash: sha256Hex(token) };
}

/** A device credential: `<deviceId>.<secret>`; the server keeps the secret's hash. */
export function newDeviceCredential(): { deviceId: string; credential: string; secretHash: string } {
  const deviceId = `dev_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const secret = randomSecret();
  return { deviceId, credential: `${deviceId}.${secret}`, secretHash: sha256Hex(secret) };
}

export function parseDeviceCredential(credential: string): { deviceId: string; secret: string } | null {
  const match = /^(dev_[0-9a-f]{20})\.([A-Za-z0-9_-]{43})$/.exec(credential);
  return match ? { deviceId: match[1]!, secret: match[2]! } : null;
}

/** A web point key: `mpk_<keyId>_<secret>`; the server keeps the secret's hash and the key's first characters. */
export function newPointKey(): { keyId: string; key: string; prefix: string; secretHash: string } {
  const keyId = randomUUID().replace(/-/g, '').slice(0, 20);
  const secret = randomSecret();
  const key = `mpk_${keyId}_${secret}`;
  return { keyId, key, prefix: key.slice(0, 12), secretHash: sha256Hex(secret) };
}

export function parsePointKey(key: string): { keyId: string; secret: string } | null {
  const match = /^mpk_([0-9a-f]{20})_([A-Za-z0-9_-]{43})$/.exec(key);
  return match ? { keyId: match[1]!, secret: match[2]! } : null;
}

/** The bearer value of an Authorization header, or null. */
export function bearerOf(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
