import { describe, expect, it } from 'vitest';
import { pyramidInfo, tileKey } from '../pyramid';
import { fallbackRuns } from './tileFallback';

// 4096 × 4096 image, 256 px tiles: level 0 has 16 × 16 tiles, level 2 has 4 × 4, level 4 one.
const info = pyramidInfo(4096, 4096, 256);
const all = { x: 0, y: 0, width: 4096, height: 4096 };

describe('fallbackRuns', () => {
  it('covers only the missing target positions, merged into runs per row', () => {
    // Level 2 tile (0, 0) spans level-0 positions 0..3 × 0..3; all cached but (1, 0), (2, 0) and (3, 2).
    const missing = new Set([tileKey(0, 1, 0), tileKey(0, 2, 0), tileKey(0, 3, 2)]);
    const has = (k: string) => k.startsWith('0/') && !missing.has(k);
    expect(fallbackRuns(info, { level: 2, x: 0, y: 0 }, 0, all, has)).toEqual([
      { x: 256, y: 0, width: 512, height: 256 },
      { x: 768, y: 512, width: 256, height: 256 },
    ]);
  });

  it('leaves positions to a nearer cached ancestor', () => {
    // Nothing of level 0 is cached; level-1 tile (0, 0) is, so it draws positions 0..1 × 0..1.
    const has = (k: string) => k === tileKey(1, 0, 0);
    const runs = fallbackRuns(info, { level: 2, x: 0, y: 0 }, 0, all, has);
    expect(runs).toEqual([
      { x: 512, y: 0, width: 512, height: 256 },
      { x: 512, y: 256, width: 512, height: 256 },
      { x: 0, y: 512, width: 1024, height: 256 },
      { x: 0, y: 768, width: 1024, height: 256 },
    ]);
  });

  it('only visible positions count, clipped to the image', () => {
    const has = () => false;
    // The view shows level-0 columns 14..15 (and beyond the image edge), row 0.
    const runs = fallbackRuns(info, { level: 4, x: 0, y: 0 }, 0, { x: 3600, y: -100, width: 900, height: 300 }, has);
    expect(runs).toEqual([{ x: 3584, y: 0, width: 512, height: 256 }]);
  });

  it('nothing for a tile of the target level or finer, or when all is cached', () => {
    expect(fallbackRuns(info, { level: 0, x: 0, y: 0 }, 0, all, () => false)).toEqual([]);
    expect(fallbackRuns(info, { level: 2, x: 1, y: 1 }, 0, all, () => true)).toEqual([]);
  });
});
