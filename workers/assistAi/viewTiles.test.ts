import { describe, expect, it } from 'vitest';
import { mergePredictions, planTiles, rectIou, resizeToInput, tileBoxToImage, TILE_OVERLAP } from './viewTiles';

describe('planTiles', () => {
  it('reads a view up to three input sizes, and any view of a classifier, as one input', () => {
    expect(planTiles(640, 640, 224, 'detection')).toEqual([{ x: 0, y: 0, width: 640, height: 640 }]);
    expect(planTiles(2000, 2000, 224, 'classification')).toEqual([{ x: 0, y: 0, width: 2000, height: 2000 }]);
  });

  it('splits a much larger view into overlapping tiles that cover it exactly', () => {
    const tiles = planTiles(1400, 500, 224, 'detection');
    // About two input sizes a tile: 3 across, 1 down.
    expect(tiles.length).toBe(3 * 1);
    // Every window pixel is in some tile; the last tile ends on the window's edge.
    expect(Math.max(...tiles.map((t) => t.x + t.width))).toBe(1400);
    expect(Math.max(...tiles.map((t) => t.y + t.height))).toBe(500);
    expect(Math.min(...tiles.map((t) => t.x))).toBe(0);
    const row = tiles.filter((t) => t.y === 0).sort((a, b) => a.x - b.x);
    for (let i = 1; i < row.length; i++) {
      const overlap = row[i - 1]!.x + row[i - 1]!.width - row[i]!.x;
      expect(overlap).toBeGreaterThanOrEqual(Math.floor(row[i]!.width * TILE_OVERLAP) - 1);
    }
  });

  it('never runs more than 3 × 3 tiles', () => {
    expect(planTiles(2048, 2048, 128, 'detection').length).toBe(9);
    expect(planTiles(1000, 760, 224, 'detection').length).toBe(2 * 2);
  });
});

describe('tileBoxToImage', () => {
  const placement = { originX: 1000, originY: 2000, scale: 4 };
  const limit = { x: 1000, y: 2000, width: 4000, height: 2000 };

  it('maps a tile-relative box through the tile, the window and the level back to image px', () => {
    const tile = { x: 500, y: 100, width: 500, height: 400 };
    const box = tileBoxToImage([0.2, 0.5, 0.4, 0.25], tile, placement, limit);
    // window x = 500 + 0.2·500 = 600 → image 1000 + 600·4 = 3400; width 0.4·500·4 = 800.
    expect(box).toEqual({ x: 3400, y: 2000 + (100 + 200) * 4, width: 800, height: 400 });
  });

  it('clips to the region and drops a box left empty', () => {
    const tile = { x: 900, y: 0, width: 100, height: 100 };
    expect(tileBoxToImage([0.5, 0, 1, 0.5], tile, placement, limit)).toEqual({
      x: 1000 + 950 * 4,
      y: 2000,
      width: 4000 - 950 * 4,
      height: 200,
    });
    expect(tileBoxToImage([0.5, 0, 0.4, 0.5], tile, placement, { x: 0, y: 0, width: 100, height: 100 })).toBeNull();
  });
});

describe('mergePredictions', () => {
  it('keeps the best of overlapping boxes of one class, and boxes of other classes', () => {
    const a = { classIndex: 0, score: 0.9, box: { x: 0, y: 0, width: 100, height: 100 } };
    const b = { classIndex: 0, score: 0.8, box: { x: 10, y: 5, width: 100, height: 100 } };
    const c = { classIndex: 1, score: 0.7, box: { x: 10, y: 5, width: 100, height: 100 } };
    const d = { classIndex: 0, score: 0.6, box: { x: 300, y: 300, width: 50, height: 50 } };
    expect(mergePredictions([d, b, c, a], 0.5, 10)).toEqual([a, c, d]);
  });

  it('drops the part of an object a tile seam cut off when the whole object is kept', () => {
    const whole = { classIndex: 0, score: 0.9, box: { x: 0, y: 0, width: 200, height: 100 } };
    const half = { classIndex: 0, score: 0.5, box: { x: 120, y: 0, width: 80, height: 100 } };
    expect(rectIou(whole.box, half.box)).toBeLessThan(0.5);
    expect(mergePredictions([whole, half], 0.5, 10)).toEqual([whole]);
  });

  it('keeps at most max, best first', () => {
    const list = [0.3, 0.9, 0.5].map((score, i) => ({
      classIndex: 0,
      score,
      box: { x: i * 500, y: 0, width: 10, height: 10 },
    }));
    expect(mergePredictions(list, 0.5, 2).map((p) => p.score)).toEqual([0.9, 0.5]);
  });
});

describe('resizeToInput', () => {
  const rgba = (width: number, height: number, f: (x: number, y: number) => [number, number, number]) => {
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([...f(x, y), 255], (y * width + x) * 4);
    return { width, height, data };
  };

  it('averages the window pixels under each input pixel when shrinking (RGB, alpha dropped)', () => {
    // Vertical stripes one pixel wide, black and white: each output pixel covers two → grey.
    const w = rgba(8, 8, (x) => (x % 2 === 0 ? [0, 0, 0] : [255, 255, 255]));
    const out = resizeToInput(w, { x: 0, y: 0, width: 8, height: 8 }, 4);
    expect(out.width).toBe(4);
    expect(out.data.length).toBe(4 * 4 * 3);
    expect([...out.data].every((v) => v === 128)).toBe(true);
  });

  it('reads only the tile asked for, stretched to the square input', () => {
    const w = rgba(20, 10, (x) => (x < 10 ? [255, 0, 0] : [0, 0, 255]));
    const out = resizeToInput(w, { x: 10, y: 0, width: 10, height: 10 }, 5);
    for (let i = 0; i < 25; i++) expect([...out.data.subarray(i * 3, i * 3 + 3)]).toEqual([0, 0, 255]);
  });

  it('interpolates when the window is smaller than the input', () => {
    const w = rgba(2, 1, (x) => (x === 0 ? [0, 0, 0] : [200, 200, 200]));
    const out = resizeToInput(w, { x: 0, y: 0, width: 2, height: 1 }, 4);
    const reds = [0, 1, 2, 3].map((i) => out.data[i * 3]!);
    expect(reds[0]).toBe(0);
    expect(reds[3]).toBe(200);
    expect(reds[1]).toBeGreaterThan(0);
    expect(reds[1]).toBeLessThan(reds[2]!);
  });
});
