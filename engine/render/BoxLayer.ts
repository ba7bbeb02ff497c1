import { parseHexColor } from '../../contract/color';
import { BOX_FLAGS } from '../../shaders';
import type { AnnotationChange, AnnotationStore } from '../AnnotationStore';
import { visibleImageRect } from '../camera';
import { handlePosition, RESIZE_HANDLES } from '../spatial/handles';
import type { Rect, View, Viewport } from '../types';
import type { BoxBuffer } from './BoxBuffer';
import { packRgba } from './BoxBuffer';
import { BoxMapBuild, RASTER_CHUNK, stripRows } from './BoxMapBuild';
import { boxMapScale } from './boxMapRaster';
import { BoxStream } from './BoxStream';
import { DEFAULT_LABEL_LIMITS } from './labelLimits';
import type { Passes } from './Renderer';

/** Most boxes (estimated from the count grid) drawn one by one before the box map takes over. */
export const STREAM_MAX_BOXES = 8000;
/** The streamed area is the view grown by this fraction on each side, so a pan reuses it. */
const STREAM_MARGIN = 0.25;
/** Count-grid cells per side (the estimate of boxes in view). */
const GRID = 64;
const CELLS = GRID * GRID;
/**
 * What a polygon counts for in the estimate of boxes in view: its outline costs the GPU about
 * three boxes (PolygonLayer's coarse level), so views dense in polygons take the box map sooner.
 */
const POLYGON_WEIGHT = 3;
/** Handle squares, CSS px. */
const HANDLE_SIZE = 8;
/**
 * Most selected boxes the overlay highlights one by one; a larger selection (a Ctrl+A over
 * 100,000 boxes) is shown as its bounding rectangle, so the overlay stays a few thousand
 * entries and a hover change never rewrites 100,000 of them.
 */
export const OVERLAY_MAX_SELECTED = 2000;
/**
 * Main-thread milliseconds a frame may spend on uploads and builds together: tile uploads go
 * first (the picture), and building the box map (rasterising or uploading) or writing a new
 * stream gets what is left of this, never less than {@link MIN_BUILD_MS}; the rest waits for
 * the next frame. Sharing one budget keeps a frame with both from costing the two summed.
 */
export const FRAME_WORK_MS = 2;
const MIN_BUILD_MS = 0.5;
/** Stream entries written between two looks at the clock (≈0.1–0.25 ms). */
const STREAM_CHUNK = 250;

function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/**
 * Decides which boxes the GPU sees and keeps them in sync with the store.
 *
 * - Near zoom: the boxes around the view (the view plus a margin, from the store's spatial
 *   index) are streamed to the GPU by {@link BoxStream}; edits rewrite their entries only
 *   (sub-range uploads), a pan inside the margin re-uploads nothing, and a new area is written
 *   a chunk per frame behind the one on screen.
 * - Far zoom, when more than {@link STREAM_MAX_BOXES} boxes are in view: every box is pre-drawn
 *   into the box map (one texture, one quad per frame), rebuilt when boxes change or the zoom
 *   crosses a power of two. Drawing 100,000 boxes one by one costs SwiftShader 90–200 ms a
 *   frame even as plain triangles; the map costs one textured quad.
 * - Always: selected and hovered boxes, resize handles, the box being drawn and the marquee go
 *   to the small overlay buffer, drawn on top.
 */
export class BoxLayer {
  private colors = new Uint32Array(0);
  private image = { width: 1, height: 1 };
  private readonly counts = new Uint32Array(GRID * GRID);
  private cellOf = new Int32Array(0);
  private readonly stream: BoxStream;
  private streamDirty = true;
  private overlayDirty = true;
  /** Scale and size of the map on screen (scale 0: none yet). */
  private mapScale = 0;
  private mapSize = { width: 0, height: 0 };
  /** Boxes changed since the last map build started: another build is due. */
  private mapDirty = true;
  /** The map on screen is older than the boxes (drawn in map mode until the next swap, not as a stand-in). */
  private mapStale = true;
  /** The map being built behind the one on screen. */
  private mapBuild: BoxMapBuild | null = null;
  /** The last build's pixel buffer, reused by the next one of the same size. */
  private mapPixels: Uint8Array | undefined;
  /** What the last frame drew: 'stream' or 'map' (tests, stats). */
  mode: 'stream' | 'map' = 'stream';
  /**
   * Whether the last frame drew label names: boxes were streamed and at most
   * {@link DEFAULT_LABEL_LIMITS}.maxLabels of them were in view (each named when wide enough).
   */
  labelsShown = false;
  draft: Rect | null = null;
  marquee: Rect | null = null;
  /** Where a large selection being moved would land (its bounding rectangle). */
  ghost: Rect | null = null;
  /** The selection changed or its boxes moved: re-read it at the next overlay rebuild. */
  private selectionDirty = true;
  /** Slots of the selected boxes (at most OVERLAY_MAX_SELECTED), or… */
  private selectedSlots: number[] = [];
  /** …the bounding rectangle of a larger selection. */
  private selectionBounds: Rect | null = null;

