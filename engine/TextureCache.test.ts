import { describe, expect, it } from 'vitest';
import { constrainView, fitView, panBy, zoomAbout } from './camera';
import { pyramidInfo, tileLevelRect, parseTileKey } from './pyramid';
import { mulberry32, randomRange } from './random';
import { TextureCache } from './TextureCache';
import { TileScheduler, type TileLoader } from './TileScheduler';
import type { TileImage, View, Viewport } from './types';

interface FakeTexture {
  id: number;
  width: number;
  height: number;
  alive: boolean;
}

function fakeCache(budgetBytes: number, poolSize?: number) {
  const live = new Set<FakeTexture>();
  let ids = 0;
  const cache = new TextureCache<FakeTexture>({
    budgetBytes,
    poolSize,
    create: (image) => {
      const t = { id: ++ids, width: image.width, height: image.height, alive: true };
      live.add(t);
      return t;
    },
    update: (t, image) => {
      if (!t.alive) throw new Error('update of a destroyed texture');
      if (t.width !== image.width || t.height !== image.height) throw new Error('update with another size');
    },
    destroy: (t) => {
      if (!t.alive) throw new Error('double destroy');
      t.alive = false;
      live.delete(t);
    },
  });
  return { cache, live };
}

const img = (width: number, height = width): TileImage => ({ width, height, data: new Uint8Array(0) });
const MiB = 2 ** 20;

describe('TextureCache', () => {
  it('evicts least recently used tiles to stay within the byte budget', () => {
    const { cache } = fakeCache(3 * MiB, 0); // three 512² tiles
    cache.set('a', img(512));
    cache.set('b', img(512));
    cache.set('c', img(512));
    cache.get('a'); // a is now the most recent
    cache.set('d', img(512));
    expect(cache.keys()).toEqual(['c', 'a', 'd']);
    expect(cache.usedBytes).toBe(3 * MiB);
    expect(cache.stats).toMatchObject({ created: 3, reused: 1, evicted: 1, destroyed: 0 }); // b's texture went to d
  });

  it('destroys evicted textures of another size and reuses pooled ones of the right size', () => {
    const { cache, live } = fakeCache(2 * MiB, 4);
    cache.set('a', img(512));
    cache.set('b', img(256));
    cache.delete('a'); // into the pool, still counted
    expect(cache.usedBytes).toBe(MiB + MiB / 4);
    expect(cache.pooled).toBe(1);
    const t = cache.set('c', img(512));
    expect(t?.id).toBe(1); // the pooled texture, re-filled
    expect(cache.pooled).toBe(0);
    cache.set('d', img(512)); // needs room: evicts b (256², destroyed)
    expect(cache.keys()).toEqual(['c', 'd']);
    expect([...live].map((x) => x.id).sort()).toEqual([1, 3]);
    cache.clear();
    expect(live.size).toBe(0);
    expect(cache.usedBytes).toBe(0);
  });

  it('never evicts tiles pinned for the current frame, or pinned explicitly', () => {
    const { cache } = fakeCache(2 * MiB);
    cache.set('a', img(512));
    cache.set('b', img(512));
    cache.beginFrame();
    cache.use('a');
    cache.pin('b');
    expect(cache.set('c', img(512))).toBeNull(); // nothing evictable: refused, budget kept
    expect(cache.keys().sort()).toEqual(['a', 'b']);
    cache.beginFrame(); // a is no longer pinned
    expect(cache.set('c', img(512))).not.toBeNull();
    expect(cache.keys()).toEqual(['b', 'c']);
    cache.unpin('b');
    expect(cache.set('x', img(2048))).toBeNull(); // larger than the whole budget
  });

  it('re-fills a cached tile in place', () => {
    const { cache } = fakeCache(4 * MiB);
    const t = cache.set('a', img(512));
    expect(cache.set('a', img(512))).toBe(t);
    expect(cache.stats.created).toBe(1);
  });

  it('stays within budget over random pan/zoom paths driven by the scheduler', async () => {
    for (const seed of [1, 2, 3]) {
      const r = mulberry32(seed);
      const info = pyramidInfo(40_000, 30_000, 512);
      const budget = 20 * MiB + 123_457; // 20 full tiles and change: eviction all the time
      const { cache, live } = fakeCache(budget, 4);
      const pending: (() => void)[] = [];
      const load: TileLoader = (key, signal) =>
        new Promise<TileImage>((resolve, reject) => {
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          const { width, height } = tileLevelRect(info, key.level, key.x, key.y);
          pending.push(() => resolve(img(width, height)));
        });
      const scheduler = new TileScheduler({ info, load, cache, maxInFlight: 6, uploadsPerFrame: 4 });
      const viewport: Viewport = { width: 1280, height: 800, dpr: r() < 0.5 ? 1 : 2 };
      let view: View = fitView(info, viewport);
      for (let step = 0; step < 300; step++) {
        const op = r();
        if (op < 0.45) view = panBy(view, randomRange(r, -900, 900), randomRange(r, -600, 600));
        else if (op < 0.9) {
          view = zoomAbout(view, viewport, { x: r() * 1280, y: r() * 800 }, randomRange(r, 0.4, 2.5), {
            min: 0.01,
            max: 8,
          });
        }
        view = constrainView(view, info, { min: 0.01, max: 8 });
        scheduler.update(view, viewport);
        for (const resolve of pending.splice(0, Math.floor(r() * 8))) resolve();
        await Promise.resolve();
        await Promise.resolve();
        // one frame: pin what is drawn, then upload a few
        cache.beginFrame();
        const drawn = scheduler.drawList().map((d) => d.key);
        for (const key of drawn) expect(cache.use(key)).toBeDefined();
        for (const t of scheduler.takeUploads()) cache.set(t.key, t.image);
        for (const key of drawn) expect(cache.has(key)).toBe(true); // not evicted mid-frame
        expect(cache.usedBytes).toBeLessThanOrEqual(budget);
        let bytes = 0;
        for (const t of live) bytes += t.width * t.height * 4;
        expect(bytes).toBe(cache.usedBytes);
        for (const key of cache.keys()) expect(parseTileKey(key).level).toBeLessThan(info.levels);
      }
      expect(scheduler.stats.uploaded).toBeGreaterThan(100);
      expect(cache.stats.reused).toBeGreaterThan(0);
      expect(cache.stats.evicted).toBeGreaterThan(0);
      scheduler.dispose();
    }
  }, 30_000);
});
