import type { Augmentation } from '../contract/apiTraining';
import type { AugmentTransform, RgbImage } from './types';
import { mulberry32 } from '../contract/seededRandom';

/*
 * Augmented copies of training images: a horizontal flip, a shift of up to 10 % of the side and
 * a brightness change of up to ±20 %, each as the training's settings allow. A copy's change is
 * drawn from a generator seeded by the image key and the copy number, never by the training, so
 * its features stay valid in the feature cache across trainings.
 */

export const MAX_SHIFT = 0.1;
export const MAX_BRIGHTNESS = 0.2;

export interface Augment extends AugmentTransform {
  /** Multiplier on pixel values (1 = unchanged). */
  brightness: number;
}

/** A small fast seeded generator giving floats in [0, 1) (the contract's mulberry32). */
export const seededRandom = mulberry32;

/** FNV-1a of a string: a seed from an image key. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The cache-key part of a copy: '0' for the original, else the copy number and the kinds allowed. */
export function augmentCopyKey(copy: number, settings: Augmentation): string {
  if (copy === 0) return '0';
  return `${copy}${settings.flip ? 'f' : ''}${settings.shift ? 's' : ''}${settings.brightness ? 'b' : ''}`;
}

/** The change of copy `copy` (≥ 1) of the image with this key. */
export function augmentFor(key: string, copy: number, settings: Augmentation): Augment {
  const random = seededRandom(hashString(`${key}#${copy}`));
  const flipRoll = random();
  const dxRoll = random();
  const dyRoll = random();
  const brightRoll = random();
  // Copy 1 is flipped and copy 2 is not (when flips are on), so two copies never both repeat the original.
  const flipX = settings.flip && (copy % 2 === 1 || flipRoll < 0.5);
  const dx = settings.shift ? (dxRoll * 2 - 1) * MAX_SHIFT : 0;
  const dy = settings.shift ? (dyRoll * 2 - 1) * MAX_SHIFT : 0;
  const brightness = settings.brightness ? 1 + (brightRoll * 2 - 1) * MAX_BRIGHTNESS : 1;
  return { flipX, dx, dy, brightness };
}

/**
 * The image with the change applied. A shift moves the content by dx, dy of the side (right and
 * down when positive); the uncovered border repeats the edge pixels, as a camera would never see black.
 */
export function applyAugment(image: RgbImage, augment: Augment): RgbImage {
  const { width, height, data } = image;
  const out = new Uint8Array(data.length);
  const shiftX = Math.round(augment.dx * width);
  const shiftY = Math.round(augment.dy * height);
  const gain = augment.brightness;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(height - 1, Math.max(0, y - shiftY));
    for (let x = 0; x < width; x++) {
      let sx = Math.min(width - 1, Math.max(0, x - shiftX));
      if (augment.flipX) sx = width - 1 - sx;
      const i = (sy * width + sx) * 3;
      const o = (y * width + x) * 3;
      out[o] = Math.min(255, data[i]! * gain);
      out[o + 1] = Math.min(255, data[i + 1]! * gain);
      out[o + 2] = Math.min(255, data[i + 2]! * gain);
    }
  }
  return { width, height, data: out };
}
