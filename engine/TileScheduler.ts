/**
 * Decides which tiles to load and which to draw. On every view change ({@link update}) it
 * builds the wanted list, in priority order:
 *   1. the visible tiles of the target level (the level for the zoom and dpr), centre out;
 *   2. a prefetch ring (`prefetchRing` tiles, default 1) around them, centre out;
 *   3. the visible tiles of the next coarser level (a fallback that loads 4× faster).
 * It keeps at most `maxInFlight` requests running, aborts (AbortController) requests whose tile
 * left the wanted list, and never requests a tile that is cached, in flight or waiting for upload.
 * Loaded tiles wait in an upload queue that the renderer drains a few per frame
 * ({@link takeUploads}), so that no frame stalls on texture uploads.
 *
 * {@link drawList} says what to draw for the current view so that the screen is never blank
 * once any covering level is loaded: for each visible tile position the wanted tile if cached,
 * else its nearest cached coarser ancestor, plus any cached finer tiles over it (sharper).
 *
 * Everything GPU-related is injected: the loader (usually a TileSource) and the cache's `has`.
 */
import { tileRect, levelForZoom, tileKey, tileRangeFor, gridSize, type TileRange } from './pyramid';
import { visibleImageRect } from './camera';
import type { PyramidInfo, Rect, TileImage, TileKey, TileSource, View, Viewport } from './types';

/** Loads one tile; must reject (with an AbortError) when `signal` aborts. */
export type TileLoader = (key: TileKey, signal: AbortSignal) => Promise<TileImage>;

/** What the scheduler needs to know about the texture cache. */
export interface TileAvailability {
  has(key: string): boolean;
}

/** A loaded tile waiting for upload. */
export interface ReadyTile {
  key: string;
  tile: TileKey;
  image: TileImage;
}

/** One tile to draw, with its rectangle in image px. Drawn in list order (coarse first). */
export interface DrawTile {
  key: string;
  level: number;
  x: number;
  y: number;
  rect: Rect;
}

/** Options of a {@link TileScheduler}; only `info`, `load` and `cache` are required. */
export interface TileSchedulerOptions {
  info: PyramidInfo;
  load: TileLoader;
  cache: TileAvailability;
  /** Concurrent requests (default 6). */
  maxInFlight?: number;
  /** Tiles handed out per {@link TileScheduler.takeUploads} call by default (default 4). */
  uploadsPerFrame?: number;
  /** Width of the prefetch ring in tiles (default 1). */
  prefetchRing?: number;
  /** Level bias, see pyramid.levelForZoom (default 0). */
  levelBias?: number;
  /** Finer levels searched for cached tiles to draw over a missing one (default 2). */
  finerLevels?: number;
  /** A tile finished loading: schedule a frame. */
  onTileReady?(key: string): void;
  /** A tile failed (not aborted); retried after `retryDelayMs` × 2^(failures - 1). */
  onError?(key: string, error: unknown): void;
  retryDelayMs?: number;
  /** Releases a decoded image that will not be uploaded (default: ImageBitmap.close()). */
  releaseImage?(image: TileImage): void;
  /** Clock for retries (default performance.now). */
  now?(): number;
  /**
   * Runs the request work an {@link TileScheduler.update} causes (aborts, new requests) later:
   * the renderer passes a task after the frame, so starting a dozen fetches after a zoom does not
   * lengthen the frame that shows it. Default: at once.
   */
  defer?(run: () => void): void;
}

/** Adapts a {@link TileSource} to a {@link TileLoader}. */
export function loaderFromSource(source: TileSource): TileLoader {
  return (key, signal) => source.getTile(key.level, key.x, key.y, signal);
}

function defaultRelease(image: TileImage): void {
  if ('close' in image && typeof image.close === 'function') image.close();
}

/** Load and draw planning for one tiled image (see the file comment for the policy). */
export class TileScheduler {
  private readonly info: PyramidInfo;
  private readonly maxInFlight: number;
  private readonly uploadsPerFrame: number;
  private readonly ring: number;
  private readonly bias: number;
  private readonly finer: number;
  private readonly now: () => number;
  private readonly release: (image: TileImage) => void;
  private wantedKeys: string[] = [];
  private wantedTiles = new Map<string, TileKey>();
  private readonly inFlight = new Map<string, AbortController>();
  private readonly ready = new Map<string, ReadyTile>();
  private readonly failures = new Map<string, { count: number; retryAt: number }>();
  private visible: TileRange | null = null;
  private targetLevel = 0;
  private disposed = false;
  /** Request work is waiting for its deferred run (see `defer`). */
  private syncQueued = false;
  private readonly defer: (run: () => void) => void;
  private readonly drawPool: DrawTile[] = [];
  private readonly drawOut: DrawTile[] = [];
  /** Counters for the render benchmark and diagnostics. */
  readonly stats = { requested: 0, loaded: 0, aborted: 0, failed: 0, uploaded: 0, dropped: 0 };

