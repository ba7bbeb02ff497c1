/**
 * Tile decoding off the main thread: fetched bytes in, decoded pixels out, TRANSFERRED (never
 * structured-cloned). The pool in DecoderPool.ts spreads tiles over several of these.
 *
 * Output: raw RGBA by default, not an ImageBitmap. Measured in Chromium (SwiftShader, 512² JPEG
 * tiles), `texImage2D` blocks the main thread 1.1–10 ms for an ImageBitmap but 0.1–0.5 ms for
 * an ArrayBufferView; the readback that costs happens here, in the worker, instead.
 */
import { expose, transfer } from 'comlink';

/** Decoded tile pixels (the engine's raw TileImage shape). */
export interface DecodedPixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

let canvas: OffscreenCanvas | null = null;
let ctx: OffscreenCanvasRenderingContext2D | null = null;

/** A 2D context at least `width` × `height`, reused between tiles (they are mostly 512²). */
function context(width: number, height: number): OffscreenCanvasRenderingContext2D {
  if (!canvas || !ctx || canvas.width < width || canvas.height < height) {
    canvas = new OffscreenCanvas(Math.max(width, canvas?.width ?? 0), Math.max(height, canvas?.height ?? 0));
    ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('image_decode_failed');
  }
  return ctx;
}

const api = {
  /**
   * Decodes one tile image (JPEG, PNG, WebP) to RGBA pixels (`output: 'pixels'`, the default)
   * or to an ImageBitmap. Rejects with an Error whose message is the code `image_decode_failed`
   * when the bytes are not a decodable image (codes cross the boundary, classes do not).
   */
  async decode(blob: Blob, output: 'pixels' | 'bitmap' = 'pixels'): Promise<DecodedPixels | ImageBitmap> {
    let bitmap: ImageBitmap;
    try {
      // Straight alpha and no colour conversion: the shader's adjustments see the file's values.
      bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
    } catch {
      throw new Error('image_decode_failed');
    }
    if (output === 'bitmap') return transfer(bitmap, [bitmap]);
    const { width, height } = bitmap;
    const c = context(width, height);
    c.clearRect(0, 0, width, height);
    c.drawImage(bitmap, 0, 0);
    bitmap.close();
    const data = c.getImageData(0, 0, width, height).data;
    return transfer({ width, height, data }, [data.buffer]);
  },
};

expose(api);

/** The comlink API of tileDecode.worker.ts. */
export type TileDecodeWorkerApi = typeof api;
