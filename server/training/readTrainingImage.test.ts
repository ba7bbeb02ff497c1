import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { buildPyramid } from '../images/imagePyramid';
import { levelSize, pyramidLevelFor, readTrainingImage, UnreadableImageError } from './readTrainingImage';

let dir: string;
let blobs: LocalBlobStore;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'maru-read-training-'));
  blobs = new LocalBlobStore(path.join(dir, 'blobs'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A smooth image (gradients and a dark block) whose small versions barely depend on resampling. */
async function wideImage(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const block = x > width * 0.6 && x < width * 0.8 && y > height * 0.2 && y < height * 0.6;
      data[i] = block ? 20 : Math.round((255 * x) / width);
      data[i + 1] = block ? 20 : Math.round((255 * y) / height);
      data[i + 2] = 128;
    }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

function meanAbsDiff(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('readTrainingImage', () => {
  it('reads a pyramid image from the smallest level that covers the input, stitching its tiles, like its original', async () => {
    const width = 2100;
    const height = 700;
    const png = await wideImage(width, height);
    const file = path.join(dir, 'wide.png');
    writeFileSync(file, png);
    const ref = await buildPyramid(file, blobs, { width, height }, path.join(dir, 'tmp'), async () => {});
    // Level 10 of 13 is 525 × 175: two 512-px tiles side by side.
    const manifest = { levels: ref.levels, width, height };
    expect(pyramidLevelFor(manifest, 128)).toBe(10);
    expect(levelSize(manifest, 10)).toEqual({ width: 525, height: 175 });
    expect(pyramidLevelFor(manifest, 320)).toBe(11);

    const original = await blobs.put(png);
    const fromPyramid = await readTrainingImage(
      blobs,
      dir,
      { blobKey: 'f'.repeat(64), pyramid: JSON.stringify(ref) },
      128,
    );
    const fromOriginal = await readTrainingImage(blobs, dir, { blobKey: original, pyramid: null }, 128);
    expect(fromPyramid.width).toBe(128);
    expect(fromPyramid.height).toBe(128);
    expect(fromPyramid.data.length).toBe(128 * 128 * 3);
    // JPEG tiles and another resampling path: close, not equal.
    expect(meanAbsDiff(fromPyramid.data, fromOriginal.data)).toBeLessThan(4);
    // The stretched block lands where it was: x 60–80 %, y 20–60 %.
    const at = (img: typeof fromPyramid, x: number, y: number) => img.data[(y * 128 + x) * 3]!;
    expect(at(fromPyramid, 90, 50)).toBeLessThan(40);
    expect(at(fromPyramid, 40, 50)).toBeGreaterThan(60);
  });

  it('gives 3 channels for a grey image with alpha, applying EXIF orientation', async () => {
    const grey = await sharp({
      create: { width: 40, height: 20, channels: 4, background: { r: 200, g: 200, b: 200, alpha: 1 } },
    })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(2);
    const image = await readTrainingImage(blobs, dir, { blobKey: await blobs.put(grey), pyramid: null }, 32);
    expect(image.data.length).toBe(32 * 32 * 3);
    expect(image.data[0]).toBe(200);

    // A 40 × 20 JPEG stored rotated (orientation 6): shown 20 × 40, its left half dark.
    const raw = Buffer.alloc(40 * 20 * 3, 255);
    for (let y = 0; y < 20; y++)
      for (let x = 0; x < 40; x++) if (y < 10) raw.fill(0, (y * 40 + x) * 3, (y * 40 + x) * 3 + 3);
    const jpeg = await sharp(raw, { raw: { width: 40, height: 20, channels: 3 } })
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const rotated = await readTrainingImage(blobs, dir, { blobKey: await blobs.put(jpeg), pyramid: null }, 32);
    // Orientation 6 turns the top rows (dark) to the right side.
    expect(rotated.data[(16 * 32 + 28) * 3]).toBeLessThan(60);
    expect(rotated.data[(16 * 32 + 3) * 3]).toBeGreaterThan(190);
  });

  it('throws UnreadableImageError for a missing or undecodable file', async () => {
    await expect(readTrainingImage(blobs, dir, { blobKey: '0'.repeat(64), pyramid: null }, 64)).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
    const broken = await blobs.put(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]));
    await expect(readTrainingImage(blobs, dir, { blobKey: broken, pyramid: null }, 64)).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
  });
});
