import type { z } from 'zod';
import type { captchaChallengeSchema } from '../../contract/apiAuth';

export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

const DEFAULT_MAX = 1e6;
/** Hashes between two yields to the event loop (progress paints, input stays responsive). */
const BATCH = 400;

async function hashHex(algorithm: string, text: string): Promise<string> {
  const digest = await crypto.subtle.digest(algorithm.toUpperCase(), new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Solves an ALTCHA proof-of-work challenge (GET auth/captcha) with WebCrypto: finds the number
 * n for which hash(salt + n) equals the challenge, and returns the base64 payload the login
 * call sends as `captcha`. Work runs in batches that yield to the event loop, so the page keeps
 * painting the progress; `onProgress` gets the share of the search space tried (0–1).
 */
export async function solveCaptcha(
  challenge: CaptchaChallenge,
  onProgress: (share: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<string> {
  const max = challenge.maxnumber ?? DEFAULT_MAX;
  const started = Date.now();
  for (let n = 0; n <= max; n += 1) {
    if ((await hashHex(challenge.algorithm, challenge.salt + n)) === challenge.challenge) {
      onProgress(1);
      const payload = {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: n,
        salt: challenge.salt,
        signature: challenge.signature,
        took: Date.now() - started,
      };
      return btoa(JSON.stringify(payload));
    }
    if (n % BATCH === BATCH - 1) {
      onProgress(n / max);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (signal?.aborted) throw new DOMException('captcha solving stopped', 'AbortError');
    }
  }
  throw new Error('captcha has no solution');
}
