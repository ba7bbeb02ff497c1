import { TextureCache } from '../TextureCache';
import { loaderFromSource, TileScheduler } from '../TileScheduler';
import { tileKey } from '../pyramid';
import {
  EngineError,
  type Adjustments,
  type EngineErrorCode,
  type TileImage,
  type TileSource,
  type View,
  type Viewport,
} from '../types';
import { isAbortError } from '../../contract/isAbortError';
import type { Passes } from './Renderer';
import { uploadTileTexture, type TileTexture } from './tileTexture';

export interface TileLayerOptions {
  budgetBytes: number;
  maxUploadsPerFrame: number;
  /** Something changed that needs a frame (a tile arrived). */
  invalidate(): void;
  onProgress(progress: { loaded: number; wanted: number }): void;
  onError(code: EngineErrorCode): void;
  /**
   * Runs the scheduler's request work (fetches started and aborted) after the frame, not inside
   * it: bench:render showed `fetch()` calls taking about half of the slowest frames' main-thread
   * time after a zoom. The engine passes its post-frame task, which also checks for idle.
   */
  defer(run: () => void): void;
}

/** Main-thread milliseconds of texture uploads per frame before the rest waits a frame. */
const UPLOAD_BUDGET_MS = 6;

/** The same error code is reported at most this often (a dead server fails every tile). */
const ERROR_INTERVAL_MS = 2000;

/**
 * The image layer: the TileScheduler decides what to load and draw, the TextureCache holds
 * WebGL textures within the byte budget, and this class drains the scheduler's upload queue a
 * few tiles per frame and draws its draw list — one draw call per tile, adjustments as
 * uniforms. The coarsest level's tiles are fetched at load and pinned, so any view has a
 * fallback and the screen is never blank once they arrived.
 */
export class TileLayer {
  private source: TileSource | null = null;
  private scheduler: TileScheduler | null = null;
  private cache: TextureCache<TileTexture> | null = null;
  private gl: WebGL2RenderingContext | null = null;
  private lastView: View | null = null;
  private lastViewport: Viewport | null = null;
  private lastProgress = { loaded: -1, wanted: -1 };
  private readonly pinned = new Set<string>();
  private pinAbort: AbortController | null = null;
  private pinRequests = 0;
  private readonly lastErrorAt = new Map<EngineErrorCode, number>();
  /** Current progress of the target level (loaded of wanted). */
  progress = { loaded: 0, wanted: 0 };

  constructor(private readonly options: TileLayerOptions) {}

  /** Tiles asked of the source so far. */
  get requests(): number {
    return (this.scheduler?.stats.requested ?? 0) + this.pinRequests;
  }

  /** Every visible tile of the target level is in the cache (drawn by the frame that follows). */
  get isSharp(): boolean {
    return (
      this.source !== null &&
      this.progress.wanted > 0 &&
      this.progress.loaded === this.progress.wanted &&
      (this.scheduler?.pendingUploads ?? 0) === 0
    );
  }

  /** Nothing loading and nothing waiting for upload: the picture will not change by itself. */
  get settled(): boolean {
    const s = this.scheduler;
    return !s || (!s.syncPending && s.loading.length === 0 && s.pendingUploads === 0 && this.pinAbort === null);
  }

  get textureBytes(): number {
    return this.cache?.usedBytes ?? 0;
  }

  /** Shows `source`; the previous source is disposed (the engine owns what it is given). */
  setSource(source: TileSource | null): void {
    if (this.source && this.source !== source) this.source.dispose?.();
    this.reset();
    this.source = source;
    this.lastView = null;
  }

  /** The GPU context was lost and restored: textures are gone, load them again. */
  onRestored(): void {
    const source = this.source;
    this.reset();
    this.source = source;
    this.lastView = null;
  }

