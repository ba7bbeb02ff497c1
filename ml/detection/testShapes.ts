import type { NormBox, RgbImage } from '../types';
import { iou } from './centerGrid';

/*
 * Seeded detection images for tests and benchmarks: 1–3 shapes (class 0 rectangle, 1 ellipse,
 * 2 triangle) of random colours and sizes on a noisy two-colour gradient, with their boxes.
 */

export interface ShapesImage {
  image: RgbImage;
  boxes: NormBox[];
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function inside(kind: number, u: number, v: number): boolean {
  // u, v: position inside the box, 0–1.
  if (kind === 0) return true;
  if (kind === 1) return (u - 0.5) ** 2 + (v - 0.5) ** 2 <= 0.25;
  return v >= Math.abs(u - 0.5) * 2; // apex at the top centre, base along the bottom
}

export function shapesImage(size: number, rand: () => number): ShapesImage {
  const data = new Uint8Array(size * size * 3);
  const c0 = [rand() * 255, rand() * 255, rand() * 255];
  const c1 = [rand() * 255, rand() * 255, rand() * 255];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      for (let ch = 0; ch < 3; ch++)
        data[(y * size + x) * 3 + ch] = Math.max(
          0,
          Math.min(255, c0[ch]! * (1 - t) + c1[ch]! * t + (rand() - 0.5) * 40),
        );
    }
  const count = 1 + Math.floor(rand() * 3);
  const boxes: NormBox[] = [];
  for (let attempt = 0; boxes.length < count && attempt < 50; attempt++) {
    const w = 0.15 + rand() * 0.3;
    const h = Math.min(0.6, Math.max(0.12, w * (0.7 + rand() * 0.6)));
    const box: NormBox = { classIndex: Math.floor(rand() * 3), x: rand() * (1 - w), y: rand() * (1 - h), w, h };
    const xywh = [box.x, box.y, box.w, box.h];
    if (boxes.some((b) => iou([b.x, b.y, b.w, b.h], xywh) > 0.05)) continue;
    boxes.push(box);
  }
  for (const box of boxes) {
    // A colour far enough from the background for the shape to be seen.
    const colour = [rand() * 255, rand() * 255, rand() * 255].map((c, i) =>
      Math.abs(c - c0[i]!) < 60 ? (c + 128) % 256 : c,
    );
    const x0 = Math.round(box.x * size);
    const y0 = Math.round(box.y * size);
    const x1 = Math.round((box.x + box.w) * size);
    const y1 = Math.round((box.y + box.h) * size);
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        if (!inside(box.classIndex, (x + 0.5 - x0) / (x1 - x0), (y + 0.5 - y0) / (y1 - y0))) continue;
        for (let ch = 0; ch < 3; ch++) data[(y * size + x) * 3 + ch] = colour[ch]!;
      }
  }
  return { image: { width: size, height: size, data }, boxes };
}

export function shapesDataset(count: number, size: number, seed: number): ShapesImage[] {
  const rand = mulberry32(seed);
  return Array.from({ length: count }, () => shapesImage(size, rand));
}
