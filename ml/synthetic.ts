import { seededRandom } from './augment';
import type { NormBox, RgbImage, Target } from './types';

/*
 * Synthetic datasets for tests, benchmarks and demos: circles, squares and triangles of random
 * colours on varied noisy backgrounds (gradients plus noise plus distractor blobs), so the class is
 * the shape and never the colour. Seeded: the same arguments always give the same pixels.
 */

export const SYNTHETIC_LABELS = [
  { name: 'circle', color: '#e6194b' },
  { name: 'square', color: '#3cb44b' },
  { name: 'triangle', color: '#4363d8' },
] as const;

export interface SyntheticOptions {
  task: 'classification' | 'detection';
  count: number;
  /** Image side in pixels. */
  size: number;
  seed: number;
}

export interface SyntheticSet {
  labels: { name: string; color: string }[];
  items: { image: RgbImage; target: Target }[];
}

type Rgb = [number, number, number];

function randomColor(random: () => number): Rgb {
  // A saturated colour: one channel high, one low, one anywhere.
  const channels: Rgb = [random() * 255, random() * 255, random() * 255];
  const hi = Math.floor(random() * 3);
  const lo = (hi + 1 + Math.floor(random() * 2)) % 3;
  channels[hi] = 180 + random() * 75;
  channels[lo] = random() * 70;
  return channels;
}

function background(size: number, random: () => number): Float32Array {
  const a = randomColor(random).map((v) => v * 0.6 + 40);
  const b = randomColor(random).map((v) => v * 0.6 + 40);
  const angle = random() * Math.PI * 2;
  const cx = Math.cos(angle);
  const cy = Math.sin(angle);
  const noise = 10 + random() * 25;
  const data = new Float32Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = Math.min(1, Math.max(0, (x / size - 0.5) * cx + (y / size - 0.5) * cy + 0.5));
      const o = (y * size + x) * 3;
      for (let c = 0; c < 3; c++) data[o + c] = a[c]! + (b[c]! - a[c]!) * t + (random() - 0.5) * 2 * noise;
    }
  }
  // Soft blobs: clutter that is neither a class nor a clean edge.
  const blobs = 2 + Math.floor(random() * 4);
  for (let k = 0; k < blobs; k++) {
    const color = randomColor(random);
    const bx = random() * size;
    const by = random() * size;
    const r = size * (0.05 + random() * 0.12);
    for (let y = Math.max(0, Math.floor(by - r)); y < Math.min(size, Math.ceil(by + r)); y++) {
      for (let x = Math.max(0, Math.floor(bx - r)); x < Math.min(size, Math.ceil(bx + r)); x++) {
        const d = Math.hypot(x - bx, y - by) / r;
        if (d >= 1) continue;
        const w = 0.35 * (1 - d * d);
        const o = (y * size + x) * 3;
        for (let c = 0; c < 3; c++) data[o + c] = data[o + c]! * (1 - w) + color[c]! * w;
      }
    }
  }
  return data;
}

/** Whether pixel (px, py) lies in shape `classIndex` drawn in the square box (x, y, side) — pixels. */
function inside(classIndex: number, px: number, py: number, x: number, y: number, side: number, turn: number): boolean {
  const u = (px - x) / side;
  const v = (py - y) / side;
  if (u < 0 || u > 1 || v < 0 || v > 1) return false;
  if (classIndex === 0) return (u - 0.5) ** 2 + (v - 0.5) ** 2 <= 0.25;
  if (classIndex === 1) return true;
  // An isosceles triangle, apex up or down.
  const vv = turn < 0.5 ? v : 1 - v;
  return Math.abs(u - 0.5) <= vv / 2;
}

function drawShape(data: Float32Array, size: number, classIndex: number, box: NormBox, random: () => number): void {
  const color = randomColor(random);
  const turn = random();
  const x = box.x * size;
  const y = box.y * size;
  const side = box.w * size;
  for (let py = Math.floor(y); py < Math.min(size, Math.ceil(y + side)); py++) {
    for (let px = Math.floor(x); px < Math.min(size, Math.ceil(x + side)); px++) {
      if (!inside(classIndex, px + 0.5, py + 0.5, x, y, side, turn)) continue;
      const o = (py * size + px) * 3;
      for (let c = 0; c < 3; c++) data[o + c] = color[c]! + (random() - 0.5) * 20;
    }
  }
}

function overlaps(a: NormBox, b: NormBox): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function toImage(data: Float32Array, size: number): RgbImage {
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = Math.min(255, Math.max(0, Math.round(data[i]!)));
  return { width: size, height: size, data: out };
}

export function syntheticShapes(options: SyntheticOptions): SyntheticSet {
  const { task, count, size } = options;
  const random = seededRandom(options.seed);
  const items: SyntheticSet['items'] = [];
  for (let n = 0; n < count; n++) {
    const data = background(size, random);
    if (task === 'classification') {
      // Balanced classes, a shape of 30–70 % of the side anywhere inside.
      const classIndex = n % SYNTHETIC_LABELS.length;
      const side = 0.3 + random() * 0.4;
      const box: NormBox = { classIndex, x: random() * (1 - side), y: random() * (1 - side), w: side, h: side };
      drawShape(data, size, classIndex, box, random);
      items.push({ image: toImage(data, size), target: { kind: 'class', classIndex } });
      continue;
    }
    const wanted = 1 + Math.floor(random() * 3);
    const boxes: NormBox[] = [];
    for (let attempt = 0; attempt < 50 && boxes.length < wanted; attempt++) {
      const side = 0.15 + random() * 0.3;
      const classIndex = Math.floor(random() * SYNTHETIC_LABELS.length);
      const box: NormBox = { classIndex, x: random() * (1 - side), y: random() * (1 - side), w: side, h: side };
      if (boxes.some((b) => overlaps(b, box))) continue;
      boxes.push(box);
      drawShape(data, size, classIndex, box, random);
    }
    items.push({ image: toImage(data, size), target: { kind: 'boxes', boxes } });
  }
  return { labels: SYNTHETIC_LABELS.map((l) => ({ ...l })), items };
}