  /**
   * `labelFont`: CSS font family of the label names; `invalidate` asks for a frame (the names
   * are drawn again when their web font arrives, a stream's area was queried); `defer` runs work
   * after the frame (the index query of a new stream area).
   */
  constructor(
    private readonly store: AnnotationStore,
    private readonly options: { labelFont: string; invalidate: () => void; defer: (run: () => void) => void },
  ) {
    this.stream = new BoxStream(
      store,
      () => this.colors,
      (run) =>
        options.defer(() => {
          run();
          options.invalidate();
        }),
    );
    this.setLabels();
  }

  /** Re-reads label colours (after setLabels on the store). */
  setLabels(): void {
    this.colors = Uint32Array.from(this.store.labels.map((l) => packRgba(...parseHexColor(l.color))));
    this.streamDirty = true;
    this.overlayDirty = true;
    // Label indices may now mean other colours: a build in progress would swap in a wrong map.
    this.mapBuild = null;
    this.mapDirty = true;
    this.mapStale = true;
  }

  /** The image size (for the count grid and the box map). */
  setImageSize(width: number, height: number): void {
    const size = { width: Math.max(1, width), height: Math.max(1, height) };
    // A map of another image would sit at the wrong place: none until the new one is built.
    if (size.width !== this.image.width || size.height !== this.image.height) this.mapScale = 0;
    this.image = size;
    this.mapDirty = true;
    this.recount();
  }

  /** Follows a store change; only slots in the change's range are touched. */
  onAnnotations(change: AnnotationChange): void {
    const { start, end } = change.slots;
    this.ensureSlots(this.store.slotCount);
    if (change.reallocated || change.source === 'load' || end - start > STREAM_MAX_BOXES) {
      this.recount();
    } else {
      for (let s = start; s < end; s++) this.updateSlot(s);
    }
    // A small edit lets a build in progress finish (so continuous edits cannot starve it) and
    // queues another one after it. A drag's live preview queues none: the dragged boxes are
    // selected, so the overlay draws them where they are, and the one command at pointer-up
    // rebuilds the map once (rebuilding on every move cost each frame of a drag over 100,000
    // boxes the whole build budget).
    if (change.source !== 'preview') this.mapDirty = true;
    this.mapStale = true;
    this.overlayDirty = true;
    this.selectionDirty = true;
  }

  /** Selection changed: only the overlay is rebuilt. */
  onSelection(): void {
    this.overlayDirty = true;
    this.selectionDirty = true;
  }

  /** Hover changed: the overlay is rebuilt from the selection already read. */
  onHover(): void {
    this.overlayDirty = true;
  }

  /** Handles keep a fixed screen size, so the overlay follows zoom changes. */
  onZoomChanged(): void {
    if (this.store.selection.size === 1) this.overlayDirty = true;
  }

  /** The tool overlay (draft, marquee) changed. */
  invalidateOverlay(): void {
    this.overlayDirty = true;
  }

  /** After a lost context came back: everything must be uploaded again. */
  onRestored(): void {
    this.streamDirty = true;
    this.overlayDirty = true;
    this.mapScale = 0;
    this.mapBuild = null;
    this.mapDirty = true;
    this.mapStale = true;
  }

