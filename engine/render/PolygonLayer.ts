import { parseHexColor } from '../../contract/color';
import type { AnnotationChange, AnnotationStore } from '../AnnotationStore';
import type { Overlay } from '../tools/Tool';
import { visibleImageRect } from '../camera';
import type { View, Viewport } from '../types';
import { packRgba } from './BoxBuffer';
import { colorWord, PolygonLines } from './PolygonLines';
import type { ModelOverlayState } from './modelOverlay';
import { PolygonOverlay, type PolygonOverlayInput } from './PolygonOverlay';
import type { Passes } from './Renderer';

/** Edits touching more slots than this rewrite the whole outline buffer (a load, a bulk set). */
const REBUILD_ABOVE = 4096;
/** Vertices a polygon keeps in the coarse outlines. */
const COARSE_VERTICES = 8;
/** The coarse outlines are drawn while the mean edge is shorter than this on screen, CSS px. */
const COARSE_BELOW_PX = 2;

/**
 * Keeps the polygon pass in sync with the store: outlines in one GPU vertex buffer written by
 * slot ranges ({@link PolygonLines}; an edit uploads just its polygon's bytes), the overlay
 * ({@link PolygonOverlay}) rebuilt when the selection, hover, a selected polygon, the polygon
 * being drawn or the proposal changes. A frame costs one or two draw calls and no per-polygon
 * work on the main thread.
 */
export class PolygonLayer {
  private colors = new Uint32Array(0);
  /** Every vertex, and the coarse level of detail for far zooms. */
  private readonly lines: readonly [PolygonLines, PolygonLines];
  private readonly overlay = new PolygonOverlay();
  private linesDirty = true;
  private overlayDirty = true;
  private input: PolygonOverlayInput = { draft: null, proposal: null };
  /** Bytes uploaded by the last frame (tests, benchmarks). */
  lastUploadBytes = 0;
  /** Outline vertices the last frame drew (after culling; tests, benchmarks). */
  lastVertices = 0;
  private readonly ranges: number[] = [];

  constructor(private readonly store: AnnotationStore) {
    this.lines = [
      new PolygonLines(store, () => this.colors),
      new PolygonLines(store, () => this.colors, COARSE_VERTICES),
    ];
    this.setLabels();
  }

  /** Re-reads label colours (after setLabels on the store): every outline is rewritten. */
  setLabels(): void {
    this.colors = Uint32Array.from(this.store.labels.map((l) => colorWord(packRgba(...parseHexColor(l.color)))));
    this.linesDirty = true;
    this.overlayDirty = true;
  }

  /** Follows a store change; only the slots in its range are rewritten. */
  onAnnotations(change: AnnotationChange): void {
    const { start, end } = change.slots;
    if (change.reallocated || change.source === 'load' || end - start > REBUILD_ABOVE) this.linesDirty = true;
    else if (!this.linesDirty)
      for (let s = start; s < end; s++) {
        this.lines[0].update(s);
        this.lines[1].update(s);
      }
    this.overlayDirty = true;
  }

  /** Selection or hover changed. */
  onSelection(): void {
    this.overlayDirty = true;
  }

  /** The tools' overlay changed (the polygon being drawn, the proposal). */
  setOverlay(o: Readonly<Overlay>): void {
    const draft = o.polygonDraft ?? null;
    const proposal = o.proposal ?? null;
    if (draft === this.input.draft && proposal === this.input.proposal) return;
    this.input = { ...this.input, draft, proposal };
    this.overlayDirty = true;
  }

  /** A model's proposals or the machine labels changed. */
  setModels(models: ModelOverlayState): void {
    this.input = { ...this.input, models };
    this.overlayDirty = true;
  }

  /** After a lost context came back: everything is uploaded again. */
  onRestored(): void {
    this.linesDirty = true;
    this.overlayDirty = true;
  }

  /** Outline segments in the buffer (tests, stats). */
  get segments(): number {
    return this.lines[0].used;
  }

  /**
   * Uploads what changed and draws; returns the draw calls. `inMap`: the box layer drew the box
   * map this frame, which holds the polygon outlines too, so only the overlay is drawn.
   */
  draw(passes: Passes, view: View, viewport: Viewport, inMap = false): number {
    const pass = passes.polygons;
    this.lastUploadBytes = 0;
    if (this.linesDirty) {
      this.lines[0].rebuild();
      this.lines[1].rebuild();
      this.linesDirty = false;
    }
    for (const lod of [0, 1] as const) {
      const dirty = this.lines[lod].takeDirty();
      this.lastUploadBytes += pass.uploadLines(lod, this.lines[lod].data, dirty.start, dirty.end);
    }
    if (this.overlayDirty) {
      this.overlay.build(this.store, this.colors, this.input);
      this.lastUploadBytes += pass.uploadOverlay(this.overlay.data, this.overlay.byteLength);
      this.overlayDirty = false;
    }
    const cam = {
      centerX: view.centerX,
      centerY: view.centerY,
      zoom: view.zoom,
      width: viewport.width,
      height: viewport.height,
    };
    const lod = this.lines[0].meanEdge * view.zoom < COARSE_BELOW_PX ? 1 : 0;
    if (inMap) this.ranges.length = 0;
    else this.lines[lod].visibleRanges(visibleImageRect(view, viewport), this.ranges);
    this.lastVertices = 0;
    for (let i = 1; i < this.ranges.length; i += 2) this.lastVertices += this.ranges[i]!;
    return pass.draw(cam, lod, this.ranges, this.overlay.count);
  }
}
