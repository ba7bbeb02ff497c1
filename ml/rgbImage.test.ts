import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { resizeRgb, rgbFromRgba } from './rgbImage';
import { initTf } from './runtime';
import type { RgbImage } from './types';

function pattern(width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      data[o] = (x * 255) / (width - 1);
      data[o + 1] = (y * 255) / (height - 1);
      data[o + 2] = (x * y) % 256;
    }
  }
  return { width, height, data };
}

describe('rgbFromRgba', () => {
  it('drops alpha and keeps channel order', () => {
    const rgba = Uint8ClampedArray.from([1, 2, 3, 255, 4, 5, 6, 0]);
    expect(rgbFromRgba(rgba, 2, 1)).toEqual({ width: 2, height: 1, data: Uint8Array.from([1, 2, 3, 4, 5, 6]) });
  });
  it('refuses too little data', () => {
    expect(() => rgbFromRgba(new Uint8Array(7), 2, 1)).toThrow(/expected 8/);
  });
});

describe('resizeRgb', () => {
  it('returns the same image when the size already fits', () => {
    const image = pattern(10, 7);
    expect(resizeRgb(image, 10, 7)).toBe(image);
  });

  it('keeps a flat colour flat at any size', () => {
    const image: RgbImage = { width: 37, height: 23, data: new Uint8Array(37 * 23 * 3).fill(0) };
    for (let i = 0; i < image.data.length; i += 3) image.data.set([200, 100, 50], i);
    const out = resizeRgb(image, 224, 160);
    expect(out.width).toBe(224);
    expect(out.height).toBe(160);
    let off = 0;
    for (let i = 0; i < out.data.length; i += 3) {
      if (out.data[i] !== 200 || out.data[i + 1] !== 100 || out.data[i + 2] !== 50) off++;
    }
    expect(off).toBe(0);
  });

  it('matches TF bilinear resizing with half-pixel centres when enlarging and mildly shrinking', async () => {
    await initTf(['cpu']);
    for (const [w, h, tw, th] of [
      [40, 30, 64, 48],
      [50, 60, 32, 40],
    ] as const) {
      const image = pattern(w, h);
      const mine = resizeRgb(image, tw, th);
      const reference = tf.tidy(() =>
        tf.image.resizeBilinear(tf.tensor3d(Float32Array.from(image.data), [h, w, 3]), [th, tw], false, true),
      );
      const values = await reference.data();
      reference.dispose();
      let worst = 0;
      for (let i = 0; i < values.length; i++) worst = Math.max(worst, Math.abs(values[i]! - mine.data[i]!));
      expect(worst).toBeLessThanOrEqual(1);
    }
  });

  it('averages when shrinking a lot, so a fine checkerboard becomes grey', () => {
    const size = 256;
    const data = new Uint8Array(size * size * 3);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) data.fill((x + y) % 2 ? 255 : 0, (y * size + x) * 3, (y * size + x) * 3 + 3);
    const out = resizeRgb({ width: size, height: size, data }, 32, 32);
    expect(Math.max(...Array.from(out.data, (v) => Math.abs(v - 128)))).toBeLessThanOrEqual(2);
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => resizeRgb(pattern(4, 4), 0, 3)).toThrow(/invalid size/);
    expect(() => resizeRgb(pattern(4, 4), 2.5, 3)).toThrow(/invalid size/);
  });
});
