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
 * core.selectAll(); core.cycleSelection(1 | -1); core.zoomToSelection(); core.nudgeSelection(dx, dy);
 * core.copySelection(); core.paste(boxes, { offset? }); core.addBoxes(boxes) // one command each
 * core.setHidden(ids, on); core.setLocked(ids, on); core.setAllHidden(on); core.getFlags(id) // view state
 * core.applyRemote({ put, remove }) // not undoable: source 'remote'
 * core.zoomBy(factor); core.cancel(); core.confirm() // Escape / Enter for keys the app remaps
 * // what to draw besides tiles and boxes
 * core.overlay // { draft, marquee } in image px; core.cursor
 * // events: each `on` returns its unsubscribe function
 * core.on('view', ({ view, zoomPercent }) => …);   core.on('tool', ({ tool }) => …);
 * core.on('selection', ({ ids }) => …);            core.on('annotations', ({ command, source, slots, reallocated }) => …);
 * core.on('error', ({ code }) => …);               core.on('hover' | 'overlay' | 'cursor' | 'history' | 'labels', …);
 * core.on('flags', ({ ids }) => …);  // hidden/locked changed for ids (empty: all cleared by a load)
 * core.dispose();
 * ```
 *
 * Pointer buttons: the primary button drives the active tool; the middle button (1) pans in
 * every tool. Zoom is CSS px per image px; zoomPercent = zoom × 100.
 */
import type { AnnotationFlagState } from './AnnotationFlags';
import {
  AnnotationStore,
  type AnnotationEvents,
  type AnnotationStoreOptions,
  type RemoteChange,
} from './AnnotationStore';
import type { ZoomLimits } from './camera';
import { CameraController, type CameraOptions } from './CameraController';
import { addPlacedBoxes, copySelection, pasteBoxes, type NewIds } from './clipboard';
import { copyBox, newCommandId } from './commands';
import { Emitter } from './emitter';
import { deleteSelection, nudgeSelection, relabelSelection } from './selectionEdits';
import { nextInOrder } from './selectionOrder';
import { frameRects, revealBox } from './selectionView';
import { BoxTool } from './tools/BoxTool';
import { PanTool } from './tools/PanTool';
import { PolygonTool } from './tools/PolygonTool';
import { SelectTool } from './tools/SelectTool';
import type { CursorName, KeyInput, Overlay, Tool, ToolContext } from './tools/Tool';
import { createToolContext } from './toolContext';
import { ZoomTool } from './tools/ZoomTool';
import { AssistTool, type AssistRequest, type AssistShape, type ProposalShape } from './tools/AssistTool';
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
  /** The assist-point tool asks for a proposal (answer with `setProposal`). */
  assistRequest: AssistRequest;
}

/** Camera, annotations, history and tools wired together (API in the file comment). */
export class EngineCore {
  readonly store: AnnotationStore;
  private readonly events = new Emitter<EngineCoreEvents>();
  private readonly tools: Record<ToolName, Tool>;
  private readonly assist = new AssistTool((request) => this.events.emit('assistRequest', request));
  private readonly ctx: ToolContext;
  private readonly unsubscribers: (() => void)[];
  private readonly camera: CameraController;
  private readonly ids: NewIds;
  private activeTool: Tool;
  private label = 0;
  private currentOverlay: Overlay = { draft: null, marquee: null, ghost: null };
  private currentCursor: CursorName = 'default';
  /** Middle-button pan in progress: the last pointer position. */
  private panFrom: Vec2 | null = null;

  constructor(options: EngineCoreOptions) {
    this.store = new AnnotationStore({ ...options.store, labels: options.labels ?? options.store?.labels });
    this.ids = { box: options.newBoxId ?? newCommandId, command: options.newCommandId ?? newCommandId };
    this.camera = new CameraController(options.imageSize, options.viewport, options, (view) => {
      this.events.emit('view', { view, zoomPercent: view.zoom * 100 });
    });
    this.tools = {
      pan: new PanTool(),
      select: new SelectTool(),
      box: new BoxTool(),
      polygon: new PolygonTool(),
      zoomIn: new ZoomTool('zoomIn'),
      zoomOut: new ZoomTool('zoomOut'),
      assistPoint: this.assist,
    };
    this.ctx = createToolContext({
      store: this.store,
      camera: this.camera,
      activeLabel: () => this.label,
      newBoxId: this.ids.box,
      newCommandId: this.ids.command,
      reportError: (code) => this.events.emit('error', { code }),
      setOverlay: (overlay) => {
        this.currentOverlay = { ...this.currentOverlay, ...overlay };
        this.events.emit('overlay', this.currentOverlay);
      },
      setCursor: (cursor) => {
        if (cursor === this.currentCursor) return;
        this.currentCursor = cursor;
        this.events.emit('cursor', { cursor });
      },
    });
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
      forward('flags'),
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

  /** Zooms by `factor` about the canvas centre (the + and − keys). */
  zoomBy(factor: number): void {
    const { width, height } = this.camera.viewport;
    this.camera.zoomAbout({ x: width / 2, y: height / 2 }, factor);
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

  /**
   * What Escape does in the active tool (cancel the drawing or drag in progress; in the select
   * tool, with none, clear the selection), for an app that binds its own keys. True when handled.
   */
  cancel(): boolean {
    return this.keyDown({ key: 'Escape', shiftKey: false, ctrlKey: false, metaKey: false, altKey: false });
  }

  /** What Enter does in the active tool (close a polygon, accept a proposal). True when handled. */
  confirm(): boolean {
    return this.keyDown({ key: 'Enter', shiftKey: false, ctrlKey: false, metaKey: false, altKey: false });
  }

  /** The pointer was lost (pointercancel, blur): abandons the gesture. */
  pointerCancel(): void {
    this.cancelGesture();
  }

  /**
   * A key press for the active tool (Escape, Enter, Delete/Backspace, arrows); true when
   * handled. With the tool idle, in every tool: Delete/Backspace delete the selection (e.g.
   * right after drawing a box), Tab / Shift+Tab cycle it, Ctrl/⌘+A selects all.
   */
  keyDown(e: KeyInput): boolean {
    if (this.activeTool.onKeyDown(this.ctx, e)) return true;
    if (this.activeTool.state !== 'idle') return false;
    if ((e.key === 'Delete' || e.key === 'Backspace') && this.store.selection.size > 0) {
      this.deleteSelection();
      return true;
    }
    if (e.key === 'Tab' && !e.ctrlKey && !e.metaKey && !e.altKey) {
      this.cycleSelection(e.shiftKey ? -1 : 1);
      return true;
    }
    if ((e.key === 'a' || e.key === 'A') && (e.ctrlKey || e.metaKey) && !e.altKey) {
      this.selectAll();
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
      id: this.ids.command(),
      type: 'setBoxes',
      before: this.store.boxes(),
      after: boxes.map(copyBox),
    });
  }

  select(ids: Iterable<string>): void {
    this.store.setSelection(ids);
  }

  /** Selects every visible box (Ctrl/⌘+A). */
  selectAll(): void {
    this.store.setSelection(this.store.ids());
  }

  /**
   * Selects the next (1) or previous (-1) box in Tab order — top to bottom, then left to right
   * (selectionOrder.ts) — from the single selected box, and pans it into view when it is not
   * wholly visible. Returns the selected id (null when there are no visible boxes).
   */
  cycleSelection(step: 1 | -1): string | null {
    const current = this.store.selection.size === 1 ? [...this.store.selection][0]! : null;
    const id = nextInOrder(this.store, current, step);
    if (id === null) return null;
    this.store.setSelection([id]);
    revealBox(this.camera, this.store.get(id)!);
    return id;
  }

  /**
   * Fits the selection in the view with a margin of a quarter of its size on each side (no
   * change when nothing is selected); the zoom stays within the zoom limits.
   */
  zoomToSelection(): void {
    frameRects(
      this.camera,
      [...this.store.selection].map((id) => this.store.get(id)!),
    );
  }

  /** Moves the selection by (`dx`, `dy`) image px as one command, inside the image; locked boxes stay. */
  nudgeSelection(dx: number, dy: number): void {
    nudgeSelection(this.store, dx, dy, this.camera.imageSize, this.ids.command);
  }

  /** Deletes the selected boxes as one command; locked boxes are kept (no-op when nothing else is selected). */
  deleteSelection(): void {
    deleteSelection(this.store, this.ids.command);
  }

  /** Gives the selected boxes `label` as one command (locked ones too). */
  setSelectedLabel(label: number): void {
    relabelSelection(this.store, label, this.ids.command);
  }

  /** Plain copies of the selected boxes (for a clipboard; they keep their ids until pasted). */
  copySelection(): Box[] {
    return copySelection(this.store);
  }

  /** Pastes boxes as one command, shifted off identical ones, and selects them (clipboard.ts). */
  paste(boxes: readonly Box[], options: { offset?: boolean } = {}): string[] {
    this.cancelGesture();
    return pasteBoxes(this.store, boxes, this.camera.imageSize, this.ids, options.offset !== false);
  }

  /** Adds boxes as one command where they are, fitted inside the image (clipboard.ts); returns the new ids. */
  addBoxes(boxes: readonly Box[]): string[] {
    this.cancelGesture();
    return addPlacedBoxes(this.store, boxes, this.camera.imageSize, this.ids);
  }

  /** Hides or shows boxes (view state: not saved, not undoable); hidden boxes are neither drawn nor hit. */
  setHidden(ids: Iterable<string>, on: boolean): void {
    this.cancelGesture();
    this.store.setHidden(ids, on);
  }

  /** Hides or shows every box. */
  setAllHidden(on: boolean): void {
    this.setHidden(this.store.ids(), on);
  }

  /** Locks or unlocks boxes (view state): locked boxes are drawn and selectable but never moved, resized or deleted. */
  setLocked(ids: Iterable<string>, on: boolean): void {
    this.cancelGesture();
    this.store.setLocked(ids, on);
  }

  getFlags(id: string): AnnotationFlagState {
    return this.store.getFlags(id);
  }

  /**
   * A change from outside this user's editing (the server's version after a conflict, edits
   * restored from the journal): applied at once, emitted as 'annotations' with source 'remote'
   * and no command, not recorded for undo. A gesture in progress is cancelled first.
   */
  applyRemote(change: RemoteChange): void {
    this.cancelGesture();
    this.store.applyRemote(change);
  }

  undo(): void {
    this.cancelGesture();
    this.store.undo();
  }

  /** The answer to an `assistRequest` (null: no region), drawn dashed until accepted or rejected. */
  setProposal(shape: ProposalShape | null): void {
    this.assist.setProposal(this.ctx, shape);
  }

  /** What an accepted assist proposal becomes: a box (detection) or a polygon (segmentation). */
  setAssistShape(shape: AssistShape): void {
    this.assist.shape = shape;
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
}
