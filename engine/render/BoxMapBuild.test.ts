import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../random';
import { BoxMapBuild, STRIP_BYTES, stripRows, type BoxMapSource } from './BoxMapBuild';
import { rasterizeBoxMap } from './boxMapRaster';

/** Overlapping boxes of mixed sizes (dots to large outlines), some free slots. */
function randomSource(count: number, seed: number): BoxMapSource {
  const rand = mulberry32(seed);
  const rects = new Float32Array(4 * count);
  const labelsBySlot = new Int32Array(count);
  for (let s = 0; s < count; s++) {
    rects[4 * s] = rand() * 10_000 - 200;
    rects[4 * s + 1] = rand() * 8_000 - 200;
    rects[4 * s + 2] = rand() < 0.8 ? rand() * 40 : rand() * 3000;
    rects[4 * s + 3] = rand() < 0.8 ? rand() * 40 : rand() * 3000;
    labelsBySlot[s] = rand() < 0.05 ? -1 : Math.floor(rand() * 300);
  }
  return { rects, labelsBySlot, slotCount: count };
}

describe('BoxMapBuild', () => {
  it('rasterised a chunk at a time, gives exactly the one-shot map', () => {
    const src = randomSource(5000, 7);
    const [w, h, scale] = [313, 250, 1 / 32];
    const oneShot = new Uint8Array(w * h);
    rasterizeBoxMap(oneShot, w, h, scale, src.rects, src.labelsBySlot, src.slotCount);
    for (const chunk of [1, 7, 999, 5000, 20_000]) {
      // A dirty reused buffer must not leak into the result.
      const build = new BoxMapBuild(w, h, scale, new Uint8Array(w * h).fill(9));
      let steps = 0;
      while (build.phase === 'raster') {
        build.raster(src, chunk);
        steps += 1;
      }
      expect(steps).toBe(Math.ceil(5000 / chunk));
      expect(Buffer.from(build.pixels).equals(oneShot)).toBe(true);
    }
  });

  it('draws slots added to the store while it rasterises', () => {
    const full = randomSource(3000, 11);
    const build = new BoxMapBuild(200, 160, 1 / 50);
    build.raster({ ...full, slotCount: 1000 }, 600);
    // The store grew to 3000 slots between two frames.
    while (build.phase === 'raster') build.raster(full, 600);
    const oneShot = new Uint8Array(200 * 160);
    rasterizeBoxMap(oneShot, 200, 160, 1 / 50, full.rects, full.labelsBySlot, 3000);
    expect(Buffer.from(build.pixels).equals(oneShot)).toBe(true);
  });

  it('an empty store finishes rasterising at once with a clear map', () => {
    const build = new BoxMapBuild(4, 4, 1, new Uint8Array(16).fill(3));
    build.raster({ rects: new Float32Array(0), labelsBySlot: new Int32Array(0), slotCount: 0 }, 100);
    expect(build.phase).toBe('upload');
    expect([...build.pixels]).toEqual(new Array(16).fill(0));
  });

  it('uploads every row exactly once, in strips of at most STRIP_BYTES, then is done', () => {
    for (const [w, h] of [
      [2048, 1536],
      [1250, 938],
      [1, 1],
      [3000, 7],
    ] as const) {
      const build = new BoxMapBuild(w, h, 1);
      expect(build.nextStrip(10)).toBeNull(); // nothing to upload before the raster is complete
      while (build.phase === 'raster')
        build.raster({ rects: new Float32Array(0), labelsBySlot: new Int32Array(0), slotCount: 0 }, 1);
      const rows = stripRows(w);
      const strips: Array<{ y0: number; y1: number }> = [];
      for (let s = build.nextStrip(rows); s; s = build.nextStrip(rows)) strips.push(s);
      expect(build.phase).toBe('done');
      expect(strips[0]?.y0).toBe(0);
      expect(strips[strips.length - 1]?.y1).toBe(h);
      strips.forEach((s, i) => {
        expect(s.y1).toBeGreaterThan(s.y0);
        if (i > 0) expect(s.y0).toBe(strips[i - 1]?.y1);
        // A strip stays within the byte bound (a single row wider than it still goes whole).
        expect((s.y1 - s.y0) * w).toBeLessThanOrEqual(Math.max(STRIP_BYTES, w));
      });
      expect(strips.length).toBe(Math.ceil(h / rows));
    }
  });

  it('stripRows: as many rows as fit the byte bound, at least one', () => {
    expect(stripRows(2048)).toBe(STRIP_BYTES / 2048);
    expect(stripRows(1000, 4096)).toBe(4);
    expect(stripRows(5000, 4096)).toBe(1);
  });
});
