import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores scrypt N=2^17, r=8, p=1 in the hash, and a long Unicode password round-trips', async () => {
    const password = '비밀번호🔐 Pässwörd ' + 'ж'.repeat(200);
    const hash = await hashPassword(password);
    expect(hash).toMatch(/^scrypt\$N=131072,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword(password, hash)).toBe(true);
    expect(await verifyPassword(password.slice(0, -1), hash)).toBe(false);
    // The same password hashes differently each time (random salt).
    expect(await hashPassword('abc')).not.toBe(await hashPassword('abc'));
  });

  it('never matches a malformed or absurd hash', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$N=1073741824,r=8,p=1$AAAA$AAAA')).toBe(false);
  });
});
