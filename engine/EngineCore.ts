/**
 * EngineCore — the GPU-free heart of the engine: camera + annotation store + history + tools,
 * wired once. The renderer's `createEngine` (engine/index.ts) wraps one and draws what it says;
 * the headless harness (engine/headless.ts) drives one in tests. This API is kept stable:
 *
 * ```ts
 * const core = new EngineCore({ imageSize: { width, height }, viewport: { width, height, dpr }, labels });
 * // camera
 * core.view; core.zoomPercent; core.zoomLimits;
 * core.setView(view); core.zoomAbout(screenPoint, factor); core.zoomTo(zoom, screenPoint?);
 * core.fit(); core.panBy(dx, dy); core.wheel(screenPoint, deltaY); core.setViewport(viewport);
 * core.setImageSize(size);
 * // tools and input (screen CSS px; DOM events map 1:1 onto PointerInput)
 * core.setTool('select'); core.pointerDown(input); core.pointerMove(input); core.pointerUp(input);
 * core.pointerCancel(); core.keyDown({ key, shiftKey, ... }) // true when handled
 * // annotations
 * core.setLabels(labels); core.setActiveLabel(i); core.setBoxes(boxes) // load: no undo
 * core.replaceBoxes(boxes) // undoable bulk set; core.select(ids); core.deleteSelection();
 * core.setSelectedLabel(i); core.undo(); core.redo(); core.store // boxes, slots, rects, hit tests
 * // what to draw besides tiles and boxes
 * core.overlay // { draft, marquee } in image px; core.cursor
 * // events: each `on` returns its unsubscribe function
 * core.on('view', ({ view, zoomPercent }) => …);   core.on('tool', ({ tool }) => …);
 * core.on('selection', ({ ids }) => …);            core.on('annotations', ({ command, source, slots, reallocated }) => …);
 * core.on('error', ({ code }) => …);               core.on('hover' | 'overlay' | 'cursor' | 'history' | 'labels', …);
 * core.dispose();
 * ```
 *
 * Pointer buttons: the primary button drives the active tool; the middle button (1) pans in
 * every tool. Zoom is CSS px per image px; zoomPercent = zoom × 100.
 */
import { AnnotationStore, type AnnotationEvents, type AnnotationStoreOptions } from './AnnotationStore';
import type { ZoomLimits } from './camera';
import { CameraController, type CameraOptions } from './CameraController';
import { copyBox, newCommandId } from './commands';
import { Emitter } from './emitter';
import { HANDLE_RADIUS_CSS } from './spatial/handles';
import { BoxTool } from './tools/BoxTool';
import { PanTool } from './tools/PanTool';
import { SelectTool } from './tools/SelectTool';
import type { CursorName, KeyInput, Overlay, Tool, ToolContext } from './tools/Tool';
import { ZoomTool } from './tools/ZoomTool';
import type { Box, EngineErrorCode, LabelClass, PointerInput, Size, ToolName, Vec2, View, Viewport } from './types';

/** What an {@link EngineCore} needs: image size and viewport; the rest has defaults. */
export interface EngineCoreOptions extends CameraOptions {
  imageSize: Size;
  viewport: Viewport;
  labels?: readonly LabelClass[];
  /** Initial tool (default 'select'). */
  tool?: ToolName;
  store?: AnnotationStoreOptions;
  /** Id factory for new boxes (default: UUIDs); tests inject a counter. */
  newBoxId?: () => string;
  /** Id factory for commands (default: UUIDs). */
  newCommandId?: () => string;
}

/** Every event of the core: the store's plus view, tool, error, overlay and cursor. */
export interface EngineCoreEvents extends AnnotationEvents {
  view: { view: View; zoomPercent: number };
  tool: { tool: ToolName };
  error: { code: EngineErrorCode };
  overlay: Overlay;
  cursor: { cursor: CursorName };
}

/** Camera, annotations, history and tools wired together (API in the file comment). */
export class EngineCore {
  readonly store: AnnotationStore;
  private readonly events = new Emitter<EngineCoreEvents>();
  private readonly tools: Record<ToolName, Tool>;
  private readonly ctx: ToolContext;
  private readonly unsubscribers: (() => void)[];
  private readonly camera: CameraController;
  private readonly newBoxId: () => string;
  private readonly newCmdId: () => string;
  private activeTool: Tool;
  private label = 0;
  private currentOverlay: Overlay = { draft: null, marquee: null };
  private currentCursor: CursorName = 'default';
  /** Middle-button pan in progress: the last pointer position. */
  private panFrom: Vec2 | null = null;