  /** Updates the scheduler for the view, uploads a few tiles and draws; `busy` asks for a frame. */
  frame(
    passes: Passes,
    view: View,
    viewport: Viewport,
    adj: Adjustments,
  ): { drawCalls: number; uploads: number; uploadMs: number; busy: boolean } {
    const source = this.source;
    if (!source) return { drawCalls: 0, uploads: 0, uploadMs: 0, busy: false };
    this.ensure(passes.gl, source);
    const scheduler = this.scheduler;
    const cache = this.cache;
    if (!scheduler || !cache) return { drawCalls: 0, uploads: 0, uploadMs: 0, busy: false };
    if (view !== this.lastView || viewport !== this.lastViewport) {
      scheduler.update(view, viewport);
      this.lastView = view;
      this.lastViewport = viewport;
    }
    cache.beginFrame();
    // At most maxUploadsPerFrame, and stop early once uploads took UPLOAD_BUDGET_MS: the next
    // frame takes the rest, so a burst of arrivals never makes one long frame.
    let uploads = 0;
    const t0 = performance.now();
    while (uploads < this.options.maxUploadsPerFrame && performance.now() - t0 < UPLOAD_BUDGET_MS) {
      const [item] = scheduler.takeUploads(1);
      if (!item) break;
      if (cache.set(item.key, item.image)) uploads += 1;
      release(item.image);
    }
    const uploadMs = uploads > 0 ? performance.now() - t0 : 0;
    const list = scheduler.drawList();
    const tiles = passes.tiles;
    tiles.begin(viewport.width, viewport.height, adj);
    let drawCalls = 0;
    const info = source.info;
    for (const d of list) {
      const tex = cache.use(d.key);
      if (!tex) continue;
      // The texture spans tex.width level pixels = tex.width · 2^level image pixels (the last
      // column may reach past the image edge by < 2^level px: draw it all, unstretched).
      const scale = 2 ** d.level;
      const x0 = d.x * info.tileSize * scale;
      const y0 = d.y * info.tileSize * scale;
      tiles.draw(
        tex.texture,
        (x0 - view.centerX) * view.zoom,
        (y0 - view.centerY) * view.zoom,
        tex.width * scale * view.zoom,
        tex.height * scale * view.zoom,
        0,
        0,
        1,
        1,
      );
      drawCalls += 1;
    }
    tiles.end();
    const p = scheduler.progress();
    this.progress = { loaded: p.cached, wanted: p.visible };
    if (this.progress.loaded !== this.lastProgress.loaded || this.progress.wanted !== this.lastProgress.wanted) {
      this.lastProgress = { ...this.progress };
      this.options.onProgress({ ...this.progress });
    }
    return { drawCalls, uploads, uploadMs, busy: scheduler.pendingUploads > 0 };
  }

  private ensure(gl: WebGL2RenderingContext, source: TileSource): void {
    if (this.scheduler && this.gl === gl) return;
    this.gl = gl;
    const cache = new TextureCache<TileTexture>({
      budgetBytes: this.options.budgetBytes,
      create: (image) => uploadTileTexture(gl, image),
      update: (texture, image) => {
        uploadTileTexture(gl, image, texture);
      },
      destroy: (texture) => gl.deleteTexture(texture.texture),
    });
    this.cache = cache;
    this.scheduler = new TileScheduler({
      info: source.info,
      load: loaderFromSource(source),
      cache,
      uploadsPerFrame: this.options.maxUploadsPerFrame,
      onTileReady: () => this.options.invalidate(),
      onError: (_key, e) => this.report(e),
      defer: this.options.defer,
    });
    this.loadCoarsest(source, cache);
  }

  /** Fetches the coarsest level (usually one tile) into the cache, pinned for good. */
  private loadCoarsest(source: TileSource, cache: TextureCache<TileTexture>): void {
    const level = source.info.levels - 1;
    const span = source.info.tileSize * 2 ** level;
    const cols = Math.ceil(source.info.width / span);
    const rows = Math.ceil(source.info.height / span);
    const abort = new AbortController();
    this.pinAbort = abort;
    const jobs: Promise<void>[] = [];
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        const key = tileKey(level, x, y);
        this.pinRequests += 1;
        jobs.push(
          source.getTile(level, x, y, abort.signal).then(
            (image) => {
              if (abort.signal.aborted || this.cache !== cache) return release(image);
              if (cache.set(key, image)) {
                cache.pin(key);
                this.pinned.add(key);
              }
              release(image);
              this.options.invalidate();
            },
            (e: unknown) => {
              if (!abort.signal.aborted) this.report(e);
            },
          ),
        );
      }
    }
    void Promise.all(jobs).then(() => {
      if (this.pinAbort === abort) this.pinAbort = null;
      this.options.invalidate();
    });
  }

  private report(e: unknown): void {
    if (isAbortError(e)) return;
    const code: EngineErrorCode = e instanceof EngineError ? e.code : 'tile_load_failed';
    const now = performance.now();
    if (now - (this.lastErrorAt.get(code) ?? -Infinity) < ERROR_INTERVAL_MS) return;
    this.lastErrorAt.set(code, now);
    this.options.onError(code);
  }

  private reset(): void {
    this.pinAbort?.abort();
    this.pinAbort = null;
    this.scheduler?.dispose();
    this.scheduler = null;
    this.cache?.clear();
    this.cache = null;
    this.pinned.clear();
    this.progress = { loaded: 0, wanted: 0 };
    this.lastProgress = { loaded: -1, wanted: -1 };
  }

  dispose(): void {
    this.reset();
    this.source?.dispose?.();
    this.source = null;
  }
}

/** ImageBitmaps hold decoded pixels until closed; WebGL has copied them by now. */
function release(image: TileImage): void {
  if ('close' in image && typeof image.close === 'function') image.close();
}
