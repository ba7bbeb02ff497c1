import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnceAMinute, RELOAD_GUARD_KEY } from './chunkReload';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('chunk reload guard', () => {
  it('recognises chunk load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
  it('reloads once, then not again within a minute, then again after', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 1_000_000;
    const deps = { storage, reload, now: () => now };
    expect(reloadOnceAMinute(deps)).toBe(true);
    expect(storage.data.get(RELOAD_GUARD_KEY)).toBe('1000000');
    now += 59_000;
    expect(reloadOnceAMinute(deps)).toBe(false);
    now += 2_000;
    expect(reloadOnceAMinute(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
  it('does not reload when storage cannot record the attempt', () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(reloadOnceAMinute({ storage, reload, now: () => 5 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