  constructor(options: EngineCoreOptions) {
    this.store = new AnnotationStore({ ...options.store, labels: options.labels ?? options.store?.labels });
    this.newBoxId = options.newBoxId ?? newCommandId;
    this.newCmdId = options.newCommandId ?? newCommandId;
    this.camera = new CameraController(options.imageSize, options.viewport, options, (view) => {
      this.events.emit('view', { view, zoomPercent: view.zoom * 100 });
    });
    this.tools = {
      pan: new PanTool(),
      select: new SelectTool(),
      box: new BoxTool(),
      zoomIn: new ZoomTool('zoomIn'),
      zoomOut: new ZoomTool('zoomOut'),
    };
    this.ctx = this.createContext();
    this.activeTool = this.tools[options.tool ?? 'select'];
    this.activeTool.enter(this.ctx);
    const forward = <K extends keyof AnnotationEvents>(type: K) =>
      this.store.on(type, (payload) => this.events.emit(type, payload as EngineCoreEvents[K]));
    this.unsubscribers = [
      forward('annotations'),
      forward('selection'),
      forward('hover'),
      forward('labels'),
      forward('history'),
    ];
  }

  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends keyof EngineCoreEvents>(type: K, listener: (payload: EngineCoreEvents[K]) => void): () => void {
    return this.events.on(type, listener);
  }

  // ---- camera (see CameraController) ---------------------------------------------------

  get view(): View {
    return this.camera.view;
  }

  get viewport(): Viewport {
    return this.camera.viewport;
  }

  get imageSize(): Size {
    return this.camera.imageSize;
  }

  get zoomLimits(): ZoomLimits {
    return this.camera.limits;
  }

  get zoomPercent(): number {
    return this.camera.view.zoom * 100;
  }

  /** Sets the view, constrained to the zoom limits and to keep the centre on the image. */
  setView(view: View): void {
    this.camera.setView(view);
  }

  /** Zooms by `factor` keeping the image point under `screenPoint` fixed. */
  zoomAbout(screenPoint: Vec2, factor: number): void {
    this.camera.zoomAbout(screenPoint, factor);
  }

  /** Zooms to `zoom` about `screenPoint` (default: the canvas centre). */
  zoomTo(zoom: number, screenPoint?: Vec2): void {
    this.camera.zoomTo(zoom, screenPoint);
  }

  /** Fits the whole image in the viewport. */
  fit(): void {
    this.camera.fit();
  }

  panBy(dx: number, dy: number): void {
    this.camera.panBy(dx, dy);
  }

  /** A wheel event (deltaY in CSS px, as with WheelEvent.DOM_DELTA_PIXEL): zoom about the pointer. */
  wheel(screenPoint: Vec2, deltaY: number): void {
    this.camera.wheel(screenPoint, deltaY);
  }

  /** The canvas was resized (or moved to a screen with another dpr): keeps centre and zoom. */
  setViewport(viewport: Viewport): void {
    this.camera.setViewport(viewport);
  }

  /** Another image: new limits, fitted view. Boxes are not touched (call setBoxes). */
  setImageSize(size: Size): void {
    this.cancelGesture();
    this.camera.setImageSize(size);
  }

  // ---- tools and input -------------------------------------------------------------------

  get tool(): ToolName {
    return this.activeTool.name;
  }

  /** The active tool's state (e.g. 'idle', 'dragging'), for tests and debugging. */
  get toolState(): string {
    return this.activeTool.state;
  }

  get overlay(): Readonly<Overlay> {
    return this.currentOverlay;
  }

  get cursor(): CursorName {
    return this.currentCursor;
  }

  /** Switches tools; a gesture in progress is cancelled (its preview undone). */
  setTool(name: ToolName): void {
    if (name === this.activeTool.name) return;
    this.cancelGesture();
    this.activeTool = this.tools[name];
    this.activeTool.enter(this.ctx);
    this.events.emit('tool', { tool: name });
  }

  pointerDown(e: PointerInput): void {
    if (e.button === 1) {
      this.panFrom = { x: e.x, y: e.y };
      return;
    }
    this.activeTool.onPointerDown(this.ctx, e);
  }

  pointerMove(e: PointerInput): void {
    if (this.panFrom) {
      this.panBy(e.x - this.panFrom.x, e.y - this.panFrom.y);
      this.panFrom = { x: e.x, y: e.y };
      return;
    }
    this.activeTool.onPointerMove(this.ctx, e);
  }

