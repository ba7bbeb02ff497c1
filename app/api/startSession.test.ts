// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from './startSession';
import { BOGUS_TOKEN, getAccessToken, REFRESH_TOKEN_KEY, TOKEN_KEY } from './tokenStorage';

function otherTabWrites(key: string | null, value: string | null): void {
  if (key === null) localStorage.clear();
  else if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
}

beforeEach(() => {
  localStorage.clear();
});

describe('startSession', () => {
  it('loads the session at once when a token is stored', () => {
    localStorage.setItem(TOKEN_KEY, 'Bearer abc');
    const load = vi.fn(() => Promise.resolve());
    startSession(load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads nothing for a signed-out visitor until another tab stores a token, then loads once', () => {
    const load = vi.fn(() => Promise.resolve());
    startSession(load);
    expect(load).not.toHaveBeenCalled();

    otherTabWrites(REFRESH_TOKEN_KEY, 'r1');
    otherTabWrites(TOKEN_KEY, null);
    expect(load).not.toHaveBeenCalled();

    otherTabWrites(TOKEN_KEY, 'Bearer abc');
    otherTabWrites(TOKEN_KEY, 'Bearer def');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("clears a stored 'Bearer undefined' and treats the visitor as signed out", () => {
    localStorage.setItem(TOKEN_KEY, BOGUS_TOKEN);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    const load = vi.fn(() => Promise.resolve());
    startSession(load);
    expect(load).not.toHaveBeenCalled();
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    otherTabWrites(TOKEN_KEY, 'Bearer abc');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
