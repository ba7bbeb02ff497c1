import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import type { RgbImage } from '../../ml/types';
import type { BlobStore } from '../blobs/BlobStore';
import { DECODE_OPTIONS, probeDatasetImage } from '../images/datasetImageProbe';
import { sniffDatasetImage } from '../images/datasetImageType';
import { readManifest, withBlobFile } from '../images/imageFiles';
import { parsePyramidRef, type PyramidManifest } from '../images/imagePyramid';

/*
 * Reads one dataset image as the network sees it: stretched to size × size RGB. A large image
 * with a DeepZoom pyramid is read from the smallest level that still covers the size on both
 * sides (a few tiles stitched) instead of decoding its original, which may be gigapixels.
 */

export interface StoredImage {
  blobKey: string;
  /** images.pyramid (the PyramidRef JSON) or null. */
  pyramid: string | null;
}

/** Whole-buffer reads skip the temporary file; sharp still caps the pixels from the header. */
const { sequentialRead: _sequential, ...BUFFER_DECODE_OPTIONS } = DECODE_OPTIONS;

export async function readBlobBytes(blobs: BlobStore, key: string): Promise<Buffer | null> {
  const blob = await blobs.get(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Thrown when the image's bytes are missing or do not decode (the image is left out). */
export class UnreadableImageError extends Error {}

async function toRgb(pipeline: Sharp, size: number): Promise<RgbImage> {
  const { data, info } = await pipeline
    .resize(size, size, { fit: 'fill', kernel: 'lanczos3' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new UnreadableImageError(`Decoded ${info.channels} channels, expected 3.`);
  return { width: size, height: size, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** The level (DeepZoom numbering: levels − 1 is full size) to read for a `size` input. */
export function pyramidLevelFor(manifest: Pick<PyramidManifest, 'levels' | 'width' | 'height'>, size: number): number {
  for (let level = 0; level < manifest.levels; level++) {
    const { width, height } = levelSize(manifest, level);
    if (width >= size && height >= size) return level;
  }
  return manifest.levels - 1;
}

export function levelSize(
  manifest: Pick<PyramidManifest, 'levels' | 'width' | 'height'>,
  level: number,
): { width: number; height: number } {
  const scale = 2 ** (manifest.levels - 1 - level);
  return { width: Math.ceil(manifest.width / scale), height: Math.ceil(manifest.height / scale) };
}

async function readFromPyramid(blobs: BlobStore, manifest: PyramidManifest, size: number): Promise<RgbImage> {
  const level = pyramidLevelFor(manifest, size);
  const { width, height } = levelSize(manifest, level);
  const step = manifest.tileSize;
  const composites: OverlayOptions[] = [];
  for (let row = 0; row * step < height; row++) {
    for (let col = 0; col * step < width; col++) {
      const key = manifest.tiles[`${level}/${col}_${row}`];
      const bytes = key ? await readBlobBytes(blobs, key) : null;
      if (!bytes) throw new UnreadableImageError(`Pyramid tile ${level}/${col}_${row} is missing.`);
      composites.push({ input: bytes, left: col * step, top: row * step });
    }
  }
  const first = composites[0];
  if (composites.length === 1 && first) return toRgb(sharp(first.input as Buffer, BUFFER_DECODE_OPTIONS), size);
  // Composite first, then resize: sharp would otherwise resize the canvas before drawing the tiles.
  // (The composite comes back with an alpha channel: its raw layout is read from `info`.)
  const canvas = await sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite(composites)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { channels } = canvas.info;
  return toRgb(sharp(canvas.data, { raw: { width: canvas.info.width, height: canvas.info.height, channels } }), size);
}

/**
 * The image stretched to size × size RGB (EXIF orientation applied, as everywhere the image is
 * shown, so the annotations' pixel coordinates match). Throws UnreadableImageError when its
 * bytes are gone or do not decode.
 */
export async function readTrainingImage(
  blobs: BlobStore,
  tmpRoot: string,
  image: StoredImage,
  size: number,
): Promise<RgbImage> {
  const ref = parsePyramidRef(image.pyramid);
  if (ref) {
    const manifest = await readManifest(blobs, ref.manifest).catch(() => null);
    if (manifest) return readFromPyramid(blobs, manifest, size);
  }
  const bytes = await readBlobBytes(blobs, image.blobKey);
  if (!bytes) throw new UnreadableImageError('The original image file is missing.');
  try {
    if (sniffDatasetImage(bytes) === 'bmp') {
      // libvips has no BMP loader: the upload path's PNG copy is made from a file.
      return await withBlobFile(blobs, image.blobKey, tmpRoot, async (file) => {
        const probed = await probeDatasetImage(file);
        return toRgb(sharp(probed.decodable, DECODE_OPTIONS).rotate(), size);
      });
    }
    return await toRgb(sharp(bytes, BUFFER_DECODE_OPTIONS).rotate(), size);
  } catch (error) {
    if (error instanceof UnreadableImageError) throw error;
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}
