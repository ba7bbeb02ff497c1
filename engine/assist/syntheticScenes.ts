/**
 * Seeded synthetic images with known objects, for the assist-point tests and benchmark: a
 * rectangle, an ellipse or an irregular blob on a noisy, gradient or textured background, at a
 * chosen contrast, plus the object's true mask, and IoU helpers to score a proposal against it.
 */
import { mulberry32, randomNormal, randomRange, type Random } from '../random';
import type { Rect, Vec2 } from '../types';
import type { RgbaWindow } from './proposeRegion';

export type SceneShape = 'rectangle' | 'ellipse' | 'blob';
export type SceneBackground = 'noise' | 'gradient' | 'texture';

export interface SceneOptions {
  seed: number;
  width?: number;
  height?: number;
  shape: SceneShape;
  background: SceneBackground;
  /** Object colour minus background colour, per channel, 0..255 (default 80). */
  contrast?: number;
  /** Standard deviation of the per-pixel noise (default 6). */
  noise?: number;
  /** Object size as a share of the default (radii 12–30 % of the shorter side); default 1. */
  objectScale?: number;
}

export interface Scene {
  window: RgbaWindow;
  /** 1 where the object is (window px, row-major). */
  truth: Uint8Array;
  truthBox: Rect;
  /** A point well inside the object. */
  click: Vec2;
}

/** Radius of the blob at angle `a`: a circle wobbled by three seeded harmonics. */
function blobRadius(base: number, phases: readonly number[], a: number): number {
  return (
    base *
    (1 +
      0.18 * Math.sin(2 * a + phases[0]!) +
      0.12 * Math.sin(3 * a + phases[1]!) +
      0.06 * Math.sin(5 * a + phases[2]!))
  );
}

/** A scene: object shape, background and contrast as asked, all drawn from `seed`. */
export function makeScene(o: SceneOptions): Scene {
  const width = o.width ?? 1024;
  const height = o.height ?? 1024;
  const random: Random = mulberry32(o.seed);
  const contrast = o.contrast ?? 80;
  const noise = o.noise ?? 6;
  const cx = width * randomRange(random, 0.4, 0.6);
  const cy = height * randomRange(random, 0.4, 0.6);
  const size = Math.min(width, height) * (o.objectScale ?? 1);
  const rx = size * randomRange(random, 0.12, 0.3);
  const ry = size * randomRange(random, 0.12, 0.3);
  const phases = [random() * 6.28, random() * 6.28, random() * 6.28];
  const inside = (x: number, y: number): boolean => {
    const dx = x - cx;
    const dy = y - cy;
    if (o.shape === 'rectangle') return Math.abs(dx) <= rx && Math.abs(dy) <= ry;
    if (o.shape === 'ellipse') return (dx / rx) ** 2 + (dy / ry) ** 2 <= 1;
    return Math.hypot(dx, dy) <= blobRadius((rx + ry) / 2, phases, Math.atan2(dy, dx));
  };
  const base = [randomRange(random, 60, 170), randomRange(random, 60, 170), randomRange(random, 60, 170)];
  const sign = base[0]! > 120 ? -1 : 1;
  const object = base.map((c) => c + sign * contrast);
  const data = new Uint8ClampedArray(width * height * 4);
  const truth = new Uint8Array(width * height);
  const kx = randomRange(random, 0.02, 0.06);
  const ky = randomRange(random, 0.02, 0.06);
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const isObject = inside(x + 0.5, y + 0.5);
      let shade = 0;
      if (o.background === 'gradient') shade = ((x + y) / (width + height) - 0.5) * 50;
      else if (o.background === 'texture') shade = 12 * Math.sin(x * kx) * Math.sin(y * ky);
      const n = noise * randomNormal(random);
      for (let c = 0; c < 3; c++) data[i * 4 + c] = (isObject ? object[c]! : base[c]! + shade) + n;
      data[i * 4 + 3] = 255;
      if (isObject) {
        truth[i] = 1;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  return {
    window: { width, height, data },
    truth,
    truthBox: { x: minX, y: minY, width: maxX + 1 - minX, height: maxY + 1 - minY },
    click: {
      x: Math.round(cx + randomRange(random, -0.3, 0.3) * rx),
      y: Math.round(cy + randomRange(random, -0.3, 0.3) * ry),
    },
  };
}

/** Rasterises a closed polygon (even-odd, pixel centres) into a width × height mask. */
export function rasterizePolygon(points: readonly number[], width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  const n = points.length / 2;
  const xs: number[] = [];
  for (let y = 0; y < height; y++) {
    const py = y + 0.5;
    xs.length = 0;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const yi = points[2 * i + 1]!;
      const yj = points[2 * j + 1]!;
      if (yi > py !== yj > py) {
        const xi = points[2 * i]!;
        const xj = points[2 * j]!;
        xs.push(xi + ((py - yi) / (yj - yi)) * (xj - xi));
      }
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
      const to = Math.min(width - 1, Math.floor(xs[k + 1]! - 0.5));
      for (let x = from; x <= to; x++) mask[y * width + x] = 1;
    }
  }
  return mask;
}

/** Intersection over union of two masks of the same size. */
export function maskIou(a: Uint8Array, b: Uint8Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 1 && b[i] === 1) inter += 1;
    if (a[i] === 1 || b[i] === 1) union += 1;
  }
  return union === 0 ? 0 : inter / union;
}

/** Intersection over union of two rectangles. */
export function boxIou(a: Rect, b: Rect): number {
  const ix = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = ix * iy;
  return inter / (a.width * a.height + b.width * b.height - inter);
}
