/**
 * Tile decoding off the main thread: fetched bytes in, an ImageBitmap out, TRANSFERRED (never
 * structured-cloned). The pool in DecoderPool.ts spreads tiles over several of these.
 */
import { expose, transfer } from 'comlink';

const api = {
  /**
   * Decodes one tile image (JPEG, PNG, WebP). Rejects with an Error whose message is the code
   * `image_decode_failed` when the bytes are not a decodable image (codes cross the boundary,
   * classes do not).
   */
  async decode(blob: Blob): Promise<ImageBitmap> {
    let bitmap: ImageBitmap;
    try {
      // Straight alpha and no colour conversion: the shader's adjustments see the file's values.
      bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
    } catch {
      throw new Error('image_decode_failed');
    }
    return transfer(bitmap, [bitmap]);
  },
};

expose(api);

/** The comlink API of tileDecode.worker.ts. */
export type TileDecodeWorkerApi = typeof api;
