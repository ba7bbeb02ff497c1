import { EngineCore } from '../EngineCore';
import { Emitter } from '../emitter';
import type { Overlay } from '../tools/Tool';
import {
  DEFAULT_ADJUSTMENTS,
  EngineError,
  type Adjustments,
  type Box,
  type EngineErrorCode,
  type LabelClass,
  type TileSource,
  type ToolName,
  type Vec2,
  type View,
  type Viewport,
} from '../types';
import { usesEngineServices } from '../sources/HttpTileSource';
import { BoxLayer } from './BoxLayer';
import { EMPTY_MODEL_OVERLAY, type ModelOverlayState } from './modelOverlay';
import { PolygonLayer } from './PolygonLayer';
import { CanvasInput } from './CanvasInput';
import { sizeCanvas } from './canvasSize';
import { createAfterFrame } from './afterFrame';
import { EngineDebug } from './EngineDebug';
import { DEFAULT_LABEL_FONT } from './labelAtlas';
import { Renderer, type Passes, type RenderStats } from './Renderer';
import { TileLayer } from './TileLayer';
import type { Engine, EngineEvents, EngineOptions } from './engineTypes';

const CROSSHAIR: readonly [number, number, number, number] = [0.85, 0.85, 0.85, 0.85];

/**
 * Creates the engine on `canvas`: an EngineCore (camera, store, history, tools) drawn by the
 * WebGL2 renderer, with pointer, wheel and keyboard input on the canvas. Never throws for a
 * missing WebGL: the engine then runs headless and emits `error` { code: 'webgl_unavailable' }
 * right after creation (and `getError()` says so), so the UI can show a message instead of a
 * blank canvas.
 */
