import { describe, expect, it } from 'vitest';
import {
  bearerOf,
  newDeviceCredential,
  newEnrollmentToken,
  newPointKey,
  parseDeviceCredential,
  parsePointKey,
  secretMatches,
  sha256Hex,
} from './secrets';

describe('deployment secrets', () => {
  it('makes device credentials that parse back and match only their own hash', () => {
    const a = newDeviceCredential();
    const parsed = parseDeviceCredential(a.credential)!;
    expect(parsed.deviceId).toBe(a.deviceId);
    expect(secretMatches(parsed.secret, a.secretHash)).toBe(true);
    expect(secretMatches(parsed.secret, newDeviceCredential().secretHash)).toBe(false);
    expect(parseDeviceCredential(`${a.deviceId}.short`)).toBeNull();
  });

  it('makes point keys with an id, a prefix and a hash of the secret only', () => {
    const k = newPointKey();
    expect(k.key.startsWith(k.prefix)).toBe(true);
    const parsed = parsePointKey(k.key)!;
    expect(parsed.keyId).toBe(k.keyId);
    expect(secretMatches(parsed.secret, k.secretHash)).toBe(true);
    expect(k.secretHash).not.toContain(parsed.secret);
    expect(parsePointKey(`${k.key}x`)).toBeNull();
  });

  it('hashes enrolment tokens and reads bearer headers', () => {
    const t = newEnrollmentToken();
    expect(t.hash).toBe(sha256Hex(t.token));
    expect(bearerOf(`Bearer ${t.token}`)).toBe(t.token);
    expect(bearerOf('Basic abc')).toBeNull();
    expect(bearerOf(undefined)).toBeNull();
    expect(secretMatches('x', null)).toBe(false);
  });
});
