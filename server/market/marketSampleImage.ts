import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import type { BlobStore } from '../blobs/BlobStore';
import { DECODE_OPTIONS, probeDatasetImage } from '../images/datasetImageProbe';

/*
 * A dataset's sample images on the market page. The stored key is the snapshot image's thumbnail
 * (WebP, 256 px) or its original (any dataset type, BMP included, up to the upload's pixel cap),
 * so every sample is decoded and re-encoded as a JPEG of at most 512 px on a side: one type for
 * the page, EXIF orientation applied (the annotations are in displayed pixels), and no metadata
 * from the seller's camera (location, serial numbers) leaves the server. Keys are content
 * hashes, so the result for a key never changes and a small in-memory cache keeps recent ones.
 */

export const SAMPLE_MAX_SIDE = 512;
const SAMPLE_QUALITY = 82;
/** Bytes of JPEGs kept: a 512 px sample is 20–80 KB, so a few hundred of them. */
const CACHE_MAX_BYTES = 16 * 1024 * 1024;

const done = new Map<string, Buffer>();
let cachedBytes = 0;
const running = new Map<string, Promise<Buffer | null>>();

function remember(key: string, jpeg: Buffer) {
  if (jpeg.length > CACHE_MAX_BYTES / 4) return;
  done.set(key, jpeg);
  cachedBytes += jpeg.length;
  // Oldest first (a Map keeps insertion order; a hit re-inserts its key).
  for (const [oldKey, old] of done) {
    if (cachedBytes <= CACHE_MAX_BYTES) break;
    done.delete(oldKey);
    cachedBytes -= old.length;
  }
}

/** Decodes the blob from a temporary file: BMP needs a PNG copy on disk, and large originals stream. */
async function convert(blobs: BlobStore, key: string): Promise<Buffer | null> {
  const blob = await blobs.get(key);
  if (!blob) return null;
  const dir = await mkdtemp(path.join(tmpdir(), 'sample-'));
  try {
    const file = path.join(dir, 'image');
    await pipeline(blob.stream, createWriteStream(file));
    const probed = await probeDatasetImage(file);
    return await sharp(probed.decodable, DECODE_OPTIONS)
      .rotate()
      .resize(SAMPLE_MAX_SIDE, SAMPLE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: SAMPLE_QUALITY, mozjpeg: true })
      .toBuffer();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The sample JPEG for a stored image blob, or null when no blob has the key. Throws (an
 * `image_invalid` ApiError) when the blob is not an image that decodes. Concurrent requests for
 * one key share one conversion.
 */
export async function sampleJpeg(blobs: BlobStore, key: string): Promise<Buffer | null> {
  const hit = done.get(key);
  if (hit) {
    done.delete(key);
    done.set(key, hit);
    return hit;
  }
  let job = running.get(key);
  if (!job) {
    job = convert(blobs, key).finally(() => running.delete(key));
    running.set(key, job);
  }
  const jpeg = await job;
  if (jpeg && !done.has(key)) remember(key, jpeg);
  return jpeg;
}