export function createEngine(canvas: HTMLCanvasElement, options: EngineOptions = {}): Engine {
  const events = new Emitter<EngineEvents>();
  const cssSize = (): Viewport => ({
    width: Math.max(1, canvas.clientWidth || canvas.width),
    height: Math.max(1, canvas.clientHeight || canvas.height),
    dpr: options.dpr ?? (globalThis.devicePixelRatio || 1),
  });
  const core = new EngineCore({
    imageSize: { width: 1, height: 1 },
    viewport: cssSize(),
    labels: options.labels,
    tool: options.tool ?? 'pan',
  });
  let adjustments: Adjustments = { ...DEFAULT_ADJUSTMENTS };
  let lastError: EngineErrorCode | null = null;
  let currentSource: TileSource | null = null;
  let disposed = false;
  const stats: RenderStats = { frames: 0, textureUploads: 0, tileRequests: 0, drawCalls: 0, lastFrameMs: 0 };
  const idleWaiters: Array<() => void> = [];
  const error = (code: EngineErrorCode) => {
    lastError = code;
    events.emit('error', { code });
  };

  // Work that must not lengthen a frame (tile fetches, a new stream area's index query) runs
  // in one task right after it.
  const afterFrame = createAfterFrame();
  const boxes = new BoxLayer(core.store, {
    labelFont: options.labelFont ?? DEFAULT_LABEL_FONT,
    invalidate: () => renderer?.invalidate(),
    defer: afterFrame.defer,
  });
  const polygons = new PolygonLayer(core.store);
  let models: ModelOverlayState = EMPTY_MODEL_OVERLAY;
  const tiles = new TileLayer({
    budgetBytes: options.textureBudgetBytes ?? 256 * 2 ** 20,
    maxUploadsPerFrame: options.maxUploadsPerFrame ?? 4,
    invalidate: () => renderer?.invalidate(),
    onProgress: (p) => events.emit('tileProgress', p),
    onError: error,
    // Started requests may have been all that kept the engine from idle.
    defer: (run) =>
      afterFrame.defer(() => {
        run();
        checkIdle();
      }),
  });
  let lastZoom = core.view.zoom;

  let renderer: Renderer | null = null;
  try {
    renderer = new Renderer(canvas, {
      preserveDrawingBuffer: options.preserveDrawingBuffer,
      background: options.background,
      draw: (passes) => drawFrame(passes),
      onError: error,
      onRestored: () => {
        tiles.onRestored();
        boxes.onRestored();
        polygons.onRestored();
      },
    });
  } catch (e) {
    const code = e instanceof EngineError ? e.code : 'webgl_unavailable';
    // Subscribers attach after createEngine returns: report on the next microtask.
    queueMicrotask(() => error(code));
    lastError = code;
  }
  const input = new CanvasInput(
    canvas,
    core,
    () => {
      if (core.tool === 'box') renderer?.invalidate();
    },
    options.keys !== false,
  );

  function drawFrame(passes: Passes): boolean {
    const t0 = performance.now();
    const view = core.view;
    const viewport = core.viewport;
    const t = tiles.frame(passes, view, viewport, adjustments);
    let calls = t.drawCalls;
    calls += boxes.draw(passes, view, viewport, t.uploadMs);
    calls += polygons.draw(passes, view, viewport, boxes.mode === 'map');
    if (core.tool === 'box' && input.hover) {
      passes.crosshair.draw(input.hover.x, input.hover.y, viewport.width, viewport.height, CROSSHAIR);
      calls += 1;
    }
    stats.frames += 1;
    stats.drawCalls += calls;
    stats.textureUploads += t.uploads;
    stats.tileRequests = tiles.requests;
    stats.lastFrameMs = performance.now() - t0;
    const busy = t.busy || boxes.busy;
    if (!busy) queueMicrotask(checkIdle);
    return busy;
  }

  function isIdle(): boolean {
    return !renderer || renderer.isLost || (!renderer.pending && tiles.settled);
  }

  function checkIdle(): void {
    if (!isIdle()) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  }

  const invalidate = () => renderer?.invalidate();
  const offs = [
    core.on('view', (e) => {
      if (e.view.zoom !== lastZoom) {
        lastZoom = e.view.zoom;
        boxes.onZoomChanged();
      }
      invalidate();
      events.emit('view', e);
    }),
    core.on('tool', (e) => {
      invalidate();
      events.emit('tool', e);
    }),
    core.on('selection', (e) => {
      boxes.onSelection();
      polygons.onSelection();
      invalidate();
      events.emit('selection', e);
    }),
    core.on('hover', () => {
      boxes.onHover();
      polygons.onSelection();
      invalidate();
    }),
    core.on('history', (e) => events.emit('history', e)),
    core.on('flags', (e) => events.emit('flags', e)),
    core.on('labels', () => {
      boxes.setLabels();
      polygons.setLabels();
      invalidate();
    }),
    core.on('annotations', (e) => {
      boxes.onAnnotations(e);
      polygons.onAnnotations(e);
      invalidate();
      events.emit('annotations', e);
    }),
    core.on('overlay', (o: Overlay) => {
      boxes.draft = o.draft;
      boxes.marquee = o.marquee;
      boxes.ghost = o.ghost;
      boxes.invalidateOverlay();
      polygons.setOverlay(o);
      invalidate();
    }),
    core.on('cursor', ({ cursor }) => {
      canvas.style.cursor = cursor;
    }),
    core.on('error', (e) => error(e.code)),
    core.on('assistRequest', (e) => events.emit('assistRequest', e)),
  ];
  canvas.style.cursor = core.cursor;

  const resize = () => {
    const vp = cssSize();
    sizeCanvas(canvas, vp.width, vp.height, vp.dpr);
    core.setViewport(vp);
    invalidate();
  };
  resize();
  const observer =
    typeof ResizeObserver === 'function' && options.autoResize !== false ? new ResizeObserver(() => resize()) : null;
  observer?.observe(canvas);

  const engine: Engine = {
    loadImage(source: TileSource) {
      currentSource = source;
      if (usesEngineServices(source)) source.attachServices(options.services ?? {});
      tiles.setSource(source);
      core.setImageSize({ width: source.info.width, height: source.info.height });
      boxes.setImageSize(source.info.width, source.info.height);
      invalidate();
    },
    setView: (view: View) => core.setView(view),
    zoomAbout: (point: Vec2, factor: number) => core.zoomAbout(point, factor),
    zoomBy: (factor: number) => core.zoomBy(factor),
    zoomToSelection: () => core.zoomToSelection(),
    fit: () => core.fit(),
    setTool: (tool: ToolName) => core.setTool(tool),
    setAdjustments(next: Partial<Adjustments>) {
      const merged = { ...adjustments, ...next };
      if (
        merged.contrast === adjustments.contrast &&
        merged.brightness === adjustments.brightness &&
        merged.gamma === adjustments.gamma &&
        merged.invert === adjustments.invert
      )
        return;
      adjustments = merged;
      // Uniforms only: the next frame redraws the cached textures with the new values.
      renderer?.invalidate();
    },
    setLabels: (list: readonly LabelClass[]) => core.setLabels(list),
    setActiveLabel: (label: number) => core.setActiveLabel(label),
    setAnnotations: (list: readonly Box[]) => core.setBoxes(list),
    select: (ids: Iterable<string>) => core.select(ids),
    selectAll: () => core.selectAll(),
    cycleSelection: (step: 1 | -1) => core.cycleSelection(step),
    deleteSelection: () => core.deleteSelection(),
    setSelectedLabel: (label: number) => core.setSelectedLabel(label),
    nudgeSelection: (dx: number, dy: number) => core.nudgeSelection(dx, dy),
    copySelection: () => core.copySelection(),
    paste: (list: readonly Box[], pasteOptions?: { offset?: boolean }) => core.paste(list, pasteOptions),
    addBoxes: (list: readonly Box[]) => core.addBoxes(list),
    setHidden: (ids: Iterable<string>, on: boolean) => core.setHidden(ids, on),
    setAllHidden: (on: boolean) => core.setAllHidden(on),
    setLocked: (ids: Iterable<string>, on: boolean) => core.setLocked(ids, on),
    applyRemote: (change) => core.applyRemote(change),
    cancel: () => core.cancel(),
    confirm: () => core.confirm(),
    keyDown: (key) => core.keyDown(key),
    undo: () => core.undo(),
    redo: () => core.redo(),
    setProposal: (shape) => core.setProposal(shape),
    setAssistShape: (shape) => core.setAssistShape(shape),
    setProposals(proposals, focus = null) {
      models = { ...models, proposals: [...proposals], focus };
      polygons.setModels(models);
      invalidate();
    },
    setMachineLabels(ids) {
      models = { ...models, machine: new Set(ids) };
      polygons.setModels(models);
      invalidate();
    },
    resize,
    dispose() {
      if (disposed) return;
      disposed = true;
      observer?.disconnect();
      offs.forEach((off) => off());
      input.dispose();
      tiles.dispose();
      afterFrame.dispose();
      renderer?.dispose();
      core.dispose();
      events.clear();
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
    getView: () => core.view,
    getZoomPercent: () => core.zoomPercent,
    getTool: () => core.tool,
    getSelection: () => [...core.store.selection],
    getBoxes: () => core.store.boxes(),
    getFlags: (id: string) => core.getFlags(id),
    getAdjustments: () => ({ ...adjustments }),
    getError: () => lastError,
    getSource: () => currentSource,
    canUndo: () => core.canUndo,
    canRedo: () => core.canRedo,
    stats: () => ({ ...stats }),
    whenIdle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        queueMicrotask(checkIdle);
      }),
    on: (type, listener) => events.on(type, listener),
    debug: new EngineDebug(() => renderer, tiles, boxes, polygons),
  };
  return engine;
}
