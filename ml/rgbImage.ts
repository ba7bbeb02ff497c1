import type { RgbImage } from './types';

/*
 * Pixel helpers in plain TypeScript: they run before any tensor exists (in the trainer, in a
 * browser worker) and must not depend on a backend.
 */

/** Drops the alpha channel of RGBA pixels (canvas ImageData, sharp's raw output with alpha). */
export function rgbFromRgba(data: ArrayLike<number>, width: number, height: number): RgbImage {
  const pixels = width * height;
  if (data.length < pixels * 4) throw new Error(`rgbFromRgba: expected ${pixels * 4} values, got ${data.length}`);
  const out = new Uint8Array(pixels * 3);
  for (let p = 0, i = 0, o = 0; p < pixels; p++, i += 4, o += 3) {
    out[o] = data[i]!;
    out[o + 1] = data[i + 1]!;
    out[o + 2] = data[i + 2]!;
  }
  return { width, height, data: out };
}

/**
 * Bilinear resize to exactly width × height (aspect ratio ignored: models are fed stretched
 * images). Pixel centres are aligned as in TF's resizeBilinear with half-pixel centres. When
 * shrinking by more than 2×, the image is first box-averaged so small details are not skipped.
 */
export function resizeRgb(image: RgbImage, width: number, height: number): RgbImage {
  if (width < 1 || height < 1 || !Number.isInteger(width) || !Number.isInteger(height)) {
    throw new Error(`resizeRgb: invalid size ${width}×${height}`);
  }
  if (image.width === width && image.height === height) return image;
  let source = image;
  const factor = Math.min(Math.floor(image.width / width), Math.floor(image.height / height));
  if (factor >= 2) source = boxShrink(image, factor);
  return bilinear(source, width, height);
}

function boxShrink(image: RgbImage, factor: number): RgbImage {
  const w = Math.floor(image.width / factor);
  const h = Math.floor(image.height / factor);
  const out = new Uint8Array(w * h * 3);
  const area = factor * factor;
  const src = image.data;
  const stride = image.width * 3;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < factor; dy++) {
        let i = (y * factor + dy) * stride + x * factor * 3;
        for (let dx = 0; dx < factor; dx++, i += 3) {
          r += src[i]!;
          g += src[i + 1]!;
          b += src[i + 2]!;
        }
      }
      const o = (y * w + x) * 3;
      out[o] = (r + (area >> 1)) / area;
      out[o + 1] = (g + (area >> 1)) / area;
      out[o + 2] = (b + (area >> 1)) / area;
    }
  }
  return { width: w, height: h, data: out };
}

function bilinear(image: RgbImage, width: number, height: number): RgbImage {
  const { width: sw, height: sh, data: src } = image;
  const out = new Uint8Array(width * height * 3);
  const sx = sw / width;
  const sy = sh / height;
  // Per-column source offsets and weights, computed once.
  const x0s = new Int32Array(width);
  const x1s = new Int32Array(width);
  const wxs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), sw - 1);
    const x0 = Math.floor(fx);
    x0s[x] = x0 * 3;
    x1s[x] = Math.min(x0 + 1, sw - 1) * 3;
    wxs[x] = fx - x0;
  }
  const rowStride = sw * 3;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), sh - 1);
    const y0 = Math.floor(fy);
    const wy = fy - y0;
    const r0 = y0 * rowStride;
    const r1 = Math.min(y0 + 1, sh - 1) * rowStride;
    let o = y * width * 3;
    for (let x = 0; x < width; x++) {
      const a = x0s[x]!;
      const b = x1s[x]!;
      const wx = wxs[x]!;
      for (let c = 0; c < 3; c++, o++) {
        const top = src[r0 + a + c]! + (src[r0 + b + c]! - src[r0 + a + c]!) * wx;
        const bottom = src[r1 + a + c]! + (src[r1 + b + c]! - src[r1 + a + c]!) * wx;
        out[o] = Math.round(top + (bottom - top) * wy);
      }
    }
  }
  return { width, height, data: out };
}