  pointerUp(e: PointerInput): void {
    if (this.panFrom) {
      if (e.button === 1) this.panFrom = null;
      return;
    }
    this.activeTool.onPointerUp(this.ctx, e);
  }

  /** The pointer was lost (pointercancel, blur): abandons the gesture. */
  pointerCancel(): void {
    this.cancelGesture();
  }

  /**
   * A key press for the active tool (Escape, Delete/Backspace, arrows); true when handled.
   * Delete/Backspace delete the selection in every tool (e.g. right after drawing a box).
   */
  keyDown(e: KeyInput): boolean {
    if (this.activeTool.onKeyDown(this.ctx, e)) return true;
    if (
      (e.key === 'Delete' || e.key === 'Backspace') &&
      this.store.selection.size > 0 &&
      this.activeTool.state === 'idle'
    ) {
      this.deleteSelection();
      return true;
    }
    return false;
  }

  // ---- annotations ----------------------------------------------------------------------

  get activeLabel(): number {
    return this.label;
  }

  setLabels(labels: readonly LabelClass[]): void {
    this.store.setLabels(labels);
  }

  /** The label index new boxes get. */
  setActiveLabel(label: number): void {
    this.label = label;
  }

  /** Loads an image's boxes (not undoable; clears history and selection). */
  setBoxes(boxes: readonly Box[]): void {
    this.cancelGesture();
    this.store.load(boxes);
    this.store.setSelection([]);
  }

  /** Replaces every box as one undoable command (imports, auto-labelling). */
  replaceBoxes(boxes: readonly Box[]): void {
    this.cancelGesture();
    this.store.execute({
      id: this.newCmdId(),
      type: 'setBoxes',
      before: this.store.boxes(),
      after: boxes.map(copyBox),
    });
  }

  select(ids: Iterable<string>): void {
    this.store.setSelection(ids);
  }

  /** Deletes the selected boxes as one command (no-op when nothing is selected). */
  deleteSelection(): void {
    const boxes = [...this.store.selection].map((id) => copyBox(this.store.get(id)!));
    if (boxes.length > 0) this.store.execute({ id: this.newCmdId(), type: 'deleteBoxes', boxes });
  }

  /** Gives the selected boxes `label` as one command. */
  setSelectedLabel(label: number): void {
    const changes = [...this.store.selection]
      .map((id) => this.store.get(id)!)
      .filter((b) => b.label !== label)
      .map((b) => ({ boxId: b.id, from: b.label, to: label }));
    if (changes.length > 0) this.store.execute({ id: this.newCmdId(), type: 'setLabel', changes });
  }

  undo(): void {
    this.cancelGesture();
    this.store.undo();
  }

  redo(): void {
    this.cancelGesture();
    this.store.redo();
  }

  get canUndo(): boolean {
    return this.store.history.canUndo;
  }

  get canRedo(): boolean {
    return this.store.history.canRedo;
  }

  /** Drops every listener. The core holds no other resource. */
  dispose(): void {
    this.cancelGesture();
    for (const off of this.unsubscribers) off();
    this.events.clear();
  }

  // ---- internals -----------------------------------------------------------------------

  private cancelGesture(): void {
    this.panFrom = null;
    this.activeTool.cancel(this.ctx);
  }

  private createContext(): ToolContext {
    const { camera, events } = this;
    const activeLabel = () => this.label;
    return {
      store: this.store,
      get imageSize() {
        return camera.imageSize;
      },
      get view() {
        return camera.view;
      },
      get viewport() {
        return camera.viewport;
      },
      get activeLabel() {
        return activeLabel();
      },
      get handleRadius() {
        return HANDLE_RADIUS_CSS / camera.view.zoom;
      },
      toImage: (p) => camera.toImage(p),
      setView: (view) => camera.setView(view),
      zoomAbout: (p, factor) => camera.zoomAbout(p, factor),
      zoomToRect: (rect) => camera.zoomToRect(rect),
      newBoxId: () => this.newBoxId(),
      newCommandId: () => this.newCmdId(),
      reportError: (code) => events.emit('error', { code }),
      setOverlay: (overlay) => {
        this.currentOverlay = { ...this.currentOverlay, ...overlay };
        events.emit('overlay', this.currentOverlay);
      },
      setCursor: (cursor) => {
        if (cursor === this.currentCursor) return;
        this.currentCursor = cursor;
        events.emit('cursor', { cursor });
      },
    };
  }
}
