import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { RgbImage } from '../ml/types';

/*
 * Image decoding for the agent's endpoint, in pure JS (jpeg-js, pngjs and a small BMP reader) so
 * the single-file agent carries no native code. The size is read from the header first, so an
 * oversized image is refused before any pixel buffer is allocated.
 */

/** The most pixels one image may have (a 50-megapixel photo; larger ones are refused). */
export const MAX_IMAGE_PIXELS = 50_000_000;

export type ImageDecodeErrorCode = 'image_unsupported' | 'image_too_large' | 'image_corrupt';

export class ImageDecodeError extends Error {
  constructor(
    readonly code: ImageDecodeErrorCode,
    detail: string,
  ) {
    super(detail);
    this.name = 'ImageDecodeError';
  }
}

export type ImageFormat = 'jpeg' | 'png' | 'bmp';

/** The format named by the file's first bytes, or null. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 2 && bytes[0] === 0x42 && bytes[1] === 0x4d) return 'bmp';
  return null;
}

function checkSize(width: number, height: number): void {
  if (!(width > 0 && height > 0)) throw new ImageDecodeError('image_corrupt', `size ${width} × ${height}`);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ImageDecodeError('image_too_large', `${width} × ${height} is over ${MAX_IMAGE_PIXELS / 1e6} megapixels`);
  }
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Width and height from a JPEG's first start-of-frame marker. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  const dv = view(bytes);
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) {
      at++;
      continue;
    }
    const marker = bytes[at + 1]!;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: dv.getUint16(at + 5), width: dv.getUint16(at + 7) };
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    at += 2 + dv.getUint16(at + 2);
  }
  throw new ImageDecodeError('image_corrupt', 'no JPEG frame header');
}

function decodeJpeg(bytes: Uint8Array): RgbImage {
  const { width, height } = jpegSize(bytes);
  checkSize(width, height);
  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    decoded = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: MAX_IMAGE_PIXELS / 1e6,
      // 50 MP at 3 bytes a pixel plus the decoder's component planes.
      maxMemoryUsageInMB: 1024,
    });
  } catch (error) {
    throw new ImageDecodeError('image_corrupt', `JPEG: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { width: decoded.width, height: decoded.height, data: decoded.data };
}

function decodePng(bytes: Uint8Array): RgbImage {
  if (bytes.length < 24) throw new ImageDecodeError('image_corrupt', 'PNG header cut short');
  const dv = view(bytes);
  checkSize(dv.getUint32(16), dv.getUint32(20));
  let png: PNG;
  try {
    // pngjs wants a Buffer; this one shares the caller's memory.
    png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    throw new ImageDecodeError('image_corrupt', `PNG: ${error instanceof Error ? error.message : String(error)}`);
  }
  // pngjs always gives RGBA (8 bits a channel); the alpha is dropped, as the trainer drops it.
  const pixels = png.width * png.height;
  const data = new Uint8Array(pixels * 3);
  const rgba = png.data;
  for (let i = 0, j = 0; i < pixels; i++, j += 4) {
    data[i * 3] = rgba[j]!;
    data[i * 3 + 1] = rgba[j + 1]!;
    data[i * 3 + 2] = rgba[j + 2]!;
  }
  return { width: png.width, height: png.height, data };
}

/** Uncompressed 24- and 32-bit BMP (BI_RGB, or BI_BITFIELDS with the usual BGRA masks). */
function decodeBmp(bytes: Uint8Array): RgbImage {
  if (bytes.length < 54) throw new ImageDecodeError('image_corrupt', 'BMP header cut short');
  const dv = view(bytes);
  const pixelOffset = dv.getUint32(10, true);
  const headerSize = dv.getUint32(14, true);
  if (headerSize < 40) throw new ImageDecodeError('image_unsupported', 'BMP core headers are not supported');
  const width = dv.getInt32(18, true);
  const rawHeight = dv.getInt32(22, true);
  const bitCount = dv.getUint16(28, true);
  const compression = dv.getUint32(30, true);
  // A negative height stores rows top-down; positive is the usual bottom-up.
  const height = Math.abs(rawHeight);
  if (bitCount !== 24 && bitCount !== 32) {
    throw new ImageDecodeError('image_unsupported', `BMP with ${bitCount} bits a pixel (24 and 32 are supported)`);
  }
  if (compression !== 0 && !(compression === 3 && bitCount === 32)) {
    throw new ImageDecodeError('image_unsupported', `compressed BMP (method ${compression})`);
  }
  checkSize(width, height);
  const step = bitCount / 8;
  const stride = Math.ceil((width * step) / 4) * 4;
  if (pixelOffset + stride * height > bytes.length) throw new ImageDecodeError('image_corrupt', 'BMP pixels cut short');
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = pixelOffset + (rawHeight > 0 ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) {
      const src = row + x * step;
      const dst = (y * width + x) * 3;
      data[dst] = bytes[src + 2]!;
      data[dst + 1] = bytes[src + 1]!;
      data[dst + 2] = bytes[src]!;
    }
  }
  return { width, height, data };
}

/** Decodes a JPEG, PNG or BMP into RGB pixels; throws ImageDecodeError for anything else. */
export function decodeImage(bytes: Uint8Array): RgbImage {
  const format = sniffImageFormat(bytes);
  if (format === 'jpeg') return decodeJpeg(bytes);
  if (format === 'png') return decodePng(bytes);
  if (format === 'bmp') return decodeBmp(bytes);
  throw new ImageDecodeError('image_unsupported', 'not a JPEG, PNG or BMP image');
}
