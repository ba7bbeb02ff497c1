import { pyramidInfo, tileLevelRect, DEFAULT_TILE_SIZE } from '../pyramid';
import type { PyramidInfo, TileImage, TileSource } from '../types';
import { abortError, delay } from './abort';
import { fillPatternRegion } from './proceduralPattern';

export interface ProceduralTileSourceOptions {
  /** Image size in pixels; anything up to 100,000 × 100,000 (tiles are generated on demand). */
  width: number;
  height: number;
  tileSize?: number;
  /**
   * Milliseconds each tile takes, to imitate a slow network (a number, or a function of the
   * level so that only fine levels are slow). Aborts end the wait at once.
   */
  delayMs?: number | ((level: number) => number);
  /**
   * `raw` (default) returns the RGBA array; `bitmap` wraps it in an ImageBitmap (browsers
   * only). Raw is the default because it uploads faster: in Chromium `texImage2D` blocks the
   * main thread 0.1–0.5 ms for a 512² array but 1–10 ms for an ImageBitmap (measured with
   * SwiftShader; see workers/tileDecode.worker.ts).
   */
  output?: 'bitmap' | 'raw';
}

/**
 * A deterministic procedural image of any size: tiles are filled from
 * {@link fillPatternRegion} on request, so every pixel can be predicted by
 * `patternPixelAtLevel` (see proceduralPattern.ts). Used by tests, the lab page and benchmarks.
 */
export class ProceduralTileSource implements TileSource {
  readonly info: PyramidInfo;
  /** Tiles generated so far (for tests that count requests that got through). */
  generated = 0;
  private readonly options: ProceduralTileSourceOptions;

  constructor(options: ProceduralTileSourceOptions) {
    this.options = options;
    this.info = pyramidInfo(options.width, options.height, options.tileSize ?? DEFAULT_TILE_SIZE);
  }

  async getTile(level: number, x: number, y: number, signal: AbortSignal): Promise<TileImage> {
    if (signal.aborted) throw abortError();
    const d = this.options.delayMs;
    const ms = typeof d === 'function' ? d(level) : (d ?? 0);
    if (ms > 0) await delay(ms, signal);
    const r = tileLevelRect(this.info, level, x, y);
    if (r.width <= 0 || r.height <= 0) throw new RangeError(`no tile ${level}/${x}/${y}`);
    const data = new Uint8ClampedArray(r.width * r.height * 4);
    fillPatternRegion(level, r.x, r.y, r.width, r.height, data);
    this.generated += 1;
    if ((this.options.output ?? 'raw') === 'raw') return { width: r.width, height: r.height, data };
    const bitmap = await createImageBitmap(new ImageData(data, r.width, r.height), { premultiplyAlpha: 'none' });
    if (signal.aborted) {
      bitmap.close();
      throw abortError();
    }
    return bitmap;
  }
}
