/**
 * A headless engine for tests (ours and the app's): an {@link EngineCore} with no GPU, plus
 * helpers that synthesise pointer and key input in screen CSS px and record what the engine
 * emitted. Ids are deterministic ('box-1', 'cmd-1', …) and time advances 16 ms per event.
 *
 * ```ts
 * const h = createHeadlessEngine({ width: 4000, height: 3000, viewport: { width: 800, height: 600, dpr: 1 } });
 * h.core.setTool('box');
 * h.drag({ x: 100, y: 100 }, { x: 200, y: 180 });
 * expect(h.boxes()).toHaveLength(1);
 * ```
 */
import type { BoxCommand } from './commands';
import { EngineCore, type EngineCoreOptions } from './EngineCore';
import type { Box, EngineErrorCode, LabelClass, PointerInput, ToolName, Vec2, View, Viewport } from './types';

/** Image size, viewport and core options of a headless engine. */
export interface HeadlessOptions {
  /** Image size in image px. */
  width: number;
  height: number;
  /** Default 800 × 600 CSS px at dpr 1. */
  viewport?: Viewport;
  labels?: readonly LabelClass[];
  tool?: ToolName;
  /** Passed through to the core (fitPadding, maxZoom, store options…). */
  core?: Partial<EngineCoreOptions>;
}

/** Modifier keys of a synthetic event. */
export interface Mods {
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** Button of a down/up event: 0 primary (default), 1 middle, 2 secondary. */
  button?: number;
}

/** The harness: the core plus input helpers and recorded output. */
export interface HeadlessEngine {
  readonly core: EngineCore;
  pointerDown(x: number, y: number, mods?: Mods): void;
  pointerMove(x: number, y: number, mods?: Mods): void;
  pointerUp(x: number, y: number, mods?: Mods): void;
  /** Down and up at one point. */
  click(x: number, y: number, mods?: Mods): void;
  /** Down at `from`, `steps` moves (default 5) ending at `to`, up at `to`. */
  drag(from: Vec2, to: Vec2, mods?: Mods & { steps?: number }): void;
  /** A key press; returns whether the engine handled it. */
  key(key: string, mods?: Mods): boolean;
  view(): View;
  boxes(): Box[];
  selection(): string[];
  undoStack(): readonly BoxCommand[];
  /** Error codes emitted so far, oldest first. */
  readonly errors: EngineErrorCode[];
  /** Commands applied so far (edits, undos, redos), oldest first: what a journal would record. */
  readonly journal: BoxCommand[];
  /** Image point under a screen point at the current view. */
  toImage(x: number, y: number): Vec2;
  /** Screen point of an image point at the current view. */
  toScreen(x: number, y: number): Vec2;
}

/** Creates a GPU-free engine for tests, fitted to the image, tool `options.tool ?? "select"`. */
export function createHeadlessEngine(options: HeadlessOptions): HeadlessEngine {
  let boxCounter = 0;
  let commandCounter = 0;
  const core = new EngineCore({
    imageSize: { width: options.width, height: options.height },
    viewport: options.viewport ?? { width: 800, height: 600, dpr: 1 },
    labels: options.labels,
    tool: options.tool,
    newBoxId: () => `box-${++boxCounter}`,
    newCommandId: () => `cmd-${++commandCounter}`,
    ...options.core,
    store: { history: { newId: () => `cmd-${++commandCounter}` }, ...options.core?.store },
  });
  const errors: EngineErrorCode[] = [];
  const journal: BoxCommand[] = [];
  core.on('error', ({ code }) => errors.push(code));
  core.on('annotations', ({ command, source }) => {
    if (command && (source === 'edit' || source === 'undo' || source === 'redo')) journal.push(command);
  });

  let time = 0;
  let buttons = 0;
  const input = (x: number, y: number, mods: Mods = {}, button = mods.button ?? 0): PointerInput => {
    time += 16;
    return {
      x,
      y,
      button,
      buttons,
      shiftKey: mods.shiftKey ?? false,
      ctrlKey: mods.ctrlKey ?? false,
      metaKey: mods.metaKey ?? false,
      altKey: mods.altKey ?? false,
      pointerId: 1,
      time,
    };
  };
  const h: HeadlessEngine = {
    core,
    errors,
    journal,
    pointerDown(x, y, mods) {
      buttons |= 1 << (mods?.button ?? 0);
      core.pointerDown(input(x, y, mods));
    },
    pointerMove(x, y, mods) {
      core.pointerMove(input(x, y, mods, -1));
    },
    pointerUp(x, y, mods) {
      buttons &= ~(1 << (mods?.button ?? 0));
      core.pointerUp(input(x, y, mods));
    },
    click(x, y, mods) {
      h.pointerDown(x, y, mods);
      h.pointerUp(x, y, mods);
    },
    drag(from, to, mods) {
      const steps = mods?.steps ?? 5;
      h.pointerDown(from.x, from.y, mods);
      for (let i = 1; i <= steps; i++)
        h.pointerMove(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps, mods);
      h.pointerUp(to.x, to.y, mods);
    },
    key(key, mods = {}) {
      return core.keyDown({
        key,
        shiftKey: mods.shiftKey ?? false,
        ctrlKey: mods.ctrlKey ?? false,
        metaKey: mods.metaKey ?? false,
        altKey: mods.altKey ?? false,
      });
    },
    view: () => core.view,
    boxes: () => core.store.boxes(),
    selection: () => [...core.store.selection],
    undoStack: () => core.store.history.undoStack,
    toImage(x, y) {
      const { view, viewport } = core;
      return {
        x: (x - viewport.width / 2) / view.zoom + view.centerX,
        y: (y - viewport.height / 2) / view.zoom + view.centerY,
      };
    },
    toScreen(x, y) {
      const { view, viewport } = core;
      return {
        x: (x - view.centerX) * view.zoom + viewport.width / 2,
        y: (y - view.centerY) * view.zoom + viewport.height / 2,
      };
    },
  };
  return h;
}

/**
 * The scene most engine tests start from: an image (default 4000 × 3000) in an 800 × 600
 * viewport at 100 % with its top-left corner at the canvas's, so image px = screen px, and
 * `boxes` loaded.
 */
export function createHeadlessScene(
  boxes: readonly Box[] = [],
  options: Partial<Pick<HeadlessOptions, 'width' | 'height' | 'tool'>> = {},
): HeadlessEngine {
  const h = createHeadlessEngine({
    width: options.width ?? 4000,
    height: options.height ?? 3000,
    tool: options.tool,
    viewport: { width: 800, height: 600, dpr: 1 },
  });
  h.core.setView({ centerX: 400, centerY: 300, zoom: 1 });
  h.core.setBoxes(boxes);
  return h;
}
