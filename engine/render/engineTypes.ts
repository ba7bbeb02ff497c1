import type { AnnotationChange } from '../AnnotationStore';
import type {
  Adjustments,
  Box,
  EngineErrorCode,
  LabelClass,
  TileDecoder,
  TileSource,
  ToolName,
  Vec2,
  View,
} from '../types';
import type { EngineDebug } from './EngineDebug';
import type { RenderStats } from './Renderer';

/** Services the engine uses but never creates (the app wires workers; tests in-process fakes). */
export interface EngineServices {
  /** Decodes fetched tile bytes; HttpTileSource takes it too. */
  decoder?: TileDecoder;
}

export interface EngineOptions {
  services?: EngineServices;
  /** GPU texture budget in bytes (default 256 MiB). */
  textureBudgetBytes?: number;
  /** Most tile textures uploaded per frame, so a frame never stalls (default 4). */
  maxUploadsPerFrame?: number;
  /** Fixed device pixel ratio (tests); default `window.devicePixelRatio`, re-read on resize. */
  dpr?: number;
  /** Keep the drawing buffer so tests can read pixels back (costs a copy per frame). */
  preserveDrawingBuffer?: boolean;
  labels?: readonly LabelClass[];
  /** CSS font family of the label names drawn over boxes (default 'system-ui, sans-serif'). */
  labelFont?: string;
  /** Initial tool (default 'pan'). */
  tool?: ToolName;
  /** Clear colour behind the image, RGB 0..255 (default 32, 33, 36). */
  background?: readonly [number, number, number];
  /** Follow the canvas's CSS size with a ResizeObserver (default true). */
  autoResize?: boolean;
}

/** Events of {@link Engine.on}. */
export interface EngineEvents {
  /** The camera moved; `zoomPercent` = zoom × 100. */
  view: { view: View; zoomPercent: number };
  tool: { tool: ToolName };
  selection: { ids: readonly string[] };
  /** Boxes changed, with the command that changed them (null for loads and drag previews). */
  annotations: AnnotationChange;
  /** Tiles of the current view: loaded of wanted. */
  tileProgress: { loaded: number; wanted: number };
  /** An error code for the UI to translate (`engine.errors.<code>`). */
  error: { code: EngineErrorCode };
}

/** The engine: commands, reads and events. Framework-free; created by `createEngine`. */
export interface Engine {
  // ---- commands
  /** Shows a new image (any TileSource) and fits it. */
  loadImage(source: TileSource): void;
  setView(view: View): void;
  /** Zooms by `factor` keeping the image point under `point` (CSS px) fixed. */
  zoomAbout(point: Vec2, factor: number): void;
  fit(): void;
  setTool(tool: ToolName): void;
  /** Contrast, brightness, gamma, invert: shader uniforms only (no upload, no decode). */
  setAdjustments(adjustments: Partial<Adjustments>): void;
  setLabels(labels: readonly LabelClass[]): void;
  /** The label index new boxes get. */
  setActiveLabel(label: number): void;
  /** Loads the image's boxes (not undoable). */
  setAnnotations(boxes: readonly Box[]): void;
  select(ids: Iterable<string>): void;
  deleteSelection(): void;
  undo(): void;
  redo(): void;
  /** Re-reads the canvas's CSS size and the DPR (called automatically by a ResizeObserver). */
  resize(): void;
  /** Stops listening, frees GPU memory and the label overlay. */
  dispose(): void;
  // ---- reads
  getView(): View;
  getZoomPercent(): number;
  getTool(): ToolName;
  getSelection(): string[];
  getBoxes(): Box[];
  getAdjustments(): Adjustments;
  /** The last error code, or null. */
  getError(): EngineErrorCode | null;
  canUndo(): boolean;
  canRedo(): boolean;
  /** Render counters (frames, texture uploads, tile requests, draw calls, last frame ms). */
  stats(): RenderStats;
  /** Resolves when no frame is pending and every tile the view wants is drawn. */
  whenIdle(): Promise<void>;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends keyof EngineEvents>(type: K, listener: (payload: EngineEvents[K]) => void): () => void;
  /** Diagnostics for tests and benchmarks (renderer string, pixel read-back, tile progress). */
  readonly debug: EngineDebug;
}
