import { describe, expect, it } from 'vitest';
import { pyramidInfo, tileKey } from './pyramid';
import { TileScheduler, type TileLoader } from './TileScheduler';
import type { TileImage, TileKey, View, Viewport } from './types';

interface Call {
  key: string;
  signal: AbortSignal;
  resolve(image?: TileImage): void;
  reject(error: unknown): void;
}

/** A loader whose requests the test resolves by hand. */
function fakeLoader(): { load: TileLoader; calls: Call[] } {
  const calls: Call[] = [];
  const load: TileLoader = (key: TileKey, signal: AbortSignal) =>
    new Promise<TileImage>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      calls.push({
        key: tileKey(key.level, key.x, key.y),
        signal,
        resolve: (image) => resolve(image ?? { width: 512, height: 512, data: new Uint8Array(0) }),
        reject,
      });
    });
  return { load, calls };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

// 8192² image, 512 px tiles: level 0 is 16 × 16 tiles, level 1 8 × 8, …, level 4 one tile.
const info = pyramidInfo(8192, 8192, 512);
const viewport: Viewport = { width: 1536, height: 1536, dpr: 1 };
/** At zoom 1 this view shows exactly tiles 4..6 × 4..6 of level 0. */
const view: View = { centerX: 2816, centerY: 2816, zoom: 1 };

