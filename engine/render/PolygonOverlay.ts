import { POLYGON_OVERLAY_VERTEX } from '../../shaders';
import type { AnnotationStore } from '../AnnotationStore';
import { triangulate } from '../spatial/polygonTriangulate';
import type { Vec2 } from '../types';
import { drawModelOverlay, type ModelOverlayState } from './modelOverlay';
import { colorWord } from './PolygonLines';

const WORDS = POLYGON_OVERLAY_VERTEX.words;
/** Most selected polygons drawn thick and filled (a larger selection keeps plain outlines). */
export const OVERLAY_MAX_SELECTED = 200;
/** Largest polygon filled (triangulation is quadratic). */
const FILL_MAX_POINTS = 500;
const WHITE = colorWord(0xffffffff);
const SHADOW = colorWord(0x000000a0);
const PROPOSAL = colorWord(0xffd600ff);

/** What the overlay shows besides the store's selection and hover. */
export interface PolygonOverlayInput {
  /** The polygon being drawn and the pointer (rubber band). */
  draft: { points: readonly number[]; pointer: Vec2 | null } | null;
  /** The dashed proposal outline (closed). */
  proposal: { points: readonly number[] } | null;
  /** A model's proposals and the machine labels' look (render/modelOverlay.ts). */
  models?: ModelOverlayState;
}

/**
 * Builds the polygon overlay's triangles (POLYGON_OVERLAY_VERTEX layout): the selected and
 * hovered polygons thick and lightly filled, the vertex handles of a single selected polygon,
 * the polygon being drawn with its rubber band, and the proposal dashed. Offsets are CSS px, so
 * the result stays valid at every zoom; it is rebuilt only when one of those inputs changes.
 */
export class PolygonOverlay {
  private u32 = new Uint32Array(1024 * WORDS);
  private f32 = new Float32Array(this.u32.buffer);
  /** Vertices written by the last {@link build}. */
  count = 0;

  /** The vertex bytes of the last build (valid up to `count` vertices). */
  get data(): Uint8Array {
    return new Uint8Array(this.u32.buffer);
  }

  get byteLength(): number {
    return this.count * POLYGON_OVERLAY_VERTEX.bytes;
  }

  build(store: AnnotationStore, colors: Uint32Array, input: PolygonOverlayInput): void {
    this.count = 0;
    const colorOf = (label: number) => colors[label] ?? colorWord(0x808080ff);
    const hover = store.hover;
    const hoverBox = hover === null ? undefined : store.get(hover);
    if (hoverBox?.points && !store.selection.has(hoverBox.id)) {
      const c = colorOf(hoverBox.label);
      this.fill(hoverBox.points, withAlpha(c, 0.1));
      this.outline(hoverBox.points, 1, c, true, -1);
    }
    let shown = 0;
    for (const id of store.selection) {
      const box = store.get(id);
      if (!box?.points) continue;
      if (++shown > OVERLAY_MAX_SELECTED) break;
      const c = colorOf(box.label);
      this.fill(box.points, withAlpha(c, 0.18));
      this.outline(box.points, 1.25, c, true, -1);
      if (store.selection.size === 1) this.handles(box.points, c);
    }
    const draft = input.draft;
    if (draft && draft.points.length >= 2) {
      const pts = draft.points;
      this.outline(pts, 1, SHADOW, false, -1, 1);
      this.outline(pts, 0.75, WHITE, false, -1);
      const n = pts.length >> 1;
      if (draft.pointer) {
        const lx = pts[2 * n - 2]!;
        const ly = pts[2 * n - 1]!;
        this.segment(lx, ly, draft.pointer.x, draft.pointer.y, 0.75, WHITE, -1);
        // Where closing would go: pointer back to the first vertex, dashed.
        if (n >= 2) this.segment(draft.pointer.x, draft.pointer.y, pts[0]!, pts[1]!, 0.5, withAlpha(WHITE, 0.6), 0);
      }
      this.handles(pts, WHITE);
      this.square(pts[0]!, pts[1]!, 6, WHITE);
    }
    const proposal = input.proposal;
    if (proposal && proposal.points.length >= 4) {
      this.outline(proposal.points, 1.5, SHADOW, true, -1);
      this.outline(proposal.points, 1, PROPOSAL, true, 0);
    }
    if (input.models) drawModelOverlay(this, store, colorOf, input.models);
  }

