import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { RgbImage } from '../../ml/types';

/* Test images in each format the agent decodes, written with the agent's own pure-JS packages. */

export function rgbImage(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]) {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 3);
  }
  return { width, height, data } satisfies RgbImage;
}

export function encodePng(image: RgbImage, alpha = 255): Uint8Array {
  const png = new PNG({ width: image.width, height: image.height });
  for (let i = 0; i < image.width * image.height; i++) {
    png.data[i * 4] = image.data[i * 3]!;
    png.data[i * 4 + 1] = image.data[i * 3 + 1]!;
    png.data[i * 4 + 2] = image.data[i * 3 + 2]!;
    png.data[i * 4 + 3] = alpha;
  }
  return new Uint8Array(PNG.sync.write(png));
}

export function encodeJpeg(image: RgbImage, quality = 95): Uint8Array {
  const rgba = Buffer.alloc(image.width * image.height * 4);
  for (let i = 0; i < image.width * image.height; i++) {
    rgba[i * 4] = image.data[i * 3]!;
    rgba[i * 4 + 1] = image.data[i * 3 + 1]!;
    rgba[i * 4 + 2] = image.data[i * 3 + 2]!;
    rgba[i * 4 + 3] = 255;
  }
  return new Uint8Array(jpeg.encode({ width: image.width, height: image.height, data: rgba }, quality).data);
}

/** An uncompressed BMP: 24 or 32 bits a pixel, rows bottom-up (the usual) or top-down. */
export function encodeBmp(image: RgbImage, bits: 24 | 32 = 24, topDown = false): Uint8Array {
  const step = bits / 8;
  const stride = Math.ceil((image.width * step) / 4) * 4;
  const out = new Uint8Array(54 + stride * image.height);
  const dv = new DataView(out.buffer);
  out[0] = 0x42;
  out[1] = 0x4d;
  dv.setUint32(2, out.length, true);
  dv.setUint32(10, 54, true);
  dv.setUint32(14, 40, true);
  dv.setInt32(18, image.width, true);
  dv.setInt32(22, topDown ? -image.height : image.height, true);
  dv.setUint16(26, 1, true);
  dv.setUint16(28, bits, true);
  for (let y = 0; y < image.height; y++) {
    const row = 54 + (topDown ? y : image.height - 1 - y) * stride;
    for (let x = 0; x < image.width; x++) {
      const src = (y * image.width + x) * 3;
      out[row + x * step] = image.data[src + 2]!;
      out[row + x * step + 1] = image.data[src + 1]!;
      out[row + x * step + 2] = image.data[src]!;
      if (step === 4) out[row + x * step + 3] = 255;
    }
  }
  return out;
}