describe('TileScheduler', () => {
  it('orders requests: visible centre-out, then the prefetch ring, then the coarser level', () => {
    const { load, calls } = fakeLoader();
    const s = new TileScheduler({ info, load, cache: { has: () => false }, maxInFlight: 100 });
    s.update(view, viewport);
    expect(s.level).toBe(0);
    const keys = calls.map((c) => c.key);
    expect(keys[0]).toBe('0/5/5');
    expect(keys.slice(1, 5).sort()).toEqual(['0/4/5', '0/5/4', '0/5/6', '0/6/5']);
    expect(keys.slice(5, 9).sort()).toEqual(['0/4/4', '0/4/6', '0/6/4', '0/6/6']);
    const ring = keys.slice(9, 25);
    expect(ring).toHaveLength(16);
    for (const k of ring) {
      const [, x, y] = k.split('/').map(Number);
      expect(x === 3 || x === 7 || y === 3 || y === 7).toBe(true);
    }
    // ring: edge-adjacent tiles before the ring's corners
    expect(ring.slice(-4).sort()).toEqual(['0/3/3', '0/3/7', '0/7/3', '0/7/7']);
    expect(keys.slice(25).sort()).toEqual(['1/2/2', '1/2/3', '1/3/2', '1/3/3']);
    expect(keys).toEqual(s.wanted);
  });

  it('with defer, starts and aborts requests only when the deferred run comes, for the latest view', () => {
    const { load, calls } = fakeLoader();
    const runs: Array<() => void> = [];
    const s = new TileScheduler({
      info,
      load,
      cache: { has: () => false },
      maxInFlight: 100,
      defer: (run) => runs.push(run),
    });
    s.update(view, viewport);
    expect(calls).toHaveLength(0);
    expect(s.syncPending).toBe(true);
    // A second move before the run: still one run, for the second view.
    s.update({ ...view, centerX: 6000 }, viewport);
    expect(runs).toHaveLength(1);
    runs.shift()?.();
    expect(s.syncPending).toBe(false);
    expect(calls.map((c) => c.key)).toEqual(s.wanted);
    expect(calls[0]?.key).toBe(s.wanted[0]);
    expect(s.wanted).not.toContain('0/5/5');
    // Moving away aborts in the next run, not before.
    s.update(view, viewport);
    expect(calls.some((c) => c.signal.aborted)).toBe(false);
    runs.shift()?.();
    expect(calls.filter((c) => !s.wanted.includes(c.key)).every((c) => c.signal.aborted)).toBe(true);
    expect(s.loading).toEqual(s.wanted);
  });

  it('keeps at most maxInFlight requests and starts the next as one completes', async () => {
    const { load, calls } = fakeLoader();
    const s = new TileScheduler({ info, load, cache: { has: () => false }, maxInFlight: 6 });
    s.update(view, viewport);
    expect(calls).toHaveLength(6);
    calls[0]!.resolve();
    await flush();
    expect(calls).toHaveLength(7);
    expect(s.loading).toHaveLength(6);
    expect(s.pendingUploads).toBe(1);
  });

  it('aborts requests for tiles that left the view and never re-requests cached or pending tiles', async () => {
    const { load, calls } = fakeLoader();
    const cached = new Set<string>();
    const s = new TileScheduler({ info, load, cache: { has: (k) => cached.has(k) }, maxInFlight: 4 });
    s.update(view, viewport);
    const first = calls.slice();
    expect(first.map((c) => c.signal.aborted)).toEqual([false, false, false, false]);
    // far away: tiles 12..14 at level 0
    s.update({ centerX: 6912, centerY: 6912, zoom: 1 }, viewport);
    expect(first.every((c) => c.signal.aborted)).toBe(true);
    expect(s.stats.aborted).toBe(4);
    expect(calls.slice(4).map((c) => c.key)[0]).toBe('0/13/13');
    // complete and upload everything wanted; then the same view asks for nothing more
    for (let round = 0; round < 20; round++) {
      for (const c of calls) if (!c.signal.aborted) c.resolve();
      await flush();
      for (const t of s.takeUploads(100)) cached.add(t.key);
    }
    const before = calls.length;
    s.update({ centerX: 6912, centerY: 6912, zoom: 1 }, viewport);
    await flush();
    expect(calls.length).toBe(before);
    expect(new Set(calls.map((c) => c.key)).size).toBe(calls.length); // no key requested twice
  });

  it('hands out at most uploadsPerFrame tiles per frame, by priority', async () => {
    const { load, calls } = fakeLoader();
    const s = new TileScheduler({ info, load, cache: { has: () => false }, maxInFlight: 100, uploadsPerFrame: 4 });
    s.update(view, viewport);
    for (const c of calls.slice().reverse()) c.resolve();
    await flush();
    expect(s.pendingUploads).toBe(calls.length);
    const frame1 = s.takeUploads();
    expect(frame1.map((t) => t.key)).toEqual(s.wanted.slice(0, 4));
    expect(s.takeUploads()).toHaveLength(4);
    expect(s.pendingUploads).toBe(calls.length - 8);
  });

  it('drops loaded-but-unuploaded tiles that are no longer wanted, releasing them', async () => {
    const { load, calls } = fakeLoader();
    const released: TileImage[] = [];
    const s = new TileScheduler({
      info,
      load,
      cache: { has: () => false },
      maxInFlight: 2,
      releaseImage: (i) => released.push(i),
    });
    s.update(view, viewport);
    calls[0]!.resolve();
    await flush();
    s.update({ centerX: 6912, centerY: 6912, zoom: 1 }, viewport);
    expect(s.pendingUploads).toBe(0);
    expect(released).toHaveLength(1);
  });

  it('backs off after a failure and reports it', async () => {
    const { load, calls } = fakeLoader();
    let now = 0;
    const errors: string[] = [];
    const s = new TileScheduler({
      info,
      load,
      cache: { has: () => false },
      maxInFlight: 1,
      now: () => now,
      onError: (k) => errors.push(k),
    });
    s.update(view, viewport);
    calls[0]!.reject(new Error('http 500'));
    await flush();
    expect(errors).toEqual(['0/5/5']);
    expect(calls[1]!.key).not.toBe('0/5/5'); // moved on
    now = 5000;
    calls[1]!.resolve();
    await flush();
    expect(calls[2]!.key).toBe('0/5/5'); // retried after the delay
  });

  it('never draws blank: coarser ancestors, then exact tiles, or finer tiles', () => {
    const cached = new Set<string>();
    const { load } = fakeLoader();
    const s = new TileScheduler({ info, load, cache: { has: (k) => cached.has(k) } });
    s.update(view, viewport);
    expect(s.drawList()).toEqual([]);
    cached.add('4/0/0'); // only the one-tile level
    expect(s.drawList().map((d) => d.key)).toEqual(['4/0/0']);
    cached.add('1/2/2');
    cached.add('0/5/5');
    const keys = s.drawList().map((d) => d.key);
    // 1/2/2 covers 0/4..5/4..5; the rest falls back to 4/0/0; 0/5/5 drawn exact, last
    expect(keys).toEqual(['4/0/0', '1/2/2', '0/5/5']);
    expect(s.drawList()[0]!.rect).toEqual({ x: 0, y: 0, width: 8192, height: 8192 });
    // zoomed out to level 1 with only finer level-0 tiles cached: those are drawn
    cached.clear();
    cached.add('0/6/6');
    cached.add('0/7/6');
    s.update({ centerX: 4096, centerY: 4096, zoom: 0.5 }, { width: 1024, height: 1024, dpr: 1 });
    expect(s.level).toBe(1);
    expect(
      s
        .drawList()
        .map((d) => d.key)
        .sort(),
    ).toEqual(['0/6/6', '0/7/6']);
    expect(s.progress()).toEqual({ visible: 4, cached: 0 });
  });

  it('picks the level for the device pixel ratio', () => {
    const { load } = fakeLoader();
    const s = new TileScheduler({ info, load, cache: { has: () => false } });
    s.update({ centerX: 4096, centerY: 4096, zoom: 0.25 }, { width: 800, height: 600, dpr: 1 });
    expect(s.level).toBe(2);
    s.update({ centerX: 4096, centerY: 4096, zoom: 0.25 }, { width: 800, height: 600, dpr: 2 });
    expect(s.level).toBe(1);
  });
});
