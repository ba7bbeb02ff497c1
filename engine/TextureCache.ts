/**
 * GPU texture cache for tiles: LRU keyed by tile key with a byte budget (width × height × 4 per
 * texture), generic over the texture type. The renderer plugs in regl/WebGL textures through
 * `create`/`update`/`destroy`; tests plug in fakes. The budget is never exceeded: textures in a
 * small reuse pool count against it too, and {@link TextureCache.set} refuses a tile (returns
 * null) rather than evict one that is pinned.
 *
 * Reuse: evicting a texture of the size a new tile needs hands it straight to that tile
 * (`update`, i.e. texSubImage, instead of create + destroy); deleted textures wait in a pool of
 * at most `poolSize` for a tile of their size.
 *
 * Pinning: a frame calls {@link TextureCache.beginFrame}, then {@link TextureCache.use} for every
 * tile it draws; those stay pinned until the next beginFrame, so uploads later in the frame
 * cannot evict them. {@link TextureCache.pin} pins across frames (e.g. the coarsest level).
 */
import type { TileImage } from './types';

/** Default budget: 256 MiB. */
export const DEFAULT_TEXTURE_BUDGET = 256 * 2 ** 20;

/** Texture callbacks and limits of a {@link TextureCache}; `T` is the renderer's texture type. */
export interface TextureCacheOptions<T> {
  /** Byte budget (default {@link DEFAULT_TEXTURE_BUDGET}). */
  budgetBytes?: number;
  create(image: TileImage): T;
  /** Uploads `image` into an existing texture of the same size. */
  update(texture: T, image: TileImage): void;
  destroy(texture: T): void;
  /** Textures kept for reuse after {@link TextureCache.delete} (default 8). */
  poolSize?: number;
  /** Called when a tile leaves the cache by eviction (not by delete or clear). */
  onEvict?(key: string): void;
}

interface Entry<T> {
  texture: T;
  width: number;
  height: number;
  bytes: number;
  /** Frame in which it was last used; pinned while this is the current frame. */
  frame: number;
  pins: number;
}

interface Pooled<T> {
  texture: T;
  width: number;
  height: number;
  bytes: number;
}

/** Byte-budgeted LRU of tile textures (see the file comment). */
export class TextureCache<T> {
  readonly budgetBytes: number;
  /** Counters: textures created, re-filled instead of created, destroyed; tiles evicted. */
  readonly stats = { created: 0, reused: 0, destroyed: 0, evicted: 0 };
  private readonly entries = new Map<string, Entry<T>>();
  private readonly pool: Pooled<T>[] = [];
  private readonly poolSize: number;
  private used = 0;
  private frame = 1;

  constructor(private readonly options: TextureCacheOptions<T>) {
    this.budgetBytes = options.budgetBytes ?? DEFAULT_TEXTURE_BUDGET;
    this.poolSize = options.poolSize ?? 8;
  }

  /** Bytes held: cached and pooled textures. Never above `budgetBytes`. */
  get usedBytes(): number {
    return this.used;
  }

  /** Number of cached tiles. */
  get size(): number {
    return this.entries.size;
  }

  /** Number of pooled (idle) textures. */
  get pooled(): number {
    return this.pool.length;
  }

  /** Keys from least to most recently used. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** Whether the tile is cached (does not touch the LRU order). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The tile's texture, marked most recently used. */
  get(key: string): T | undefined {
    const entry = this.touch(key);
    return entry?.texture;
  }

  /** Starts a frame: tiles used in the previous frame are no longer pinned. */
  beginFrame(): void {
    this.frame += 1;
  }

  /** The tile's texture for drawing this frame: marked most recently used and pinned. */
  use(key: string): T | undefined {
    const entry = this.touch(key);
    if (entry) entry.frame = this.frame;
    return entry?.texture;
  }

  /** Pins a tile across frames (counted; undo with {@link unpin}). */
  pin(key: string): void {
    const entry = this.entries.get(key);
    if (entry) entry.pins += 1;
  }

  unpin(key: string): void {
    const entry = this.entries.get(key);
    if (entry && entry.pins > 0) entry.pins -= 1;
  }

  /**
   * Uploads a tile: re-fills its texture if cached at the same size, else takes a pooled or
   * evicted texture of that size, else creates one after evicting least recently used unpinned
   * tiles until it fits. Returns the texture, or null when the budget is held by pinned tiles
   * (or the tile alone exceeds it) — the tile is then simply not cached.
   */
  set(key: string, image: TileImage): T | null {
    const width = image.width;
    const height = image.height;
    const bytes = width * height * 4;
    const existing = this.entries.get(key);
    if (existing && existing.width === width && existing.height === height) {
      this.options.update(existing.texture, image);
      this.touch(key);
      return existing.texture;
    }
    if (existing) this.drop(key, existing, false);
    if (bytes > this.budgetBytes) return null;

    let texture = this.takePooled(width, height);
    while (texture === undefined && this.used + bytes > this.budgetBytes) {
      const idle = this.pool.shift();
      if (idle) {
        this.destroy(idle.texture, idle.bytes);
        continue;
      }
      const victim = this.lruUnpinned();
      if (!victim) return null;
      const [victimKey, entry] = victim;
      this.entries.delete(victimKey);
      this.stats.evicted += 1;
      this.options.onEvict?.(victimKey);
      if (entry.width === width && entry.height === height) {
        texture = entry.texture; // same size: hand it over instead of destroy + create
        this.used -= entry.bytes;
      } else {
        this.destroy(entry.texture, entry.bytes);
      }
    }
    if (texture !== undefined) {
      this.options.update(texture, image);
      this.stats.reused += 1;
    } else {
      texture = this.options.create(image);
      this.stats.created += 1;
    }
    this.used += bytes;
    this.entries.set(key, { texture, width, height, bytes, frame: 0, pins: 0 });
    return texture;
  }

  /** Removes a tile; its texture goes to the reuse pool (or is destroyed when the pool is full). */
  delete(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.drop(key, entry, true);
    return true;
  }

  /** Destroys every texture, pooled ones included (context loss, dispose). */
  clear(): void {
    for (const entry of this.entries.values()) this.destroy(entry.texture, entry.bytes);
    this.entries.clear();
    for (const idle of this.pool) this.destroy(idle.texture, idle.bytes);
    this.pool.length = 0;
  }

  private touch(key: string): Entry<T> | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  private lruUnpinned(): [string, Entry<T>] | undefined {
    for (const item of this.entries) {
      if (item[1].frame !== this.frame && item[1].pins === 0) return item;
    }
    return undefined;
  }

  private takePooled(width: number, height: number): T | undefined {
    const i = this.pool.findIndex((p) => p.width === width && p.height === height);
    if (i < 0) return undefined;
    const [idle] = this.pool.splice(i, 1);
    this.used -= idle!.bytes; // counted again by the caller as a live texture
    return idle!.texture;
  }

  private drop(key: string, entry: Entry<T>, toPool: boolean): void {
    this.entries.delete(key);
    if (toPool && this.poolSize > 0) {
      this.pool.push({ texture: entry.texture, width: entry.width, height: entry.height, bytes: entry.bytes });
      if (this.pool.length > this.poolSize) {
        const oldest = this.pool.shift()!;
        this.destroy(oldest.texture, oldest.bytes);
      }
    } else {
      this.destroy(entry.texture, entry.bytes);
    }
  }

  private destroy(texture: T, bytes: number): void {
    this.options.destroy(texture);
    this.used -= bytes;
    this.stats.destroyed += 1;
  }
}
