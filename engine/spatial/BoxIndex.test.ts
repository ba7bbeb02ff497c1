import { describe, expect, it } from 'vitest';
import { BoxIndex } from './BoxIndex';
import { PackedRTree } from './PackedRTree';
import { mulberry32, randomInt, type Random } from '../random';

type Boxes = Map<number, [number, number, number, number]>;

/** The reference: smallest area containing the point, ties to the larger slot. */
function linearHit(boxes: Boxes, px: number, py: number): number {
  let best = -1;
  let bestArea = Infinity;
  for (const [slot, [x, y, w, h]] of boxes) {
    if (px < x || py < y || px > x + w || py > y + h) continue;
    const area = w * h;
    if (area < bestArea || (area === bestArea && slot > best)) {
      best = slot;
      bestArea = area;
    }
  }
  return best;
}

function linearSearch(boxes: Boxes, rx: number, ry: number, rw: number, rh: number): number[] {
  const out: number[] = [];
  for (const [slot, [x, y, w, h]] of boxes)
    if (!(rx + rw < x || ry + rh < y || rx > x + w || ry > y + h)) out.push(slot);
  return out.sort((a, b) => a - b);
}

function randomBox(r: Random, size: number): [number, number, number, number] {
  // Integer coordinates make exact edge hits and equal areas (ties) common.
  const w = randomInt(r, 0, 60);
  const h = randomInt(r, 0, 60);
  return [randomInt(r, 0, size), randomInt(r, 0, size), w, h];
}

function check(index: BoxIndex, boxes: Boxes, r: Random, size: number, queries: number): void {
  const got: number[] = [];
  const want: number[] = [];
  for (let q = 0; q < queries; q++) {
    const px = randomInt(r, -10, size + 70);
    const py = randomInt(r, -10, size + 70);
    got.push(px, py, index.hitTest(px, py));
    want.push(px, py, linearHit(boxes, px, py));
  }
  expect(got).toEqual(want);
  for (let q = 0; q < 20; q++) {
    const [x, y, w, h] = [randomInt(r, -50, size), randomInt(r, -50, size), randomInt(r, 0, 200), randomInt(r, 0, 200)];
    expect(index.search({ x, y, width: w, height: h }).sort((a, b) => a - b)).toEqual(linearSearch(boxes, x, y, w, h));
  }
}

describe('PackedRTree', () => {
  it('answers point and rectangle queries like a linear scan', () => {
    for (const n of [0, 1, 7, 8, 9, 64, 65, 1000, 5000]) {
      const r = mulberry32(n + 1);
      const boxes: Boxes = new Map();
      const ids: number[] = [];
      const coords: number[] = [];
      for (let i = 0; i < n; i++) {
        const b = randomBox(r, 1000);
        boxes.set(i * 3, b);
        ids.push(i * 3);
        coords.push(b[0], b[1], b[0] + b[2], b[1] + b[3]);
      }
      const tree = new PackedRTree(ids, coords, n, {
        nodeSize: 4,
        areaClasses: [1, 2, 4][n % 3],
        cellItems: 8,
        denseDepth: [0, 0.5, 8][(n >> 1) % 3],
      });
      for (let q = 0; q < 300; q++) {
        const px = randomInt(r, -10, 1070);
        const py = randomInt(r, -10, 1070);
        if (tree.smallestAt(px, py, null) !== linearHit(boxes, px, py))
          expect([n, px, py, tree.smallestAt(px, py, null)]).toEqual([n, px, py, linearHit(boxes, px, py)]);
      }
      const found = tree.search(100, 100, 300, 250, null, []).sort((a, b) => a - b);
      expect(found).toEqual(linearSearch(boxes, 100, 100, 200, 150));
    }
  }, 30_000);
});

describe('BoxIndex', () => {
  it('matches a linear scan after a bulk load', () => {
    const r = mulberry32(42);
    const boxes: Boxes = new Map();
    const slots: number[] = [];
    const rects: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const b = randomBox(r, 2000);
      boxes.set(i, b);
      slots.push(i);
      rects.push(...b);
    }
    const index = new BoxIndex();
    index.load(slots, rects);
    expect(index.size).toBe(3000);
    check(index, boxes, r, 2000, 2000);
  }, 30_000);

  it('stays correct over random edit sequences (add, move, resize, remove, reuse slots)', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const r = mulberry32(seed);
      const size = 1500;
      const boxes: Boxes = new Map();
      const index = new BoxIndex({ rebuildThreshold: () => 40 + seed * 10 });
      const slots: number[] = [];
      const rects: number[] = [];
      for (let i = 0; i < 1000; i++) {
        const b = randomBox(r, size);
        boxes.set(i, b);
        slots.push(i);
        rects.push(...b);
      }
      index.load(slots, rects);
      let nextSlot = 1000;
      for (let step = 0; step < 1500; step++) {
        const op = r();
        const existing = boxes.size > 0 ? [...boxes.keys()] : [];
        if (op < 0.3 || existing.length === 0) {
          // add: a fresh slot or a freed one
          const slot = r() < 0.5 ? nextSlot++ : randomInt(r, 0, nextSlot);
          const b = randomBox(r, size);
          boxes.set(slot, b);
          index.set(slot, ...b);
        } else if (op < 0.75) {
          const slot = existing[randomInt(r, 0, existing.length - 1)]!;
          const [x, y, w, h] = boxes.get(slot)!;
          const b: [number, number, number, number] =
            r() < 0.5
              ? [x + randomInt(r, -30, 30), y + randomInt(r, -30, 30), w, h]
              : [x, y, Math.max(0, w + randomInt(r, -10, 10)), Math.max(0, h + randomInt(r, -10, 10))];
          boxes.set(slot, b);
          index.set(slot, ...b);
        } else {
          const slot = existing[randomInt(r, 0, existing.length - 1)]!;
          boxes.delete(slot);
          index.remove(slot);
        }
        if (index.size !== boxes.size) expect(index.size).toBe(boxes.size);
        if (step % 25 === 0) check(index, boxes, r, size, 60);
      }
      check(index, boxes, r, size, 500);
      expect(index.stats.rebuilds).toBeGreaterThan(1);
    }
  }, 60_000);

  it('rebuilds lazily once the dynamic set passes the threshold', () => {
    const index = new BoxIndex({ rebuildThreshold: () => 10 });
    index.load([], []);
    for (let i = 0; i < 10; i++) index.set(i, i * 10, 0, 5, 5);
    expect(index.hitTest(12, 2)).toBe(1);
    expect(index.stats).toMatchObject({ dynamic: 10, rebuilds: 1 });
    index.set(10, 100, 0, 5, 5);
    expect(index.stats.dynamic).toBe(11); // no rebuild on edit
    expect(index.hitTest(102, 2)).toBe(10);
    expect(index.stats).toMatchObject({ dynamic: 0, tree: 11, rebuilds: 2 });
    // a moved box leaves a tombstone, never a ghost
    index.set(10, 500, 500, 5, 5);
    expect(index.hitTest(102, 2)).toBe(-1);
    expect(index.hitTest(502, 502)).toBe(10);
    index.remove(10);
    expect(index.hitTest(502, 502)).toBe(-1);
    expect(index.has(10)).toBe(false);
  });
});
