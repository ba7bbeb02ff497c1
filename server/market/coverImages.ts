import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { COVER_MAX_BYTES, COVER_MAX_COUNT } from '../../contract/apiMarket';
import { V } from '../../contract/validationMessages';
import type { BlobStore } from '../blobs/BlobStore';
import { ApiError } from '../http/ApiError';
import { convertBmpToPng, readBmpHeader } from '../images/bmpToPng';
import { sniffDatasetImage } from '../images/datasetImageType';
import { readBlobBytes } from '../training/readTrainingImage';
import type { StoredCover } from './resourceViews';

/*
 * Cover images of a resource (spec 5 and 9: png, jpeg or bmp by content, each under 10 MB, at
 * most 5). Each is decoded to its last pixel before it is kept, so a truncated or forged file is
 * refused at posting rather than shown broken on the market. PNG and JPEG are kept as sent; a BMP
 * (which libvips cannot read, and which nothing downstream should have to) is kept as its PNG copy.
 */

/** A cover may declare no more pixels than this (a small file can declare a huge canvas). */
export const COVER_MAX_PIXELS = 40_000_000;

export const coversInvalid = () =>
  new ApiError('validation', 'Too many or too large cover images.', { fields: { covers: V.resourceCovers } });
const coverUndecodable = () => new ApiError('image_invalid', 'A cover image could not be decoded.', {}, 415);

export interface DecodedCover {
  bytes: Buffer;
  type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/** A BMP's PNG copy (libvips reads no BMP); 415 `image_invalid` for one this server cannot convert. */
export async function bmpAsPng(bytes: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'maru-cover-'));
  try {
    const source = path.join(dir, 'cover.bmp');
    const target = path.join(dir, 'cover.png');
    await writeFile(source, bytes);
    const header = await readBmpHeader(source).catch(() => null);
    if (!header || header.width * header.height > COVER_MAX_PIXELS) throw coverUndecodable();
    await convertBmpToPng(source, header, target);
    return await readFile(target);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The upright size of an image after decoding all of it; throws when any of it does not decode. */
export async function decodeImageSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const { info } = await sharp(bytes, { limitInputPixels: COVER_MAX_PIXELS, failOn: 'error', pages: 1 })
    .rotate()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height };
}

/** One cover as it will be stored; 415 `image_invalid` unless it is a png, jpeg or bmp that decodes. */
export async function decodeCover(sent: Buffer): Promise<DecodedCover> {
  if (sent.byteLength === 0 || sent.byteLength >= COVER_MAX_BYTES) throw coversInvalid();
  const format = sniffDatasetImage(sent);
  if (format !== 'png' && format !== 'jpeg' && format !== 'bmp') throw coverUndecodable();
  const bytes = format === 'bmp' ? await bmpAsPng(sent) : sent;
  try {
    const size = await decodeImageSize(bytes);
    return { bytes, type: format === 'jpeg' ? 'image/jpeg' : 'image/png', ...size };
  } catch {
    throw coverUndecodable();
  }
}

/** Checks the covers sent (count, size, content) and stores them; their facts for resources.covers. */
export async function storeCovers(blobs: BlobStore, files: readonly File[]): Promise<StoredCover[]> {
  if (files.length > COVER_MAX_COUNT) throw coversInvalid();
  for (const file of files) if (file.size === 0 || file.size >= COVER_MAX_BYTES) throw coversInvalid();
  const decoded: DecodedCover[] = [];
  for (const file of files) decoded.push(await decodeCover(Buffer.from(await file.arrayBuffer())));
  const stored: StoredCover[] = [];
  for (const cover of decoded) {
    const blobKey = await blobs.put(cover.bytes);
    stored.push({ blobKey, type: cover.type, width: cover.width, height: cover.height, bytes: cover.bytes.byteLength });
  }
  return stored;
}

/** Whether a stored cover is still there and decodes (the server's check before review). */
export async function coverReadable(blobs: BlobStore, cover: StoredCover): Promise<boolean> {
  const bytes = await readBlobBytes(blobs, cover.blobKey);
  if (!bytes) return false;
  try {
    await decodeImageSize(bytes);
    return true;
  } catch {
    return false;
  }
}
