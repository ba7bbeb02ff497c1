/**
 * Data sets and subjects of the hit-test benchmark. Every subject answers the same question —
 * the smallest-area box containing a point, ties to the larger box number — so their outputs
 * can be compared exactly before anything is timed.
 */
import Flatbush from 'flatbush';
import RBush from 'rbush';
import { BoxIndex } from '../engine/spatial/BoxIndex';
import { mulberry32, randomNormal } from '../engine/random';

/** n boxes as x, y, width, height (4 numbers each) in a `size` × `size` image. */
export interface BoxSet {
  name: string;
  size: number;
  count: number;
  rects: Float64Array;
}

export interface Subject {
  name: string;
  /** Builds the index over `set` (timed). */
  build(set: BoxSet): void;
  /** Smallest box containing the point, or -1 (timed). */
  hit(px: number, py: number): number;
  /** Releases the index so its memory can be collected. */
  release(): void;
}

const IMAGE = 100_000;

function boxSize(r: () => number): number {
  // 20–400 px, skewed small like real labels.
  return 20 + 380 * r() * r();
}

/** Uniformly scattered boxes over a 100k × 100k image. */
export function uniformBoxes(count: number, seed: number): BoxSet {
  const r = mulberry32(seed);
  const rects = new Float64Array(count * 4);
  for (let i = 0; i < count; i++) {
    const w = boxSize(r);
    const h = boxSize(r);
    rects.set([r() * (IMAGE - w), r() * (IMAGE - h), w, h], 4 * i);
  }
  return { name: 'uniform', size: IMAGE, count, rects };
}

/** Boxes in 40 Gaussian clusters (σ 300–3000 px): dense, overlapping stacks. */
export function clusteredBoxes(count: number, seed: number): BoxSet {
  const r = mulberry32(seed);
  const clusters = Array.from({ length: 40 }, () => ({
    x: 5000 + r() * 90_000,
    y: 5000 + r() * 90_000,
    s: 300 + r() * 2700,
  }));
  const rects = new Float64Array(count * 4);
  for (let i = 0; i < count; i++) {
    const c = clusters[i % clusters.length]!;
    const w = boxSize(r);
    const h = boxSize(r);
    const x = Math.min(IMAGE - w, Math.max(0, c.x + randomNormal(r) * c.s));
    const y = Math.min(IMAGE - h, Math.max(0, c.y + randomNormal(r) * c.s));
    rects.set([x, y, w, h], 4 * i);
  }
  return { name: 'clustered', size: IMAGE, count, rects };
}

/**
 * Cursor positions: half anywhere on the image, half inside a random box (the labeler hovers
 * over annotations), interleaved.
 */
export function queryPoints(set: BoxSet, count: number, seed: number): Float64Array {
  const r = mulberry32(seed);
  const out = new Float64Array(count * 2);
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0 || set.count === 0) {
      out[2 * i] = r() * set.size;
      out[2 * i + 1] = r() * set.size;
    } else {
      const b = Math.floor(r() * set.count) * 4;
      out[2 * i] = set.rects[b]! + r() * set.rects[b + 2]!;
      out[2 * i + 1] = set.rects[b + 1]! + r() * set.rects[b + 3]!;
    }
  }
  return out;
}

/** Picks the smallest of candidate box numbers, ties to the larger number. */
function smallest(rects: Float64Array, candidates: readonly number[]): number {
  let best = -1;
  let bestArea = Infinity;
  for (const i of candidates) {
    // Same arithmetic as the indexes (max - min), so that equal areas compare equal everywhere.
    const x = rects[4 * i]!;
    const y = rects[4 * i + 1]!;
    const area = (x + rects[4 * i + 2]! - x) * (y + rects[4 * i + 3]! - y);
    if (area < bestArea || (area === bestArea && i > best)) {
      best = i;
      bestArea = area;
    }
  }
  return best;
}

export function ours(): Subject {
  let index: BoxIndex | null = null;
  return {
    name: 'ours',
    build(set) {
      const slots = new Int32Array(set.count);
      for (let i = 0; i < set.count; i++) slots[i] = i;
      index = new BoxIndex();
      index.load(slots, set.rects);
    },
    hit: (px, py) => index!.hitTest(px, py),
    release: () => {
      index = null;
    },
  };
}

export function flatbush(): Subject {
  let index: Flatbush | null = null;
  let rects: Float64Array = new Float64Array(0);
  return {
    name: 'flatbush',
    build(set) {
      rects = set.rects;
      index = new Flatbush(Math.max(1, set.count));
      for (let i = 0; i < set.count; i++) {
        const x = rects[4 * i]!;
        const y = rects[4 * i + 1]!;
        index.add(x, y, x + rects[4 * i + 2]!, y + rects[4 * i + 3]!);
      }
      if (set.count === 0) index.add(-1, -1, -1, -1);
      index.finish();
    },
    hit: (px, py) => smallest(rects, index!.search(px, py, px, py)),
    release: () => {
      index = null;
    },
  };
}

interface RItem {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  i: number;
}

export function rbush(): Subject {
  let index: RBush<RItem> | null = null;
  let rects: Float64Array = new Float64Array(0);
  const probe = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  return {
    name: 'rbush',
    build(set) {
      rects = set.rects;
      const items: RItem[] = new Array<RItem>(set.count);
      for (let i = 0; i < set.count; i++) {
        const x = rects[4 * i]!;
        const y = rects[4 * i + 1]!;
        items[i] = { minX: x, minY: y, maxX: x + rects[4 * i + 2]!, maxY: y + rects[4 * i + 3]!, i };
      }
      index = new RBush<RItem>();
      index.load(items);
    },
    hit(px, py) {
      probe.minX = probe.maxX = px;
      probe.minY = probe.maxY = py;
      return smallest(
        rects,
        index!.search(probe).map((it) => it.i),
      );
    },
    release: () => {
      index = null;
    },
  };
}

export function linearScan(): Subject {
  let coords = new Float64Array(0);
  let count = 0;
  return {
    name: 'linear-scan',
    build(set) {
      count = set.count;
      coords = new Float64Array(set.count * 4);
      for (let i = 0; i < set.count; i++) {
        const x = set.rects[4 * i]!;
        const y = set.rects[4 * i + 1]!;
        coords[4 * i] = x;
        coords[4 * i + 1] = y;
        coords[4 * i + 2] = x + set.rects[4 * i + 2]!;
        coords[4 * i + 3] = y + set.rects[4 * i + 3]!;
      }
    },
    hit(px, py) {
      let best = -1;
      let bestArea = Infinity;
      for (let i = 0; i < count; i++) {
        const i4 = 4 * i;
        const x0 = coords[i4]!;
        const y0 = coords[i4 + 1]!;
        const x1 = coords[i4 + 2]!;
        const y1 = coords[i4 + 3]!;
        if (px < x0 || py < y0 || px > x1 || py > y1) continue;
        const area = (x1 - x0) * (y1 - y0);
        if (area < bestArea || (area === bestArea && i > best)) {
          best = i;
          bestArea = area;
        }
      }
      return best;
    },
    release: () => {
      coords = new Float64Array(0);
    },
  };
}
