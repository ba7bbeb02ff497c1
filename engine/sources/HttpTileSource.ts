import { EngineError, type PyramidInfo, type TileDecoder, type TileImage, type TileSource } from '../types';
import { isAbortError } from '../../contract/isAbortError';
import { abortError } from './abort';

/**
 * How our level numbers (0 = full resolution, growing as the image shrinks) map to the numbers
 * in the server's URL template.
 *
 * - Default (`levelOffset: 0`, `invert: false`): the template's level is ours.
 * - `invert: false`: template level = our level + `levelOffset`.
 * - `invert: true`: template level = `levelOffset` - our level. A DeepZoom pyramid (libvips
 *   `dzsave`, sharp `.tile()`) numbers levels up from a 1 × 1 image, so its full resolution is
 *   level ceil(log2(max(width, height))): use {@link deepZoomLevels} to get that mapping.
 *   DeepZoom tiles must be cut with `overlap: 0` (sharp's default; libvips's CLI defaults to 1)
 *   and the same tile size as `PyramidInfo.tileSize`.
 */
export interface LevelMapping {
  levelOffset?: number;
  invert?: boolean;
}

export interface HttpTileSourceOptions extends LevelMapping {
  info: PyramidInfo;
  /** E.g. `/api/images/42/tiles/{level}/{x}_{y}.jpg`; `{level}`, `{x}`, `{y}` are replaced. */
  urlTemplate: string;
  /**
   * Decodes fetched bytes (the app passes the worker pool; tests an in-process decoder). When
   * omitted, the engine's `services.decoder` is used once the source is loaded into an engine.
   */
  decoder?: TileDecoder;
  /** Extra fetch options (credentials, headers); the signal is always the tile's own. */
  init?: Omit<RequestInit, 'signal'>;
  /** Injectable for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** A source that takes services from the engine that loads it (see `Engine.loadImage`). */
export interface UsesEngineServices {
  attachServices(services: { decoder?: TileDecoder }): void;
}

/** Whether `source` wants the engine's services. */
export function usesEngineServices(source: object): source is UsesEngineServices {
  return typeof (source as Partial<UsesEngineServices>).attachServices === 'function';
}

/** The template's level number for our `level` (see {@link LevelMapping}). */
export function templateLevel(level: number, mapping: LevelMapping = {}): number {
  const offset = mapping.levelOffset ?? 0;
  return mapping.invert ? offset - level : level + offset;
}

/** The level mapping of a DeepZoom (libvips / sharp `dz` layout) pyramid of this image. */
export function deepZoomLevels(width: number, height: number): Required<LevelMapping> {
  return { levelOffset: Math.ceil(Math.log2(Math.max(width, height, 1))), invert: true };
}

/** Fills `{level}`, `{x}` and `{y}` in a URL template. */
export function tileUrl(template: string, level: number, x: number, y: number): string {
  return template.replace(/\{(level|x|y)\}/g, (_m, key: string) =>
    String(key === 'level' ? level : key === 'x' ? x : y),
  );
}

/**
 * A pyramid of image tiles served over HTTP. Fetches with the tile's AbortSignal and decodes
 * through the injected decoder; failures reject with `EngineError` codes `tile_load_failed`
 * (network or HTTP status) or `image_decode_failed`, aborts with an AbortError.
 */
export class HttpTileSource implements TileSource, UsesEngineServices {
  readonly info: PyramidInfo;
  private readonly options: HttpTileSourceOptions;
  private decoder: TileDecoder | undefined;

  constructor(options: HttpTileSourceOptions) {
    this.info = options.info;
    this.options = options;
    this.decoder = options.decoder;
  }

  /** Takes the engine's decoder when none was given. */
  attachServices(services: { decoder?: TileDecoder }): void {
    this.decoder ??= services.decoder;
  }

  /** The URL of one tile (our level numbering). */
  url(level: number, x: number, y: number): string {
    return tileUrl(this.options.urlTemplate, templateLevel(level, this.options), x, y);
  }

  async getTile(level: number, x: number, y: number, signal: AbortSignal): Promise<TileImage> {
    if (signal.aborted) throw abortError();
    const doFetch = this.options.fetch ?? fetch;
    let blob: Blob;
    try {
      const res = await doFetch(this.url(level, x, y), { ...this.options.init, signal });
      if (!res.ok) throw new EngineError('tile_load_failed', `HTTP ${res.status}`);
      blob = await res.blob();
    } catch (e) {
      if (isAbortError(e) || signal.aborted) throw abortError();
      if (e instanceof EngineError) throw e;
      throw new EngineError('tile_load_failed', e instanceof Error ? e.message : undefined);
    }
    if (!this.decoder)
      throw new EngineError('image_decode_failed', 'no tile decoder: pass one or set services.decoder');
    try {
      return await this.decoder.decode(blob, signal);
    } catch (e) {
      if (isAbortError(e) || signal.aborted) throw abortError();
      throw new EngineError('image_decode_failed', e instanceof Error ? e.message : undefined);
    }
  }
}
