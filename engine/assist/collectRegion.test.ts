import { describe, expect, it } from 'vitest';
import { levelSize, pyramidInfo, tileLevelRect } from '../pyramid';
import type { TileSource } from '../types';
import { clipToImage, collectRegion, regionLevel } from './collectRegion';

/** A source whose every pixel encodes its own image position at its level (R = x mod 256, G = y mod 256, B = level). */
function codedSource(width: number, height: number, tileSize = 256): TileSource & { asked: string[] } {
  const info = pyramidInfo(width, height, tileSize);
  const asked: string[] = [];
  return {
    info,
    asked,
    getTile(level, x, y) {
      asked.push(`${level}/${x}/${y}`);
      const rect = tileLevelRect(info, level, x, y);
      const data = new Uint8ClampedArray(rect.width * rect.height * 4);
      for (let j = 0; j < rect.height; j++)
        for (let i = 0; i < rect.width; i++)
          data.set([(rect.x + i) % 256, (rect.y + j) % 256, level, 255], (j * rect.width + i) * 4);
      return Promise.resolve({ width: rect.width, height: rect.height, data });
    },
  };
}

describe('collectRegion', () => {
  it('composes the tiles covering a rectangle at a level into one window, pixel for pixel', async () => {
    const source = codedSource(1000, 700, 256);
    const got = await collectRegion(source, 1, { x: 300, y: 200, width: 600, height: 400 });
    expect(got.scale).toBe(2);
    expect(got.window.width).toBe(300);
    expect(got.window.height).toBe(200);
    expect(got.rect).toEqual({ x: 300, y: 200, width: 600, height: 400 });
    // Level 1 px (150, 100) is the window's top-left; check a pixel on each side of a tile seam.
    for (const [wx, wy] of [
      [0, 0],
      [105, 10],
      [106, 10],
      [299, 199],
    ] as const) {
      const i = (wy * got.window.width + wx) * 4;
      expect([...got.window.data.subarray(i, i + 3)]).toEqual([(150 + wx) % 256, (100 + wy) % 256, 1]);
    }
    // Only the tiles meeting the rectangle were read.
    expect(source.asked.sort()).toEqual(['1/0/0', '1/0/1', '1/1/0', '1/1/1']);
  });

  it('clips a rectangle to the image and knows when nothing is in view', () => {
    expect(clipToImage({ width: 100, height: 50 }, { x: -20, y: 10, width: 60, height: 100 })).toEqual({
      x: 0,
      y: 10,
      width: 40,
      height: 40,
    });
    expect(clipToImage({ width: 100, height: 50 }, { x: 200, y: 0, width: 10, height: 10 })).toBeNull();
  });

  it('reads a huge view at a coarser level than the one in view, never past the coarsest', () => {
    const info = pyramidInfo(100_000, 80_000, 256);
    const whole = { x: 0, y: 0, width: 100_000, height: 80_000 };
    const level = regionLevel(info, whole, 0, 2048);
    expect(100_000 / 2 ** level).toBeLessThanOrEqual(2048);
    expect(100_000 / 2 ** (level - 1)).toBeGreaterThan(2048);
    expect(regionLevel(info, { x: 0, y: 0, width: 1000, height: 1000 }, 3, 2048)).toBe(3);
    expect(regionLevel(info, whole, 0, 1)).toBe(info.levels - 1);
    expect(levelSize(info, info.levels - 1).width).toBeLessThanOrEqual(256);
  });
});
