/**
 * Time, randomness and connectivity as the save layer sees them: injected, so tests drive
 * retries, backoff and heartbeats with a fake clock and no real timers.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** A number in [0, 1): the backoff's jitter. */
  random(): number;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  random: () => Math.random(),
};

/** Whether the browser thinks it is online, and news when that changes. */
export interface Connectivity {
  online(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

export const browserConnectivity: Connectivity = {
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  subscribe(listener) {
    if (typeof window === 'undefined') return () => {};
    const on = () => listener(true);
    const off = () => listener(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  },
};

/** First retry waits up to this long (ms); each further failure doubles it, up to the cap. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;

/**
 * Exponential backoff with full jitter: a uniform wait in [0, min(cap, base · 2^attempt)), so
 * many tabs coming back online at once do not retry in step. `attempt` counts from 0.
 */
export function backoffDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
}