  /** A polyline (closed when `closed`), `hw` CSS px half width; dashed from `dash` image px when ≥ 0. */
  outline(points: readonly number[], hw: number, color: number, closed: boolean, dash: number, extra = 0): void {
    const n = points.length >> 1;
    let d = dash;
    for (let i = 0; i < (closed ? n : n - 1); i++) {
      const j = (i + 1) % n;
      const ax = points[2 * i]!;
      const ay = points[2 * i + 1]!;
      const bx = points[2 * j]!;
      const by = points[2 * j + 1]!;
      this.segment(ax, ay, bx, by, hw + extra, color, d);
      if (d >= 0) d += Math.hypot(bx - ax, by - ay);
    }
  }

  private segment(ax: number, ay: number, bx: number, by: number, hw: number, color: number, dash: number): void {
    const len = Math.hypot(bx - ax, by - ay);
    if (len === 0) return;
    const nx = (-(by - ay) / len) * hw;
    const ny = ((bx - ax) / len) * hw;
    const d1 = dash >= 0 ? dash + len : -1;
    this.vertex(ax, ay, nx, ny, color, dash);
    this.vertex(ax, ay, -nx, -ny, color, dash);
    this.vertex(bx, by, nx, ny, color, d1);
    this.vertex(bx, by, nx, ny, color, d1);
    this.vertex(ax, ay, -nx, -ny, color, dash);
    this.vertex(bx, by, -nx, -ny, color, d1);
  }

  private square(x: number, y: number, half: number, color: number): void {
    this.vertex(x, y, -half, -half, color, -1);
    this.vertex(x, y, half, -half, color, -1);
    this.vertex(x, y, -half, half, color, -1);
    this.vertex(x, y, -half, half, color, -1);
    this.vertex(x, y, half, -half, color, -1);
    this.vertex(x, y, half, half, color, -1);
  }

  /** A white square with a coloured border on every vertex. */
  private handles(points: readonly number[], color: number): void {
    for (let i = 0; i < points.length >> 1; i++) {
      this.square(points[2 * i]!, points[2 * i + 1]!, 4.5, color);
      this.square(points[2 * i]!, points[2 * i + 1]!, 3, WHITE);
    }
  }

  private fill(points: readonly number[], color: number): void {
    if (points.length >> 1 > FILL_MAX_POINTS) return;
    const tri = triangulate(points);
    for (const i of tri) this.vertex(points[2 * i]!, points[2 * i + 1]!, 0, 0, color, -1);
  }

  private vertex(x: number, y: number, ox: number, oy: number, color: number, dash: number): void {
    if ((this.count + 1) * WORDS > this.u32.length) {
      const u32 = new Uint32Array(this.u32.length * 2);
      u32.set(this.u32);
      this.u32 = u32;
      this.f32 = new Float32Array(u32.buffer);
    }
    const o = this.count * WORDS;
    this.f32[o] = x;
    this.f32[o + 1] = y;
    this.f32[o + 2] = ox;
    this.f32[o + 3] = oy;
    this.u32[o + 4] = color;
    this.f32[o + 5] = dash;
    this.count += 1;
  }
}

/** A colour word (R, G, B, A bytes) with its alpha scaled by `a`. */
function withAlpha(word: number, a: number): number {
  const alpha = Math.round(((word >>> 24) & 255) * a);
  return ((word & 0xffffff) | (alpha << 24)) >>> 0;
}
