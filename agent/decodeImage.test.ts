import { describe, expect, it } from 'vitest';
import { decodeImage, ImageDecodeError, MAX_IMAGE_PIXELS } from './decodeImage';
import { encodeBmp, encodeJpeg, encodePng, rgbImage } from './testing/encodeImages';

const image = rgbImage(13, 7, (x, y) => [x * 19, y * 36, (x * 7 + y * 11) % 256]);

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof ImageDecodeError ? error.code : 'other';
  }
}

describe('decodeImage', () => {
  it('decodes a PNG exactly and drops its alpha', () => {
    const decoded = decodeImage(encodePng(image, 40));
    expect(decoded.width).toBe(13);
    expect(decoded.height).toBe(7);
    expect(Array.from(decoded.data)).toEqual(Array.from(image.data));
  });

  it('decodes a JPEG to the same size, each channel close to the original', () => {
    const flat = rgbImage(32, 24, (x) => (x < 16 ? [200, 30, 40] : [20, 180, 220]));
    const decoded = decodeImage(encodeJpeg(flat, 100));
    expect([decoded.width, decoded.height]).toEqual([32, 24]);
    expect(decoded.data.length).toBe(32 * 24 * 3);
    // Centres of both halves, away from the edge's ringing.
    for (const [x, expected] of [
      [4, [200, 30, 40]],
      [28, [20, 180, 220]],
    ] as const) {
      const i = (12 * 32 + x) * 3;
      for (let c = 0; c < 3; c++) expect(Math.abs(decoded.data[i + c]! - expected[c]!)).toBeLessThanOrEqual(6);
    }
  });

  it('decodes 24- and 32-bit BMPs, bottom-up and top-down, exactly (rows padded to 4 bytes)', () => {
    for (const bits of [24, 32] as const) {
      for (const topDown of [false, true]) {
        const decoded = decodeImage(encodeBmp(image, bits, topDown));
        expect([decoded.width, decoded.height]).toEqual([13, 7]);
        expect(Array.from(decoded.data)).toEqual(Array.from(image.data));
      }
    }
  });

  it('refuses other formats, corrupt data and paletted BMPs with typed errors', () => {
    expect(codeOf(() => decodeImage(new TextEncoder().encode('GIF89a....')))).toBe('image_unsupported');
    expect(codeOf(() => decodeImage(new Uint8Array(0)))).toBe('image_unsupported');
    const png = encodePng(image);
    expect(codeOf(() => decodeImage(png.subarray(0, 40)))).toBe('image_corrupt');
    const jpg = encodeJpeg(image);
    expect(codeOf(() => decodeImage(jpg.subarray(0, 30)))).toBe('image_corrupt');
    const bmp = encodeBmp(image);
    new DataView(bmp.buffer).setUint16(28, 8, true);
    expect(codeOf(() => decodeImage(bmp))).toBe('image_unsupported');
    expect(codeOf(() => decodeImage(encodeBmp(image).subarray(0, 80)))).toBe('image_corrupt');
  });

  it('refuses an image over 50 megapixels from its header, before decoding pixels', () => {
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
    const png = encodePng(rgbImage(2, 2, () => [1, 2, 3]));
    const dv = new DataView(png.buffer, png.byteOffset);
    dv.setUint32(16, side);
    dv.setUint32(20, side);
    expect(codeOf(() => decodeImage(png))).toBe('image_too_large');
    const bmp = encodeBmp(rgbImage(2, 2, () => [1, 2, 3]));
    new DataView(bmp.buffer).setInt32(18, side, true);
    new DataView(bmp.buffer).setInt32(22, side, true);
    expect(codeOf(() => decodeImage(bmp))).toBe('image_too_large');
    const jpg = encodeJpeg(rgbImage(8, 8, () => [1, 2, 3]));
    // The SOF0 frame's height and width are its 4th–7th bytes after the marker's length.
    const sof = jpg.findIndex((b, i) => b === 0xff && jpg[i + 1] === 0xc0);
    new DataView(jpg.buffer, jpg.byteOffset).setUint16(sof + 5, 60000);
    new DataView(jpg.buffer, jpg.byteOffset).setUint16(sof + 7, 60000);
    expect(codeOf(() => decodeImage(jpg))).toBe('image_too_large');
  });
});
