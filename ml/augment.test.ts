import { describe, expect, it } from 'vitest';
import { applyAugment, augmentCopyKey, augmentFor, MAX_BRIGHTNESS, MAX_SHIFT } from './augment';
import type { RgbImage } from './types';

const all = { enabled: true, flip: true, shift: true, brightness: true };

function marker(width: number, height: number, x: number, y: number): RgbImage {
  const data = new Uint8Array(width * height * 3).fill(10);
  data.set([250, 250, 250], (y * width + x) * 3);
  return { width, height, data };
}

function brightest(image: RgbImage): [number, number] {
  let best = -1;
  let at = 0;
  for (let i = 0; i < image.data.length; i += 3) {
    if (image.data[i]! > best) {
      best = image.data[i]!;
      at = i / 3;
    }
  }
  return [at % image.width, Math.floor(at / image.width)];
}

describe('augmentFor', () => {
  it('is the same for the same key and copy, and differs between copies', () => {
    expect(augmentFor('blob-a', 1, all)).toEqual(augmentFor('blob-a', 1, all));
    expect(augmentFor('blob-a', 1, all)).not.toEqual(augmentFor('blob-a', 2, all));
  });

  it('stays within the documented ranges and honours the switches', () => {
    for (let i = 0; i < 200; i++) {
      const a = augmentFor(`k${i}`, 1 + (i % 2), all);
      expect(Math.abs(a.dx)).toBeLessThanOrEqual(MAX_SHIFT);
      expect(Math.abs(a.dy)).toBeLessThanOrEqual(MAX_SHIFT);
      expect(Math.abs(a.brightness - 1)).toBeLessThanOrEqual(MAX_BRIGHTNESS);
      const none = augmentFor(`k${i}`, 1, { enabled: true, flip: false, shift: false, brightness: false });
      expect(none).toEqual({ flipX: false, dx: 0, dy: 0, brightness: 1 });
    }
    expect(augmentFor('x', 1, all).flipX).toBe(true);
  });

  it('names copies by number and allowed kinds', () => {
    expect(augmentCopyKey(0, all)).toBe('0');
    expect(augmentCopyKey(2, { ...all, shift: false })).toBe('2fb');
  });
});

describe('applyAugment', () => {
  it('mirrors, then shifts right and down by the fraction of the side', () => {
    const image = marker(20, 10, 3, 4);
    expect(brightest(applyAugment(image, { flipX: true, dx: 0, dy: 0, brightness: 1 }))).toEqual([16, 4]);
    expect(brightest(applyAugment(image, { flipX: false, dx: 0.1, dy: 0.2, brightness: 1 }))).toEqual([5, 6]);
    expect(brightest(applyAugment(image, { flipX: true, dx: -0.1, dy: 0, brightness: 1 }))).toEqual([14, 4]);
  });

  it('scales brightness and saturates at 255', () => {
    const out = applyAugment(marker(4, 4, 0, 0), { flipX: false, dx: 0, dy: 0, brightness: 1.2 });
    expect(out.data[0]).toBe(255);
    expect(out.data[3]).toBe(12);
  });
});
