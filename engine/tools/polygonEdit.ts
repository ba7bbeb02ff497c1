/**
 * Vertex editing of the single selected polygon, shared by the polygon tool and the select
 * tool: a drag on a vertex moves it, Alt-click on a vertex deletes it (never below
 * POLYGON_MIN_POINTS), a press on an edge inserts a vertex there (and a drag moves the new
 * vertex). The drag previews live without history and commits ONE `setPoints` command at
 * pointer-up; vertices stay inside the image. Locked polygons are not edited.
 */
import { copyBox } from '../commands';
import { clampToImage, pointsBounds } from '../spatial/polygonGeometry';
import { edgeAt, vertexAt } from '../spatial/polygonHit';
import { POLYGON_MAX_POINTS, POLYGON_MIN_POINTS, type Box, type PointerInput, type Vec2 } from '../types';
import { movedBeyond, type CursorName, type ToolContext } from './Tool';

/** The one selected polygon, if exactly one box is selected, it is a polygon and it is not locked. */
export function selectedPolygon(ctx: ToolContext): Readonly<Box> | undefined {
  const { store } = ctx;
  if (store.selection.size !== 1) return undefined;
  const [id] = store.selection;
  const box = id === undefined ? undefined : store.get(id);
  return box?.points && !store.isLocked(box.id) ? box : undefined;
}

/** A vertex drag (or an inserted vertex) in progress; see the file comment. */
export class PolygonEdit {
  private original: Box | null = null;
  private points: number[] = [];
  private index = -1;
  private pressedAt: Vec2 = { x: 0, y: 0 };
  private previewed = false;

  /** Whether a vertex drag is in progress (feed it the pointer until pointer-up). */
  get active(): boolean {
    return this.original !== null;
  }

  /**
   * A press: starts a vertex drag, deletes a vertex (Alt) or inserts one on an edge, when the
   * press is on the selected polygon's vertex or edge; returns whether it took the press.
   */
  pointerDown(ctx: ToolContext, e: PointerInput): boolean {
    if (e.button !== 0 || e.shiftKey) return false;
    const box = selectedPolygon(ctx);
    if (!box?.points) return false;
    const p = ctx.toImage(e);
    const r = ctx.handleRadius;
    const n = box.points.length >> 1;
    const v = vertexAt(box.points, p.x, p.y, r);
    if (v >= 0 && e.altKey) {
      if (n > POLYGON_MIN_POINTS) {
        const to = box.points.slice();
        to.splice(2 * v, 2);
        ctx.store.execute({ id: ctx.newCommandId(), type: 'setPoints', boxId: box.id, from: box.points.slice(), to });
      }
      return true;
    }
    if (v >= 0) {
      this.start(box, box.points.slice(), v, e);
      return true;
    }
    const edge = e.altKey || n >= POLYGON_MAX_POINTS ? null : edgeAt(box.points, p.x, p.y, r);
    if (!edge) return false;
    const q = clampToImage(edge.point, ctx.imageSize);
    const points = box.points.slice();
    points.splice(2 * (edge.index + 1), 0, q.x, q.y);
    this.start(box, points, edge.index + 1, e);
    this.preview(ctx);
    return true;
  }

  pointerMove(ctx: ToolContext, e: PointerInput): void {
    if (!this.original) return;
    if (!this.previewed && !movedBeyond(this.pressedAt, e)) return;
    const q = clampToImage(ctx.toImage(e), ctx.imageSize);
    this.points[2 * this.index] = q.x;
    this.points[2 * this.index + 1] = q.y;
    this.preview(ctx);
  }

  /** Commits the edit as one `setPoints` command (nothing when the polygon did not change). */
  pointerUp(ctx: ToolContext): void {
    const original = this.original;
    if (!original?.points) return;
    const from = original.points;
    const to = this.points;
    this.reset();
    if (from.length === to.length && from.every((v, i) => v === to[i])) return;
    ctx.store.execute({ id: ctx.newCommandId(), type: 'setPoints', boxId: original.id, from, to });
  }

  /** Abandons the edit, restoring what it previewed. */
  cancel(ctx: ToolContext): void {
    if (this.original && this.previewed && ctx.store.get(this.original.id)) ctx.store.preview([this.original]);
    this.reset();
  }

  /** The cursor over image point `p` when it is on the selected polygon's vertex or edge, else null. */
  cursorAt(ctx: ToolContext, p: Vec2): CursorName | null {
    const box = selectedPolygon(ctx);
    if (!box?.points) return null;
    if (vertexAt(box.points, p.x, p.y, ctx.handleRadius) >= 0) return 'move';
    return edgeAt(box.points, p.x, p.y, ctx.handleRadius) ? 'crosshair' : null;
  }

  private start(box: Readonly<Box>, points: number[], index: number, e: PointerInput): void {
    this.original = copyBox(box);
    this.points = points;
    this.index = index;
    this.pressedAt = { x: e.x, y: e.y };
    this.previewed = false;
  }

  private preview(ctx: ToolContext): void {
    const o = this.original!;
    ctx.store.preview([{ ...o, ...pointsBounds(this.points), points: this.points.slice() }]);
    this.previewed = true;
  }

  private reset(): void {
    this.original = null;
    this.points = [];
    this.index = -1;
    this.previewed = false;
  }
}
