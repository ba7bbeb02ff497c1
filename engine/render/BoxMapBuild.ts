import { rasterizeBoxRange } from './boxMapRaster';

/** Boxes drawn between two looks at the clock while a map is rasterised (≈0.2–0.5 ms). */
export const RASTER_CHUNK = 1000;
/**
 * Bytes of map sent to the GPU per `texSubImage2D` strip. SwiftShader copies an upload on the
 * main thread before the GPU process sees it; a strip this size costs well under a millisecond,
 * where a whole 2048² map in one call was a long task of its own.
 */
export const STRIP_BYTES = 256 * 1024;

/** The box data a map is drawn from (the store's slot arrays). */
export interface BoxMapSource {
  readonly rects: Float32Array;
  readonly labelsBySlot: Int32Array;
  /** 1 per polygon slot: its outline is drawn from its points (read through `idAt` and `get`). */
  readonly shapesBySlot?: Uint8Array;
  readonly slotCount: number;
  idAt?(slot: number): string | undefined;
  get?(id: string): { readonly points?: readonly number[] } | undefined;
}

/** Rows per upload strip for a map `width` bytes wide (at least one). */
export function stripRows(width: number, maxBytes = STRIP_BYTES): number {
  return Math.max(1, Math.floor(maxBytes / Math.max(1, width)));
}

/**
 * One box map being built behind the one on screen, in bounded steps: first every slot is
 * rasterised into `pixels` a chunk at a time ({@link raster}), then the rows go to the GPU a
 * strip at a time ({@link nextStrip}). The caller spends a few milliseconds a frame on it and
 * swaps textures once {@link phase} is 'done'. Pure CPU state, so tests can run it without GL.
 */
export class BoxMapBuild {
  readonly pixels: Uint8Array;
  phase: 'raster' | 'upload' | 'done' = 'raster';
  private cleared = false;
  private nextSlot = 0;
  private nextRow = 0;

  /** `reuse` (the last build's buffer) is taken when its size fits, saving a 4 MiB allocation. */
  constructor(
    readonly width: number,
    readonly height: number,
    readonly scale: number,
    reuse?: Uint8Array,
  ) {
    this.pixels = reuse && reuse.length === width * height ? reuse : new Uint8Array(width * height);
  }

  /** Slots rasterised so far. */
  get slotsDone(): number {
    return this.nextSlot;
  }

  /**
   * Draws up to `boxes` more slots (clearing the buffer first, on the first call). Slots added
   * to the store meanwhile are drawn too, if not yet passed; the raster phase ends once every
   * slot up to the store's current count is drawn.
   */
  raster(src: BoxMapSource, boxes: number): void {
    if (this.phase !== 'raster') return;
    if (!this.cleared) {
      this.pixels.fill(0);
      this.cleared = true;
    }
    const end = Math.min(src.slotCount, this.nextSlot + Math.max(1, boxes));
    rasterizeBoxRange(
      this.pixels,
      this.width,
      this.height,
      this.scale,
      src.rects,
      src.labelsBySlot,
      this.nextSlot,
      end,
      src.shapesBySlot,
      (slot) => {
        const id = src.idAt?.(slot);
        return id === undefined ? undefined : src.get?.(id)?.points;
      },
    );
    this.nextSlot = end;
    if (end >= src.slotCount) this.phase = 'upload';
  }

  /** The next rows [y0, y1) to upload, `rows` at most, or null (and phase 'done') when all were. */
  nextStrip(rows: number): { y0: number; y1: number } | null {
    if (this.phase !== 'upload') return null;
    const y0 = this.nextRow;
    const y1 = Math.min(this.height, y0 + Math.max(1, rows));
    this.nextRow = y1;
    if (y1 >= this.height) this.phase = 'done';
    return { y0, y1 };
  }
}
