import { DEFAULT_TILE_SIZE, pyramidInfo } from '../pyramid';
import { EngineError, type PyramidInfo, type TileImage, type TileSource } from '../types';
import { isAbortError } from '../../contract/isAbortError';
import { abortError } from './abort';

/**
 * The worker that holds a decoded image and cuts tiles from it (workers/imagePyramid.worker.ts
 * implements it through comlink). The engine only sees this interface: it never starts workers.
 */
export interface ImagePyramidService {
  /** Decodes `blob`; rejects (message `image_decode_failed`) when it is not an image. */
  open(blob: Blob, tileSize: number): Promise<{ width: number; height: number }>;
  /** The tile of our pyramid (level 0 = full resolution), scaled down in the worker. */
  getTile(level: number, x: number, y: number): Promise<TileImage>;
  /** Frees the decoded image and its levels. */
  close(): Promise<void> | void;
}

function closeImage(image: TileImage): void {
  if ('close' in image && typeof image.close === 'function') image.close();
}

/**
 * A local image file or Blob as a tile pyramid, decoded and sliced in a worker, so an image
 * opens before it is uploaded. Create it with {@link openImageFile}.
 */
export class ImageFileSource implements TileSource {
  constructor(
    readonly info: PyramidInfo,
    private readonly service: ImagePyramidService,
    private readonly onDispose?: () => void,
  ) {}

  getTile(level: number, x: number, y: number, signal: AbortSignal): Promise<TileImage> {
    if (signal.aborted) return Promise.reject(abortError());
    // comlink cannot carry an AbortSignal: abort rejects at once and a late tile is closed.
    return new Promise<TileImage>((resolve, reject) => {
      let done = false;
      const onAbort = () => {
        done = true;
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.service.getTile(level, x, y).then(
        (image) => {
          signal.removeEventListener('abort', onAbort);
          if (done) closeImage(image);
          else resolve(image);
        },
        (e: unknown) => {
          signal.removeEventListener('abort', onAbort);
          if (!done) reject(isAbortError(e) ? abortError() : new EngineError('image_decode_failed'));
        },
      );
    });
  }

  /** Frees the worker's copy of the image and lets the owner terminate the worker. */
  dispose(): void {
    void this.service.close();
    this.onDispose?.();
  }
}

/**
 * Opens `blob` in `service` and returns its pyramid source. Rejects with
 * `EngineError('image_decode_failed')` when the file is not a decodable image.
 * `onDispose` runs when the source is disposed (the app terminates the worker there).
 */
export async function openImageFile(
  blob: Blob,
  service: ImagePyramidService,
  options: { tileSize?: number; onDispose?: () => void } = {},
): Promise<ImageFileSource> {
  const tileSize = options.tileSize ?? DEFAULT_TILE_SIZE;
  let size: { width: number; height: number };
  try {
    size = await service.open(blob, tileSize);
  } catch {
    options.onDispose?.();
    throw new EngineError('image_decode_failed');
  }
  return new ImageFileSource(pyramidInfo(size.width, size.height, tileSize), service, options.onDispose);
}
