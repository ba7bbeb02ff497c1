/**
 * Shared engine contracts. Every engine module agrees on these shapes; `engine/index.ts`
 * re-exports the public ones. Coordinates: "image" = full-resolution image pixels (origin top
 * left, x right, y down); "screen" = CSS pixels of the canvas (origin top left).
 */

export interface Vec2 {
  x: number;
  y: number;
}

/** Axis-aligned rectangle in image pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A width and a height (an image's size in image pixels, unless said otherwise). */
export interface Size {
  width: number;
  height: number;
}

/** Canvas size in CSS pixels and the device pixel ratio. */
export interface Viewport {
  width: number;
  height: number;
  dpr: number;
}

/**
 * What the camera looks at: the image point at the centre of the canvas and the zoom, in CSS
 * pixels per image pixel (1 = 100 %). Rotation-free by design.
 */
export interface View {
  centerX: number;
  centerY: number;
  zoom: number;
}

/**
 * A tile pyramid. Level 0 is full resolution; level `l` is the image scaled by 1 / 2^l, cut into
 * `tileSize` tiles (edge tiles are smaller). `levels` counts levels down to the one where the
 * whole image fits in one tile.
 */
export interface PyramidInfo {
  width: number;
  height: number;
  tileSize: number;
  levels: number;
}

export interface TileKey {
  level: number;
  x: number;
  y: number;
}

/** Decoded tile pixels: an ImageBitmap in browsers, raw RGBA in headless tests and workers. */
export type TileImage =
  ImageBitmap | { readonly width: number; readonly height: number; readonly data: Uint8Array | Uint8ClampedArray };

/** Any source of tiles. `getTile` must reject with an AbortError when `signal` aborts. */
export interface TileSource {
  readonly info: PyramidInfo;
  getTile(level: number, x: number, y: number, signal: AbortSignal): Promise<TileImage>;
  /** Releases workers or object URLs the source holds. */
  dispose?(): void;
}

/** Decodes fetched image bytes off the main thread (the app wires a comlink worker pool). */
export interface TileDecoder {
  decode(blob: Blob, signal?: AbortSignal): Promise<TileImage>;
}

/** Image adjustments applied as shader uniforms (no texture is re-uploaded when they change). */
export interface Adjustments {
  /** Multiplier around mid-grey; 1 = unchanged. */
  contrast: number;
  /** Added after contrast, in [-1, 1]; 0 = unchanged. */
  brightness: number;
  /** Output = input^(1/gamma); 1 = unchanged. */
  gamma: number;
  invert: boolean;
}

export const DEFAULT_ADJUSTMENTS: Readonly<Adjustments> = { contrast: 1, brightness: 0, gamma: 1, invert: false };

/**
 * A box annotation in image pixels. `label` indexes the label classes set on the engine. A
 * polygon is a box with `points` (flat [x0, y0, x1, y1, …], image px, at least
 * {@link POLYGON_MIN_POINTS} vertices): x, y, width, height are then its bounding box, so the
 * spatial index, selection and moves work on it unchanged.
 */
export interface Box {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  label: number;
  points?: number[];
}

/** Fewest and most vertices of a polygon (the contract's POLYGON_VERTICES_MIN / _MAX). */
export const POLYGON_MIN_POINTS = 3;
export const POLYGON_MAX_POINTS = 2000;

export interface LabelClass {
  name: string;
  /** CSS hex colour, e.g. '#1e88e5'. */
  color: string;
}

export type ToolName = 'pan' | 'select' | 'box' | 'polygon' | 'zoomIn' | 'zoomOut' | 'assistPoint';

/** Resize handles of the selected box, and its body (move). */
export type HandleName = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw' | 'body';

export interface Hit {
  boxId: string;
  handle: HandleName;
}

/** Error and rejection codes the UI translates (`t('engine.errors.<code>')`); never text. */
export type EngineErrorCode =
  | 'webgl_unavailable'
  | 'context_lost'
  | 'tile_load_failed'
  | 'image_decode_failed'
  | 'box_too_small'
  | 'box_outside_image';

export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'EngineError';
  }
}

/** Minimum box side in image pixels (spec: 20 × 20). */
export const MIN_BOX_SIZE = 20;

/** Pointer input as tools see it: screen position plus the buttons and modifiers. */
export interface PointerInput {
  x: number;
  y: number;
  button: number;
  buttons: number;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  pointerId: number;
  /** Milliseconds, for click-vs-drag and double-click decisions. */
  time: number;
}