  constructor(private readonly options: TileSchedulerOptions) {
    this.info = options.info;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 6);
    this.uploadsPerFrame = Math.max(1, options.uploadsPerFrame ?? 4);
    this.ring = Math.max(0, options.prefetchRing ?? 1);
    this.bias = options.levelBias ?? 0;
    this.finer = Math.max(0, options.finerLevels ?? 2);
    this.now = options.now ?? (() => performance.now());
    this.release = options.releaseImage ?? defaultRelease;
    this.defer = options.defer ?? ((run) => run());
  }

  /** The level the current view wants. */
  get level(): number {
    return this.targetLevel;
  }

  /** Wanted tile keys in priority order. */
  get wanted(): readonly string[] {
    return this.wantedKeys;
  }

  /** Whether request work from the last update has yet to run (see `defer`). */
  get syncPending(): boolean {
    return this.syncQueued;
  }

  /** Keys of the requests in flight, in start order. */
  get loading(): string[] {
    return [...this.inFlight.keys()];
  }

  /** Loaded tiles waiting for upload. */
  get pendingUploads(): number {
    return this.ready.size;
  }

  /** Visible tiles of the target level, and how many of them are cached (load progress). */
  progress(): { visible: number; cached: number } {
    let visible = 0;
    let cached = 0;
    const r = this.visible;
    if (r) {
      for (let y = r.y0; y <= r.y1; y++) {
        for (let x = r.x0; x <= r.x1; x++) {
          visible += 1;
          if (this.options.cache.has(tileKey(r.level, x, y))) cached += 1;
        }
      }
    }
    return { visible, cached };
  }

  /** Recomputes the wanted tiles for a view, aborts what is no longer wanted, starts requests. */
  update(view: View, viewport: Viewport): void {
    if (this.disposed) return;
    const { info } = this;
    const level = levelForZoom(view.zoom, viewport.dpr, info.levels, this.bias);
    const rect = visibleImageRect(view, viewport);
    this.targetLevel = level;
    this.visible = tileRangeFor(info, level, rect);
    const keys: string[] = [];
    const tiles = new Map<string, TileKey>();
    const add = (list: TileKey[]) => {
      list.sort((a, b) => this.distance(a, view) - this.distance(b, view));
      for (const t of list) {
        const key = tileKey(t.level, t.x, t.y);
        if (tiles.has(key)) continue;
        tiles.set(key, t);
        keys.push(key);
      }
    };
    const v = this.visible;
    add(rangeTiles(v));
    if (this.ring > 0 && v.x1 >= v.x0) {
      const { cols, rows } = gridSize(info, level);
      const outer = {
        level,
        x0: Math.max(0, v.x0 - this.ring),
        y0: Math.max(0, v.y0 - this.ring),
        x1: Math.min(cols - 1, v.x1 + this.ring),
        y1: Math.min(rows - 1, v.y1 + this.ring),
      };
      add(rangeTiles(outer).filter((t) => t.x < v.x0 || t.x > v.x1 || t.y < v.y0 || t.y > v.y1));
    }
    if (level + 1 < info.levels) add(rangeTiles(tileRangeFor(info, level + 1, rect)));
    this.wantedKeys = keys;
    this.wantedTiles = tiles;
    if (this.syncQueued) return;
    this.syncQueued = true;
    this.defer(() => {
      this.syncQueued = false;
      this.sync();
    });
  }

  /** Aborts requests and drops loaded tiles no longer wanted, then starts what is missing. */
  private sync(): void {
    if (this.disposed) return;
    const tiles = this.wantedTiles;
    for (const [key, controller] of this.inFlight) {
      if (tiles.has(key)) continue;
      controller.abort();
      this.inFlight.delete(key);
      this.stats.aborted += 1;
    }
    for (const [key, item] of this.ready) {
      if (tiles.has(key)) continue;
      this.ready.delete(key);
      this.release(item.image);
      this.stats.dropped += 1;
    }
    this.pump();
  }

  /**
   * Up to `max` loaded tiles for the renderer to upload now (highest priority first). They
   * leave the queue: the renderer puts them in the texture cache.
   */
  takeUploads(max = this.uploadsPerFrame): ReadyTile[] {
    const out: ReadyTile[] = [];
    if (this.ready.size === 0) return out;
    for (const key of this.wantedKeys) {
      const item = this.ready.get(key);
      if (!item) continue;
      this.ready.delete(key);
      out.push(item);
      if (out.length >= max) break;
    }
    this.stats.uploaded += out.length;
    return out;
  }

  /**
   * The tiles to draw for the current view, coarse to fine (draw in order; finer tiles cover
   * coarser ones). The array and its entries are reused by the next call.
   */
  drawList(): readonly DrawTile[] {
    const out = this.drawOut;
    out.length = 0;
    const r = this.visible;
    if (!r) return out;
    const { cache } = this.options;
    const { levels } = this.info;
    const seen = new Set<string>();
    const push = (level: number, x: number, y: number, key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const entry = this.drawPool[out.length] ?? {
        key: '',
        level: 0,
        x: 0,
        y: 0,
        rect: { x: 0, y: 0, width: 0, height: 0 },
      };
      this.drawPool[out.length] = entry;
      entry.key = key;
      entry.level = level;
      entry.x = x;
      entry.y = y;
      entry.rect = tileRect(this.info, level, x, y);
      out.push(entry);
    };
    for (let y = r.y0; y <= r.y1; y++) {
      for (let x = r.x0; x <= r.x1; x++) {
        const key = tileKey(r.level, x, y);
        if (cache.has(key)) {
          push(r.level, x, y, key);
          continue;
        }
        for (let l = r.level + 1; l < levels; l++) {
          const d = l - r.level;
          const ak = tileKey(l, x >> d, y >> d);
          if (cache.has(ak)) {
            push(l, x >> d, y >> d, ak);
            break;
          }
        }
        for (let d = 1; d <= this.finer && r.level - d >= 0; d++) {
          const l = r.level - d;
          const n = 1 << d;
          const { cols, rows } = gridSize(this.info, l);
          for (let cy = y * n; cy < Math.min((y + 1) * n, rows); cy++) {
            for (let cx = x * n; cx < Math.min((x + 1) * n, cols); cx++) {
              const ck = tileKey(l, cx, cy);
              if (cache.has(ck)) push(l, cx, cy, ck);
            }
          }
        }
      }
    }
    // Stable sort: coarsest first, so finer tiles are drawn over it.
    out.sort((a, b) => b.level - a.level);
    return out;
  }

  /** Aborts every request and drops queued images. */
  dispose(): void {
    this.disposed = true;
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
    for (const item of this.ready.values()) this.release(item.image);
    this.ready.clear();
  }

  private distance(t: TileKey, view: View): number {
    const rect = tileRect(this.info, t.level, t.x, t.y);
    const dx = rect.x + rect.width / 2 - view.centerX;
    const dy = rect.y + rect.height / 2 - view.centerY;
    return dx * dx + dy * dy;
  }

  private pump(): void {
    if (this.disposed) return;
    const { cache } = this.options;
    const now = this.now();
    for (const key of this.wantedKeys) {
      if (this.inFlight.size >= this.maxInFlight) return;
      if (this.inFlight.has(key) || this.ready.has(key) || cache.has(key)) continue;
      const failure = this.failures.get(key);
      if (failure && failure.retryAt > now) continue;
      this.start(key, this.wantedTiles.get(key)!);
    }
  }

  private start(key: string, tile: TileKey): void {
    const controller = new AbortController();
    this.inFlight.set(key, controller);
    this.stats.requested += 1;
    let promise: Promise<TileImage>;
    try {
      promise = this.options.load(tile, controller.signal);
    } catch (error) {
      promise = Promise.reject(error);
    }
    promise.then(
      (image) => {
        if (controller.signal.aborted || this.inFlight.get(key) !== controller || this.disposed) {
          this.release(image);
          return;
        }
        this.inFlight.delete(key);
        this.failures.delete(key);
        this.stats.loaded += 1;
        this.ready.set(key, { key, tile, image });
        this.options.onTileReady?.(key);
        this.pump();
      },
      (error: unknown) => {
        if (controller.signal.aborted || this.inFlight.get(key) !== controller || this.disposed) return;
        this.inFlight.delete(key);
        const count = (this.failures.get(key)?.count ?? 0) + 1;
        this.failures.set(key, { count, retryAt: this.now() + (this.options.retryDelayMs ?? 1000) * 2 ** (count - 1) });
        this.stats.failed += 1;
        this.options.onError?.(key, error);
        this.pump();
      },
    );
  }
}

function rangeTiles(r: TileRange): TileKey[] {
  const out: TileKey[] = [];
  for (let y = r.y0; y <= r.y1; y++) for (let x = r.x0; x <= r.x1; x++) out.push({ level: r.level, x, y });
  return out;
}
