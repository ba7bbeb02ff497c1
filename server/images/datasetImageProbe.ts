import { open } from 'node:fs/promises';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../contract/apiProjects';
import { ApiError } from '../http/ApiError';
import { convertBmpToPng, readBmpHeader } from './bmpToPng';
import {
  mimeOfFormat,
  sniffDatasetImage,
  SNIFF_BYTES,
  type DatasetImageFormat,
  type DatasetImageMime,
} from './datasetImageType';

/** What an upload is, read from its decoded content. */
export interface ProbedImage {
  format: DatasetImageFormat;
  type: DatasetImageMime;
  /** As displayed: EXIF orientations 5–8 swap width and height. */
  width: number;
  height: number;
  /** The file the decoder reads: the upload itself, or a PNG copy next to it for a BMP. */
  decodable: string;
}

export const IMAGE_INVALID_MESSAGE = 'There seems to be an error in the image file.';

/** 415 for bytes that are no accepted image type at all, 400 for an image that does not decode. */
export const imageInvalid = (status: 400 | 415 = 400) =>
  new ApiError('image_invalid', IMAGE_INVALID_MESSAGE, {}, status);

/**
 * Options for every decode of an uploaded image: the pixel cap refuses a decompression bomb
 * from its header alone (before any pixel is decoded); `failOn: 'error'` refuses truncated or
 * corrupt pixel data instead of drawing grey; only the first frame of an animation or page of a
 * TIFF is read. Reading from a file path with sequential access keeps memory to a few strips of
 * rows whatever the image size.
 */
export const DECODE_OPTIONS = {
  limitInputPixels: MAX_IMAGE_PIXELS,
  failOn: 'error',
  sequentialRead: true,
  pages: 1,
} as const satisfies SharpOptions;

/** Reads the first bytes of a file for the type check. */
export async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Type (magic bytes, then confirmed by the decoder) and size of an uploaded image file, or an
 * `image_invalid` ApiError. Reads the header only.
 */
export async function probeDatasetImage(file: string): Promise<ProbedImage> {
  const format = sniffDatasetImage(await readHead(file));
  if (!format) throw imageInvalid(415);
  const decodable = format === 'bmp' ? await bmpAsPng(file) : file;
  let meta: Metadata;
  try {
    meta = await sharp(decodable, DECODE_OPTIONS).metadata();
  } catch {
    throw imageInvalid(400);
  }
  const type = mimeOfFormat(format);
  if (!type || meta.format !== (format === 'bmp' ? 'png' : format) || !meta.width || !meta.height)
    throw imageInvalid(400);
  const swap = (meta.orientation ?? 1) >= 5;
  return { format, type, width: swap ? meta.height : meta.width, height: swap ? meta.width : meta.height, decodable };
}

/** A PNG copy of a BMP upload (`<file>.png`), with the pixel cap checked from its header first. */
async function bmpAsPng(file: string): Promise<string> {
  const header = await readBmpHeader(file).catch(() => null);
  if (!header || header.width * header.height > MAX_IMAGE_PIXELS) throw imageInvalid(400);
  const target = `${file}.png`;
  try {
    await convertBmpToPng(file, header, target);
  } catch {
    throw imageInvalid(400);
  }
  return target;
}

export const THUMBNAIL_SIZE = 256;

/**
 * The thumbnail (WebP, at most 256 px on a side, EXIF orientation applied, no metadata). It
 * decodes every pixel, so it doubles as the check that the whole file is a sound image:
 * anything that fails here is `image_invalid`.
 */
export async function makeThumbnail(file: string): Promise<Buffer> {
  try {
    return await sharp(file, DECODE_OPTIONS)
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw imageInvalid(400);
  }
}
