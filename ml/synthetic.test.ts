import { describe, expect, it } from 'vitest';
import { syntheticShapes } from './synthetic';

describe('syntheticShapes', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const a = syntheticShapes({ task: 'classification', count: 3, size: 48, seed: 5 });
    const b = syntheticShapes({ task: 'classification', count: 3, size: 48, seed: 5 });
    const c = syntheticShapes({ task: 'classification', count: 3, size: 48, seed: 6 });
    expect(a.items[2]!.image.data).toEqual(b.items[2]!.image.data);
    expect(a.items[0]!.image.data).not.toEqual(c.items[0]!.image.data);
  });

  it('balances three classes', () => {
    const set = syntheticShapes({ task: 'classification', count: 30, size: 32, seed: 1 });
    expect(set.labels.map((l) => l.name)).toEqual(['circle', 'square', 'triangle']);
    const counts = [0, 0, 0];
    for (const item of set.items) if (item.target.kind === 'class') counts[item.target.classIndex]!++;
    expect(counts).toEqual([10, 10, 10]);
  });

  it('places 1–3 non-overlapping boxes of 15–45 % of the side for detection', () => {
    const set = syntheticShapes({ task: 'detection', count: 40, size: 64, seed: 2 });
    for (const item of set.items) {
      if (item.target.kind !== 'boxes') throw new Error('expected boxes');
      const boxes = item.target.boxes;
      expect(boxes.length).toBeGreaterThanOrEqual(1);
      expect(boxes.length).toBeLessThanOrEqual(3);
      for (const [i, box] of boxes.entries()) {
        expect(box.w).toBeGreaterThanOrEqual(0.15);
        expect(box.w).toBeLessThanOrEqual(0.45);
        expect(box.x + box.w).toBeLessThanOrEqual(1);
        expect(box.y + box.h).toBeLessThanOrEqual(1);
        for (const other of boxes.slice(i + 1)) {
          const apart =
            box.x + box.w <= other.x ||
            other.x + other.w <= box.x ||
            box.y + box.h <= other.y ||
            other.y + other.h <= box.y;
          expect(apart).toBe(true);
        }
      }
    }
  });

  it('draws the shape: pixels inside a square box differ from the background around it', () => {
    const set = syntheticShapes({ task: 'detection', count: 1, size: 96, seed: 9 });
    const item = set.items[0]!;
    if (item.target.kind !== 'boxes') throw new Error('expected boxes');
    const box = item.target.boxes[0]!;
    const { data, width } = item.image;
    const cx = Math.floor((box.x + box.w / 2) * width);
    const cy = Math.floor((box.y + box.h * 0.6) * width);
    const centre = data.subarray((cy * width + cx) * 3, (cy * width + cx) * 3 + 3);
    const stats = [0, 0, 0];
    for (let i = 0; i < data.length; i += 3) for (let c = 0; c < 3; c++) stats[c]! += data[i + c]! / (data.length / 3);
    const distance = Math.hypot(...[0, 1, 2].map((c) => centre[c]! - stats[c]!));
    expect(distance).toBeGreaterThan(30);
  });
});
