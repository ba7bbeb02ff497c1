/**
 * The tool protocol. A tool is a small state machine (tldraw-style: idle → pointing →
 * dragging…) fed with screen-space pointer input; it reads and edits the world only through a
 * {@link ToolContext}, so it runs the same in the browser and in the headless harness.
 */
import type { AnnotationStore } from '../AnnotationStore';
import type { EngineErrorCode, PointerInput, Rect, Size, ToolName, Vec2, View, Viewport } from '../types';

/** Pointer travel (CSS px) below which a press is a click rather than a drag. */
export const DRAG_THRESHOLD_PX = 3;

/** A key press as tools see it (`key` as in KeyboardEvent.key). */
export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** Transient shapes the renderer draws over the image (image px). */
export interface Overlay {
  /** The box being drawn by the box tool. */
  draft: Rect | null;
  /** The drag-select rectangle (select tool) or zoom rectangle (zoom-in tool). */
  marquee: Rect | null;
  /** Where a large selection being moved would land: its bounding rectangle (select tool). */
  ghost: Rect | null;
  /** The polygon being drawn (its vertices, flat image px) and the pointer, for the rubber band. */
  polygonDraft?: { points: number[]; pointer: Vec2 | null } | null;
  /** A proposed outline (assist point), drawn dashed: flat image px, a box as its 4 corners. */
  proposal?: { points: number[] } | null;
}

/** CSS cursor names the tools ask for. */
export type CursorName =
  | 'default'
  | 'grab'
  | 'grabbing'
  | 'crosshair'
  | 'move'
  | 'zoom-in'
  | 'zoom-out'
  | 'ns-resize'
  | 'ew-resize'
  | 'nwse-resize'
  | 'nesw-resize';

/** What a tool may see and do. */
export interface ToolContext {
  readonly store: AnnotationStore;
  readonly imageSize: Size;
  readonly view: View;
  readonly viewport: Viewport;
  /** Label index given to new boxes. */
  readonly activeLabel: number;
  /** Resize-handle hit radius in image px at the current zoom. */
  readonly handleRadius: number;
  toImage(p: Vec2): Vec2;
  /** Sets the view (the engine constrains it to the zoom limits and the image). */
  setView(view: View): void;
  zoomAbout(screenPoint: Vec2, factor: number): void;
  zoomToRect(rect: Rect): void;
  newBoxId(): string;
  newCommandId(): string;
  reportError(code: EngineErrorCode): void;
  setOverlay(overlay: Partial<Overlay>): void;
  setCursor(cursor: CursorName): void;
}

/** A tool: a state machine over pointer and key input. */
export interface Tool {
  readonly name: ToolName;
  /** The current state's name (for tests and debugging). */
  readonly state: string;
  /** Called when the tool becomes active (set the cursor). */
  enter(ctx: ToolContext): void;
  onPointerDown(ctx: ToolContext, e: PointerInput): void;
  onPointerMove(ctx: ToolContext, e: PointerInput): void;
  onPointerUp(ctx: ToolContext, e: PointerInput): void;
  /** Returns true when the key was handled (the app then prevents its default). */
  onKeyDown(ctx: ToolContext, e: KeyInput): boolean;
  /** Abandons any gesture in progress, restoring what it previewed (tool switch, Escape). */
  cancel(ctx: ToolContext): void;
}

/** Whether the pointer travelled beyond the click/drag threshold. */
export function movedBeyond(a: Vec2, b: Vec2, threshold = DRAG_THRESHOLD_PX): boolean {
  return Math.abs(a.x - b.x) > threshold || Math.abs(a.y - b.y) > threshold;
}
