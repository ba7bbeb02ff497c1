import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * Password hashing: scrypt N=2^17, r=8, p=1 (OWASP's minimum for scrypt), 16-byte salt,
 * 32-byte key. The parameters live in the hash string, so they can be raised later and old
 * hashes still verify: `scrypt$N=131072,r=8,p=1$<salt>$<key>` (base64url).
 */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // 128 * N * r bytes are needed; Node's default maxmem (32 MiB) is below that for N=2^17.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const HASH_PATTERN = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/;

/** True when `password` matches `hash`; a malformed hash never matches. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const m = HASH_PATTERN.exec(hash);
  if (!m) return false;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (N > 2 ** 20 || r > 16 || p > 4) return false;
  const expected = Buffer.from(m[5] ?? '', 'base64url');
  const key = await derive(password, Buffer.from(m[4] ?? '', 'base64url'), { N, r, p });
  return expected.length === key.length && timingSafeEqual(expected, key);
}

let dummy: Promise<string> | null = null;

/**
 * Spends the same time as checking a real password, for unknown e-mail addresses: the login
 * answer must not tell by its timing whether an account exists.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('dummy password that never matches');
  await verifyPassword(password, await dummy);
}
