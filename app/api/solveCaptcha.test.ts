import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { solveCaptcha } from './solveCaptcha';

describe('solveCaptcha', () => {
  it("solves a challenge made by the server's library, and the server accepts the payload", async () => {
    const hmacKey = 'test-key-test-key-test-key-test-key';
    const challenge = await createChallenge({ hmacKey, maxnumber: 2000, number: 1234 });
    const shares: number[] = [];
    const payload = await solveCaptcha(challenge, (share) => shares.push(share));
    expect(await verifySolution(payload, hmacKey)).toBe(true);
    expect(JSON.parse(atob(payload))).toMatchObject({
      number: 1234,
      salt: challenge.salt,
      signature: challenge.signature,
    });
    expect(shares.at(-1)).toBe(1);
    expect(shares.length).toBeGreaterThan(2);
  });

  it('stops when asked', async () => {
    const challenge = await createChallenge({ hmacKey: 'k'.repeat(32), maxnumber: 100_000, number: 99_999 });
    const controller = new AbortController();
    const run = solveCaptcha(challenge, () => controller.abort(), controller.signal);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});
