import type { AnnotationFlagState } from '../AnnotationFlags';
import type { AnnotationChange, RemoteChange } from '../AnnotationStore';
import type { KeyInput } from '../tools/Tool';
import type { AssistRequest, AssistShape, ProposalShape } from '../tools/AssistTool';
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
import type { ModelProposal } from './modelOverlay';
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
  /**
   * Handle key presses on the focused canvas (tool keys, Ctrl/⌘+Z/Y; default true). An app
   * that binds its own keys turns this off and calls the methods (`cancel`, `confirm`,
   * `nudgeSelection`, `keyDown`, …) instead, so no key acts twice.
   */
  keys?: boolean;
}

/** Events of {@link Engine.on}. */
export interface EngineEvents {
  /** The camera moved; `zoomPercent` = zoom × 100. */
  view: { view: View; zoomPercent: number };
  tool: { tool: ToolName };
  selection: { ids: readonly string[] };
  /**
   * Boxes changed, with the command that changed them: every user edit, undo and redo is one
   * event with its JSON-safe command (source 'edit' | 'undo' | 'redo'; an undo or redo carries
   * a command under a fresh id). Loads, drag previews, hide/show ('load', 'preview', 'flags') and
   * `applyRemote` ('remote') carry none and are not to be journaled.
   */
  annotations: AnnotationChange;
  /** Undo/redo availability changed. */
  history: { canUndo: boolean; canRedo: boolean };
  /** Hidden or locked flags changed for `ids` (read them with `getFlags`; empty ids: all cleared by a load). */
  flags: { ids: readonly string[] };
  /** Tiles of the current view: loaded of wanted. */
  tileProgress: { loaded: number; wanted: number };
  /** An error code for the UI to translate (`engine.errors.<code>`). */
  error: { code: EngineErrorCode };
  /** The assist-point tool asks for a proposal around a click (`attachAssist` answers it). */
  assistRequest: AssistRequest;
}

/** The engine: commands, reads and events. Framework-free; created by `createEngine`. */
export interface Engine {
  // ---- commands
  /** Shows a new image (any TileSource) and fits it. */
  loadImage(source: TileSource): void;
  setView(view: View): void;
  /** Zooms by `factor` keeping the image point under `point` (CSS px) fixed. */
  zoomAbout(point: Vec2, factor: number): void;
  /** Zooms by `factor` about the canvas centre (the + and − keys). */
  zoomBy(factor: number): void;
  /** Fits the selection (plus a quarter of its size around it) in the view; no-op without a selection. */
  zoomToSelection(): void;
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
  /** Selects every visible (not hidden) box. */
  selectAll(): void;
  /**
   * Selects the next (1, Tab) or previous (-1, Shift+Tab) box — top to bottom, then left to
   * right — panning it into view; returns its id (null when no box is visible).
   */
  cycleSelection(step: 1 | -1): string | null;
  /** Deletes the selection as one command (locked boxes stay). */
  deleteSelection(): void;
  /** Gives the selection `label` as one command. */
  setSelectedLabel(label: number): void;
  /** Moves the selection by (dx, dy) image px as one command, kept inside the image (locked boxes stay). */
  nudgeSelection(dx: number, dy: number): void;
  /** Plain copies of the selected boxes (a clipboard). */
  copySelection(): Box[];
  /**
   * Adds copies of `boxes` (from any image) as one command with fresh ids, fitted inside the
   * image, shifted off identical existing boxes unless `offset: false`; they become the
   * selection. Returns the new ids.
   */
  paste(boxes: readonly Box[], options?: { offset?: boolean }): string[];
  /** Adds copies of `boxes` as one command with fresh ids, fitted inside the image, unshifted, selection unchanged. */
  addBoxes(boxes: readonly Box[]): string[];
  /** Hides or shows boxes (view state: not saved, not undoable); hidden boxes are neither drawn nor hit. */
  setHidden(ids: Iterable<string>, on: boolean): void;
  setAllHidden(on: boolean): void;
  /** Locks or unlocks boxes (view state): locked boxes are drawn and selectable, never moved, resized or deleted. */
  setLocked(ids: Iterable<string>, on: boolean): void;
  /** Applies a change from elsewhere (server version, restored edits): not undoable, 'annotations' source 'remote'. */
  applyRemote(change: RemoteChange): void;
  /** What Escape does in the active tool (cancel the gesture; select tool: clear the selection); true when handled. */
  cancel(): boolean;
  /** What Enter does in the active tool (close a polygon, accept a proposal); true when handled. */
  confirm(): boolean;
  /** A key press for the active tool (as the canvas would route it); true when handled. */
  keyDown(key: KeyInput): boolean;
  undo(): void;
  redo(): void;
  /** Shows the answer to an `assistRequest` dashed (null: none found); Enter or a click inside accepts it. */
  setProposal(shape: ProposalShape | null): void;
  /** What an accepted assist proposal becomes: 'box' (detection, default) or 'polygon' (segmentation). */
  setAssistShape(shape: AssistShape): void;
  /**
   * Draws a model's proposals dashed in their label colours (empty: none), `focus` thicker. View
   * state only: accepting one is the app's `addBoxes`.
   */
  setProposals(proposals: readonly ModelProposal[], focus?: string | null): void;
  /** The annotations that are machine labels (a model wrote them, no person accepted them): drawn dashed. */
  setMachineLabels(ids: Iterable<string>): void;
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
  /** The hidden and locked flags of a box. */
  getFlags(id: string): AnnotationFlagState;
  getAdjustments(): Adjustments;
  /** The last error code, or null. */
  getError(): EngineErrorCode | null;
  /** The tile source last given to `loadImage` (null before). */
  getSource(): TileSource | null;
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
