import { describe, expect, it } from 'vitest';
import { fitText, layoutCells } from './labelAtlas';

describe('layoutCells', () => {
  it('packs tags left to right and starts a row when the next does not fit', () => {
    const { cells, height } = layoutCells([40, 50, 30], 16, 100);
    expect(cells).toEqual([
      { x: 0, y: 0, width: 40, height: 16 },
      { x: 41, y: 0, width: 50, height: 16 },
      { x: 0, y: 17, width: 30, height: 16 },
    ]);
    expect(height).toBe(33);
  });

  it('never overlaps cells and keeps them inside the atlas', () => {
    const widths = Array.from({ length: 300 }, (_, i) => 20 + ((i * 37) % 300));
    const { cells, width, height } = layoutCells(widths, 32, 2048);
    const bad: string[] = [];
    for (const [i, a] of cells.entries()) {
      if (a.x + a.width > width || a.y + a.height > height) bad.push(`${i} outside`);
      for (const [j, b] of cells.slice(i + 1).entries()) {
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        if (!apart) bad.push(`${i} overlaps ${i + 1 + j}`);
      }
    }
    expect(cells).toHaveLength(300);
    expect(bad).toEqual([]);
  });
});

describe('fitText', () => {
  const measure = (s: string) => s.length * 10;
  it('keeps names that fit', () => {
    expect(fitText('car', 30, measure)).toBe('car');
  });
  it('cuts long names with an ellipsis to the longest prefix that fits', () => {
    expect(fitText('pedestrian', 50, measure)).toBe('pede…');
    expect(measure(fitText('a very long label name', 95, measure))).toBeLessThanOrEqual(95);
  });
});