  /** Estimated boxes meeting `rect`, a polygon counting POLYGON_WEIGHT (count-grid cells it touches; an overestimate). */
  estimate(rect: Rect): number {
    const cw = this.image.width / GRID;
    const ch = this.image.height / GRID;
    const i0 = Math.max(0, Math.floor(rect.x / cw));
    const j0 = Math.max(0, Math.floor(rect.y / ch));
    const i1 = Math.min(GRID - 1, Math.floor((rect.x + rect.width) / cw));
    const j1 = Math.min(GRID - 1, Math.floor((rect.y + rect.height) / ch));
    let sum = 0;
    for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) sum += this.counts[j * GRID + i] ?? 0;
    return sum;
  }

  /** Boxes drawn one by one right now (tests). */
  get streamed(): number {
    return this.mode === 'stream' ? this.stream.length : 0;
  }

  /** A stream or a box map is being built behind the screen: keep the frames coming. */
  get busy(): boolean {
    return this.stream.building || this.mapBuild !== null;
  }

  /**
   * Draws the boxes for `view`; returns the draw calls issued. `spentMs`: main-thread time this
   * frame already spent on uploads (see {@link FRAME_WORK_MS}).
   */
  draw(passes: Passes, view: View, viewport: Viewport, spentMs = 0): number {
    const buildMs = Math.max(MIN_BUILD_MS, FRAME_WORK_MS - spentMs);
    const buffers = passes.boxes.streams;
    const visible = visibleImageRect(view, viewport);
    const scale = boxMapScale(view.zoom * viewport.dpr, this.image.width, this.image.height);
    const useMap = scale > 0 && this.estimate(visible) > STREAM_MAX_BOXES;
    if (this.streamDirty) {
      this.stream.clear(buffers);
      this.streamDirty = false;
    }
    let calls = 0;
    let front = -1;
    if (useMap) {
      this.stream.cancel();
      // A zoom across a power of two makes the build in progress pointless: start over.
      if (this.mapBuild && this.mapBuild.scale !== scale) this.mapBuild = null;
      if (!this.mapBuild && (scale !== this.mapScale || this.mapDirty)) this.startMap(scale);
      this.advanceMap(passes, buildMs);
      // Until the first map is ready, whatever the stream holds stays on screen.
      if (this.mapScale > 0) this.mode = 'map';
      else {
        this.mode = 'stream';
        front = this.stream.front;
        this.stream.flush(buffers[this.stream.front]);
      }
    } else {
      // The stream takes over: a map build would only compete with it for the frame.
      this.mapBuild = null;
      const r = this.stream.rect;
      // Rebuild when the view left the streamed area, or zoomed in so far that most of the
      // stream is off screen (its vertices cost even when clipped).
      if (!this.stream.building && (!r || !contains(r, visible) || r.width > 3 * visible.width))
        this.stream.start(this.streamRect(visible));
      this.stepStream(buffers, buildMs);
      this.stream.flush(buffers[this.stream.front]);
      // Until the first stream of a new area is complete, the map (if any) stands in for it.
      if (this.stream.rect && contains(this.stream.rect, visible)) {
        this.mode = 'stream';
        front = this.stream.front;
      } else if (this.mapScale > 0 && !this.mapStale) {
        this.mode = 'map';
      } else {
        this.mode = 'stream';
        front = this.stream.front;
      }
    }
    if (this.mode === 'map') {
      const w = this.mapSize.width / this.mapScale;
      const h = this.mapSize.height / this.mapScale;
      passes.boxMap.draw(
        -view.centerX * view.zoom,
        -view.centerY * view.zoom,
        w * view.zoom,
        h * view.zoom,
        viewport.width,
        viewport.height,
      );
      calls += 1;
    }
    if (this.overlayDirty) this.rebuildOverlay(passes.boxes.overlay);
    const cam = {
      centerX: view.centerX,
      centerY: view.centerY,
      zoom: view.zoom,
      width: viewport.width,
      height: viewport.height,
      dpr: viewport.dpr,
    };
    calls += passes.boxes.draw(cam, { lineWidth: 1.5, fillAlpha: 0.18 }, front);
    this.labelsShown = front >= 0 && this.fewInView(visible, view.zoom);
    const stream = buffers[front];
    if (this.labelsShown && stream) {
      passes.labels.setLabels(this.store.labels, viewport.dpr, this.options.labelFont, this.options.invalidate);
      calls += passes.labels.draw(stream, cam, DEFAULT_LABEL_LIMITS.minScreenWidth);
    }
    return calls;
  }

  /**
   * Whether at most {@link DEFAULT_LABEL_LIMITS}.maxLabels streamed boxes meet `visible` and
   * one of them may be wide enough for its name; counts box by box only when the count grid
   * cannot tell.
   */
  private fewInView(visible: Rect, zoom: number): boolean {
    const { maxLabels, minScreenWidth } = DEFAULT_LABEL_LIMITS;
    // Zoomed out so far that no streamed box is wide enough for its name.
    if (this.stream.maxWidth * zoom < minScreenWidth) return false;
    // The grid counts whole cells around the view (boxes straddling its edge from outside them
    // aside): when even that is few, no need to count box by box.
    if (this.estimate(visible) <= maxLabels) return true;
    return this.stream.countIn(visible, maxLabels) <= maxLabels;
  }

  /** Writes stream entries for at most `ms` of this frame (nothing when no build runs). */
  private stepStream(buffers: readonly [BoxBuffer, BoxBuffer], ms: number): void {
    const t0 = performance.now();
    while (this.stream.building && !this.stream.step(buffers, STREAM_CHUNK) && performance.now() - t0 < ms);
  }

  private streamRect(visible: Rect): Rect {
    // A margin lets pans reuse the stream; where boxes are dense it would mostly add vertices.
    const margin = this.estimate(visible) > STREAM_MAX_BOXES / 2 ? STREAM_MARGIN / 5 : STREAM_MARGIN;
    const mx = visible.width * margin;
    const my = visible.height * margin;
    return { x: visible.x - mx, y: visible.y - my, width: visible.width + 2 * mx, height: visible.height + 2 * my };
  }

  private ensureSlots(n: number): void {
    this.stream.ensureSlots(n);
    if (this.cellOf.length >= n) return;
    const cells = new Int32Array(Math.max(n, this.cellOf.length * 2, 1024)).fill(-1);
    cells.set(this.cellOf);
    this.cellOf = cells;
  }

  private cell(slot: number): number {
    const r = this.store.rects;
    if ((this.store.labelsBySlot[slot] ?? -1) < 0) return -1;
    const cx = (r[4 * slot] ?? 0) + (r[4 * slot + 2] ?? 0) / 2;
    const cy = (r[4 * slot + 1] ?? 0) + (r[4 * slot + 3] ?? 0) / 2;
    const i = Math.max(0, Math.min(GRID - 1, Math.floor((cx / this.image.width) * GRID)));
    const j = Math.max(0, Math.min(GRID - 1, Math.floor((cy / this.image.height) * GRID)));
    // Polygons are marked by an offset of CELLS, so the next update of the slot knows what it weighed.
    return j * GRID + i + (this.store.shapesBySlot[slot] === 1 ? CELLS : 0);
  }

  /** Adds (`sign` 1) or removes (-1) a slot's weight in the cell its code names. */
  private count(code: number, sign: number): void {
    if (code < 0) return;
    const c = code % CELLS;
    this.counts[c] = (this.counts[c] ?? 0) + sign * (code >= CELLS ? POLYGON_WEIGHT : 1);
  }

  /** Recounts the grid from scratch and drops the stream (slot numbers may mean other boxes). */
  private recount(): void {
    const n = this.store.slotCount;
    this.cellOf = new Int32Array(Math.max(n, 1024)).fill(-1);
    this.stream.ensureSlots(n);
    this.counts.fill(0);
    // Slot numbers may mean other boxes: what a map build in progress drew is void.
    this.mapBuild = null;
    for (let s = 0; s < n; s++) {
      const c = this.cell(s);
      this.cellOf[s] = c;
      this.count(c, 1);
    }
    this.streamDirty = true;
  }

  private updateSlot(s: number): void {
    const old = this.cellOf[s] ?? -1;
    const c = this.cell(s);
    if (old !== c) {
      this.count(old, -1);
      this.count(c, 1);
      this.cellOf[s] = c;
    }
    this.stream.onSlotChanged(s);
  }

  private rebuildOverlay(buf: BoxBuffer): void {
    const items: Array<[number, number, number, number, number, number]> = [];
    const r = this.store.rects;
    const shapes = this.store.shapesBySlot;
    const push = (s: number, flags: number) => {
      const label = this.store.labelsBySlot[s] ?? -1;
      // A polygon's selection and hover are drawn by the polygon layer.
      if (label < 0 || shapes[s] === 1) return;
      items.push([
        r[4 * s] ?? 0,
        r[4 * s + 1] ?? 0,
        r[4 * s + 2] ?? 0,
        r[4 * s + 3] ?? 0,
        this.colors[label] ?? 0x808080ff,
        flags,
      ]);
    };
    const hover = this.store.hover;
    const hoverSlot = hover === null ? -1 : this.store.slotOf(hover);
    if (this.selectionDirty) this.readSelection();
    for (const s of this.selectedSlots) push(s, BOX_FLAGS.selected | (s === hoverSlot ? BOX_FLAGS.hovered : 0));
    const bounds = this.selectionBounds;
    if (bounds) items.push([bounds.x, bounds.y, bounds.width, bounds.height, 0xffffffff, BOX_FLAGS.selected]);
    if (hoverSlot >= 0 && !(hover !== null && this.store.selection.has(hover) && !bounds))
      push(hoverSlot, BOX_FLAGS.hovered);
    if (this.store.selection.size === 1) {
      const [id] = this.store.selection;
      const s = id === undefined ? -1 : this.store.slotOf(id);
      if (s >= 0 && shapes[s] !== 1) {
        const rect = { x: r[4 * s] ?? 0, y: r[4 * s + 1] ?? 0, width: r[4 * s + 2] ?? 0, height: r[4 * s + 3] ?? 0 };
        const color = this.colors[this.store.labelsBySlot[s] ?? 0] ?? 0x808080ff;
        for (const h of RESIZE_HANDLES) {
          const p = handlePosition(rect, h);
          items.push([p.x, p.y, HANDLE_SIZE, HANDLE_SIZE, color, BOX_FLAGS.handle]);
        }
      }
    }
    if (this.draft)
      items.push([this.draft.x, this.draft.y, this.draft.width, this.draft.height, 0xffffffff, BOX_FLAGS.selected]);
    if (this.marquee)
      items.push([this.marquee.x, this.marquee.y, this.marquee.width, this.marquee.height, 0x90caf9ff, 0]);
    if (this.ghost)
      items.push([this.ghost.x, this.ghost.y, this.ghost.width, this.ghost.height, 0xffffffff, BOX_FLAGS.selected]);
    buf.ensureCapacity(items.length);
    items.forEach((it, i) => buf.set(i, ...it));
    buf.length = items.length;
    this.overlayDirty = false;
  }

  /** Reads the selection's slots, or only its bounding rectangle when it is large. */
  private readSelection(): void {
    this.selectionDirty = false;
    this.selectedSlots = [];
    this.selectionBounds = null;
    const { selection, rects: r } = this.store;
    if (selection.size <= OVERLAY_MAX_SELECTED) {
      for (const id of selection) {
        const s = this.store.slotOf(id);
        if (s >= 0) this.selectedSlots.push(s);
      }
      return;
    }
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const id of selection) {
      const s = this.store.slotOf(id);
      if (s < 0) continue;
      x0 = Math.min(x0, r[4 * s]!);
      y0 = Math.min(y0, r[4 * s + 1]!);
      x1 = Math.max(x1, r[4 * s]! + r[4 * s + 2]!);
      y1 = Math.max(y1, r[4 * s + 1]! + r[4 * s + 3]!);
    }
    if (x1 >= x0) this.selectionBounds = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  }

  private startMap(scale: number): void {
    const width = Math.max(1, Math.ceil(this.image.width * scale));
    const height = Math.max(1, Math.ceil(this.image.height * scale));
    this.mapBuild = new BoxMapBuild(width, height, scale, this.mapPixels);
    this.mapPixels = this.mapBuild.pixels;
    // The build reads the boxes from now on: edits after this point need the next one.
    this.mapDirty = false;
  }

  /**
   * Spends at most `ms` of this frame on the map build: rasterising a chunk of
   * boxes at a time, then uploading strips of rows into the back texture; swaps when complete.
   */
  private advanceMap(passes: Passes, ms: number): void {
    const b = this.mapBuild;
    if (!b) return;
    const t0 = performance.now();
    while (b.phase === 'raster' && performance.now() - t0 < ms) b.raster(this.store, RASTER_CHUNK);
    if (b.phase === 'raster') return;
    passes.boxMap.beginBack(b.width, b.height);
    const rows = stripRows(b.width);
    while (b.phase === 'upload' && performance.now() - t0 < ms) {
      const strip = b.nextStrip(rows);
      if (strip) passes.boxMap.uploadRows(b.pixels, strip.y0, strip.y1);
    }
    if (b.phase !== 'done') return;
    passes.boxMap.setPalette(this.colors);
    passes.boxMap.swap();
    this.mapSize = { width: b.width, height: b.height };
    this.mapScale = b.scale;
    this.mapStale = this.mapDirty;
    this.mapBuild = null;
    // Edits arrived during the build: the next one starts now, so the frames keep coming.
    if (this.mapDirty) this.startMap(b.scale);
  }
}
