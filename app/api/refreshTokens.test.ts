import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenPair } from '../../contract/apiAuth';
import { createRefresher, REFRESH_LOCK, ROTATION_RECORD_MS, type RefreshLocks } from './refreshTokens';

afterEach(() => {
  vi.useRealTimers();
});

/** One origin's lock manager: exclusive locks granted in request order; `query` lists the held names. */
function fakeLocks() {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const locks: Required<RefreshLocks> & { held: () => string[] } = {
    async request(name, options, work) {
      if (options.ifAvailable && held.has(name)) return work(null);
      while (held.has(name)) {
        await new Promise<void>((granted) => {
          waiting.set(name, [...(waiting.get(name) ?? []), granted]);
        });
      }
      held.add(name);
      try {
        return await work({ name });
      } finally {
        held.delete(name);
        const [next, ...rest] = waiting.get(name) ?? [];
        waiting.set(name, rest);
        next?.();
      }
    },
    query: async () => ({ held: [...held].map((name) => ({ name })) }),
    held: () => [...held],
  };
  return locks;
}

/** The server: R<n> rotates to A<n+1>/R<n+1>, once each; `refused` refuses everything. */
function fakeServer(refused = false) {
  const presented: string[] = [];
  const rotate = async (refreshToken: string): Promise<TokenPair | null> => {
    presented.push(refreshToken);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const n = Number(refreshToken.slice(1));
    return refused ? null : { token: `A${n + 1}`, refreshToken: `R${n + 1}` };
  };
  return { presented, rotate };
}

/**
 * Tabs over one localStorage whose writes reach a tab only when it `sync()`s: a tab that has
 * not synced still reads what was stored before (another tab's write is still on its way).
 */
function browser(locks: RefreshLocks | undefined, server: ReturnType<typeof fakeServer>) {
  let disk = { access: 'Bearer A0', refresh: 'R0' };
  const openTab = () => {
    let view = { ...disk };
    const onRefused = vi.fn();
    const refresh = createRefresher({
      store: {
        access: () => view.access,
        refresh: () => view.refresh,
        store: (pair) => {
          view = { access: `Bearer ${pair.token}`, refresh: pair.refreshToken };
          disk = view;
        },
      },
      locks: () => locks,
      rotate: server.rotate,
      onRefused,
    });
    return {
      refresh,
      onRefused,
      sync: () => {
        view = { ...disk };
      },
      stored: () => view,
    };
  };
  return { openTab };
}

describe('createRefresher', () => {
  it('shares one rotation between the parallel 401s of a tab and stores the new pair', async () => {
    const server = fakeServer();
    const tab = browser(fakeLocks(), server).openTab();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => tab.refresh('Bearer A0')));
    expect(new Set(tokens)).toEqual(new Set(['Bearer A1']));
    expect(server.presented).toEqual(['R0']);
    expect(tab.stored()).toEqual({ access: 'Bearer A1', refresh: 'R1' });
  });

  it('a tab that waited for the lock while another rotated uses the new pair, though its storage is behind', async () => {
    const server = fakeServer();
    const b = browser(fakeLocks(), server);
    const [first, second] = [b.openTab(), b.openTab()];
    const tokens = await Promise.all([
      ...Array.from({ length: 20 }, () => first.refresh('Bearer A0')),
      ...Array.from({ length: 20 }, () => second.refresh('Bearer A0')),
    ]);
    expect(new Set(tokens)).toEqual(new Set(['Bearer A1']));
    expect(server.presented).toEqual(['R0']);
    expect(second.stored().refresh).toBe('R0');
    expect(first.onRefused).not.toHaveBeenCalled();
    expect(second.onRefused).not.toHaveBeenCalled();
  });

  it('a tab whose 401 comes after another tab finished, before the storage write reached it, does not refresh again', async () => {
    const server = fakeServer();
    const locks = fakeLocks();
    const b = browser(locks, server);
    const [first, second] = [b.openTab(), b.openTab()];
    await expect(first.refresh('Bearer A0')).resolves.toBe('Bearer A1');
    expect(locks.held()).not.toContain(REFRESH_LOCK);
    await expect(second.refresh('Bearer A0')).resolves.toBe('Bearer A1');
    expect(server.presented).toEqual(['R0']);
  });

  it('follows several rotations to the newest pair', async () => {
    const server = fakeServer();
    const b = browser(fakeLocks(), server);
    const [first, second, behind] = [b.openTab(), b.openTab(), b.openTab()];
    await first.refresh('Bearer A0');
    second.sync();
    await expect(second.refresh('Bearer A1')).resolves.toBe('Bearer A2');
    await expect(behind.refresh('Bearer A0')).resolves.toBe('Bearer A2');
    expect(server.presented).toEqual(['R0', 'R1']);
  });

  it('once storage has caught up, the next expiry is an ordinary refresh', async () => {
    const server = fakeServer();
    const b = browser(fakeLocks(), server);
    const [first, second] = [b.openTab(), b.openTab()];
    await first.refresh('Bearer A0');
    second.sync();
    await expect(second.refresh('Bearer A0')).resolves.toBe('Bearer A1');
    expect(server.presented).toEqual(['R0']);
    await expect(second.refresh('Bearer A1')).resolves.toBe('Bearer A2');
    expect(server.presented).toEqual(['R0', 'R1']);
  });

  it('holds the record of a rotation for ROTATION_RECORD_MS, then lets it go', async () => {
    vi.useFakeTimers();
    const locks = fakeLocks();
    const tab = browser(locks, fakeServer()).openTab();
    const token = tab.refresh('Bearer A0');
    await vi.advanceTimersByTimeAsync(10);
    await expect(token).resolves.toBe('Bearer A1');
    expect(locks.held()).toHaveLength(1);
    expect(locks.held()[0]).toMatch(/^auth-refresh:rotated:/);
    await vi.advanceTimersByTimeAsync(ROTATION_RECORD_MS);
    expect(locks.held()).toEqual([]);
  });

  it('ignores lock names that look like records but are not', async () => {
    const server = fakeServer();
    const locks = fakeLocks();
    const tab = browser(locks, server).openTab();
    void locks.request('auth-refresh:rotated:{"from":"R0"', {}, () => new Promise(() => undefined));
    void locks.request('auth-refresh:rotated:{"from":"R0","token":1}', {}, () => new Promise(() => undefined));
    await expect(tab.refresh('Bearer A0')).resolves.toBe('Bearer A1');
    expect(server.presented).toEqual(['R0']);
  });

  it('without Web Locks a tab refreshes on its own', async () => {
    const server = fakeServer();
    const tab = browser(undefined, server).openTab();
    await expect(Promise.all([tab.refresh('Bearer A0'), tab.refresh('Bearer A0')])).resolves.toEqual([
      'Bearer A1',
      'Bearer A1',
    ]);
    expect(server.presented).toEqual(['R0']);
  });

  it('a refused refresh ends the session once for all its callers', async () => {
    const tab = browser(fakeLocks(), fakeServer(true)).openTab();
    await expect(Promise.all([tab.refresh('Bearer A0'), tab.refresh('Bearer A0')])).resolves.toEqual([null, null]);
    expect(tab.onRefused).toHaveBeenCalledTimes(1);
  });

  it('answers at once with a stored token newer than the one refused', async () => {
    const server = fakeServer();
    const tab = browser(fakeLocks(), server).openTab();
    await expect(tab.refresh('Bearer old')).resolves.toBe('Bearer A0');
    expect(server.presented).toEqual([]);
  });
});
