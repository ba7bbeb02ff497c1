import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Context } from 'hono';
import sharp from 'sharp';
import { PREDICT_IMAGE_MAX_BYTES, PREDICT_JSON_MAX_BYTES, predictJsonSchema } from '../../../contract/apiPredict';
import type { RgbImage } from '../../../ml/types';
import { ApiError } from '../../http/ApiError';
import { convertBmpToPng, readBmpHeader } from '../../images/bmpToPng';
import { sniffDatasetImage } from '../../images/datasetImageType';
import { readLimitedBody } from '../../images/readLimitedBody';

/*
 * A predict call's image: multipart (field `image`), JSON `{ image }` (base64 or a data: URL), or
 * the bytes themselves. Decoded with sharp to RGB in the image's upright orientation (EXIF
 * rotation applied, as a viewer shows it), at its own size: the model stretches it to its input,
 * and boxes come back in these pixels. BMP, which libvips cannot read, goes through a PNG copy.
 */

/** Decoded pixels are capped (a small file can declare a huge canvas). */
export const PREDICT_MAX_PIXELS = 50_000_000;
/** Room for the multipart boundaries and headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

const missing = () =>
  new ApiError('image_missing', 'Send an image: multipart field "image", JSON { image }, or the bytes.');
const invalid = () => new ApiError('image_invalid', 'The image could not be decoded.', {}, 400);
const tooLarge = () => new ApiError('payload_too_large', 'The image is larger than allowed.');

function fromBase64(text: string): Buffer {
  const data = /^data:[^,]*?(;base64)?,/i.exec(text);
  if (data && !data[1]) throw invalid();
  const body = (data ? text.slice(data[0].length) : text).replace(/\s+/g, '');
  if (!body) throw missing();
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body)) throw invalid();
  // The decoded size is known before decoding: refuse before allocating it.
  if (Math.floor((body.length * 3) / 4) > PREDICT_IMAGE_MAX_BYTES + 2) throw tooLarge();
  const bytes = Buffer.from(body, 'base64');
  if (bytes.byteLength > PREDICT_IMAGE_MAX_BYTES) throw tooLarge();
  return bytes;
}

/** The image bytes of the request; throws image_missing, image_invalid or payload_too_large. */
export async function readPredictBody(c: Context): Promise<Buffer> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (type.startsWith('application/json')) {
    const raw = await readLimitedBody(c, PREDICT_JSON_MAX_BYTES);
    if (raw.byteLength === 0) throw missing();
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new ApiError('bad_request', 'The request is malformed.');
    }
    const parsed = predictJsonSchema.safeParse(json);
    if (!parsed.success) {
      const image = (json as { image?: unknown } | null)?.image;
      if (image === undefined || image === null || image === '') throw missing();
      throw new ApiError('validation', 'The body must be { "image": "<base64 or data: URL>" }.');
    }
    return fromBase64(parsed.data.image);
  }
  if (type.startsWith('multipart/form-data')) {
    const raw = await readLimitedBody(c, PREDICT_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD);
    let form: FormData;
    try {
      // The header as sent: a multipart boundary is case-sensitive (browsers send mixed case).
      const header = c.req.header('Content-Type') ?? type;
      form = await new Response(new Uint8Array(raw), { headers: { 'Content-Type': header } }).formData();
    } catch {
      throw new ApiError('bad_request', 'The multipart body is malformed.');
    }
    const field = form.get('image');
    if (field === null) throw missing();
    if (typeof field === 'string') return fromBase64(field);
    if (field.size === 0) throw missing();
    if (field.size > PREDICT_IMAGE_MAX_BYTES) throw tooLarge();
    return Buffer.from(await field.arrayBuffer());
  }
  const bytes = await readLimitedBody(c, PREDICT_IMAGE_MAX_BYTES);
  if (bytes.byteLength === 0) throw missing();
  return bytes;
}

async function bmpAsPng(bytes: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'maru-predict-'));
  try {
    const source = path.join(dir, 'image.bmp');
    const target = path.join(dir, 'image.png');
    await writeFile(source, bytes);
    const header = await readBmpHeader(source).catch(() => null);
    if (!header || header.width * header.height > PREDICT_MAX_PIXELS) throw invalid();
    await convertBmpToPng(source, header, target);
    return await readFile(target);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The image as upright RGB pixels; throws image_invalid for anything that does not decode. */
export async function decodePredictImage(bytes: Buffer): Promise<RgbImage> {
  const format = sniffDatasetImage(bytes);
  if (!format) throw invalid();
  const decodable = format === 'bmp' ? await bmpAsPng(bytes) : bytes;
  try {
    const { data, info } = await sharp(decodable, { limitInputPixels: PREDICT_MAX_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw invalid();
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw invalid();
  }
}
