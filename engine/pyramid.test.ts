import { describe, expect, it } from 'vitest';
import {
  ancestorOf,
  gridSize,
  levelForZoom,
  levelSize,
  levelsFor,
  parseTileKey,
  pyramidInfo,
  tileKey,
  tileLevelRect,
  tileRangeFor,
  tileRect,
  visibleTiles,
} from './pyramid';

describe('pyramid', () => {
  it('counts levels down to one tile', () => {
    expect(levelsFor(512, 512, 512)).toBe(1);
    expect(levelsFor(513, 100, 512)).toBe(2);
    expect(levelsFor(1024, 1024, 512)).toBe(2);
    expect(levelsFor(100_000, 100_000, 512)).toBe(9); // 100000 / 2^8 = 390.6 <= 512
    expect(levelsFor(100_000, 10, 256)).toBe(10);
    expect(levelsFor(1, 1, 512)).toBe(1);
  });

  it('sizes levels and grids with rounding up', () => {
    const info = pyramidInfo(10_001, 5_000, 512);
    expect(levelSize(info, 0)).toEqual({ width: 10_001, height: 5_000 });
    expect(levelSize(info, 1)).toEqual({ width: 5_001, height: 2_500 });
    expect(gridSize(info, 0)).toEqual({ cols: 20, rows: 10 });
    expect(gridSize(info, info.levels - 1)).toEqual({ cols: 1, rows: 1 });
  });

  it('chooses the level with at least one level pixel per device pixel (dpr 1)', () => {
    expect(levelForZoom(1, 1, 9)).toBe(0);
    expect(levelForZoom(4, 1, 9)).toBe(0);
    expect(levelForZoom(0.5, 1, 9)).toBe(1); // exact power of two: the exact level
    expect(levelForZoom(0.51, 1, 9)).toBe(0); // would magnify level 1 by 1.02: take level 0
    expect(levelForZoom(0.49, 1, 9)).toBe(1);
    expect(levelForZoom(0.25, 1, 9)).toBe(2);
    expect(levelForZoom(0.001, 1, 9)).toBe(8); // clamped to the coarsest level
  });

  it('accounts for the device pixel ratio (dpr 2 needs twice the resolution)', () => {
    expect(levelForZoom(0.5, 2, 9)).toBe(0);
    expect(levelForZoom(0.25, 2, 9)).toBe(1);
    expect(levelForZoom(0.3, 2, 9)).toBe(0);
    expect(levelForZoom(0.125, 2, 9)).toBe(2);
    // a positive bias accepts magnification: coarser
    expect(levelForZoom(0.3, 2, 9, 1)).toBe(1);
  });

  it('places tiles in image pixels, edge tiles clipped', () => {
    const info = pyramidInfo(1300, 700, 512);
    expect(tileRect(info, 0, 0, 0)).toEqual({ x: 0, y: 0, width: 512, height: 512 });
    expect(tileRect(info, 0, 2, 1)).toEqual({ x: 1024, y: 512, width: 276, height: 188 });
    expect(tileRect(info, 1, 1, 0)).toEqual({ x: 1024, y: 0, width: 276, height: 700 });
    expect(tileLevelRect(info, 1, 1, 0)).toEqual({ x: 512, y: 0, width: 138, height: 350 });
  });

  it('lists the tiles intersecting a rectangle', () => {
    const info = pyramidInfo(2048, 2048, 512);
    expect(visibleTiles(info, 0, { x: 500, y: 0, width: 30, height: 10 })).toEqual([
      { level: 0, x: 0, y: 0 },
      { level: 0, x: 1, y: 0 },
    ]);
    // touching an edge only does not count
    expect(visibleTiles(info, 0, { x: 512, y: 512, width: 512, height: 512 })).toEqual([{ level: 0, x: 1, y: 1 }]);
    expect(visibleTiles(info, 0, { x: -100, y: -100, width: 50, height: 50 })).toEqual([]);
    expect(tileRangeFor(info, 1, { x: -1e6, y: -1e6, width: 1e7, height: 1e7 })).toEqual({
      level: 1,
      x0: 0,
      y0: 0,
      x1: 1,
      y1: 1,
    });
  });

  it('keys and ancestors', () => {
    expect(tileKey(3, 10, 7)).toBe('3/10/7');
    expect(parseTileKey('3/10/7')).toEqual({ level: 3, x: 10, y: 7 });
    expect(() => parseTileKey('3/x/7')).toThrow();
    expect(ancestorOf({ level: 0, x: 5, y: 3 }, 2)).toEqual({ level: 2, x: 1, y: 0 });
    const info = pyramidInfo(4096, 4096, 512);
    const child = tileRect(info, 0, 5, 3);
    const parent = tileRect(info, 2, 1, 0);
    expect(child.x >= parent.x && child.x + child.width <= parent.x + parent.width).toBe(true);
    expect(child.y >= parent.y && child.y + child.height <= parent.y + parent.height).toBe(true);
  });
});
