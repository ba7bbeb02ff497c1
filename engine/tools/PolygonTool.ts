/**
 * Polygon drawing: each click adds a vertex (clamped inside the image); a click on the first
 * vertex or Enter closes the polygon once it has POLYGON_MIN_POINTS vertices; Backspace removes
 * the last vertex; Escape abandons the drawing. The closed polygon is one `addBoxes` command
 * (its box the bounding box of its points, the active label) and becomes the selection. While
 * not drawing, the selected polygon's vertices are edited as in the select tool
 * (polygonEdit.ts). The drawing in progress is the overlay's `polygonDraft`, with the pointer
 * for the rubber-band segment.
 *
 * States: idle → drawing (first click) → idle (closed, Enter, Escape, last vertex removed);
 * idle → editing (press on the selected polygon's vertex or edge) → idle at pointer-up.
 */
import { clampToImage, doubleArea, pointsBounds } from '../spatial/polygonGeometry';
import { vertexAt } from '../spatial/polygonHit';
import { POLYGON_MAX_POINTS, POLYGON_MIN_POINTS, type PointerInput, type Vec2 } from '../types';
import { PolygonEdit } from './polygonEdit';
import type { KeyInput, Tool, ToolContext } from './Tool';

/** The polygon-drawing tool (see the file comment for its states). */
export class PolygonTool implements Tool {
  readonly name = 'polygon' as const;
  state: 'idle' | 'drawing' | 'editing' = 'idle';
  private points: number[] = [];
  private pointer: Vec2 | null = null;
  private readonly edit = new PolygonEdit();

  enter(ctx: ToolContext): void {
    ctx.setCursor('crosshair');
  }

  onPointerDown(ctx: ToolContext, e: PointerInput): void {
    if (e.button !== 0) return;
    if (this.state === 'idle' && this.edit.pointerDown(ctx, e)) {
      this.state = 'editing';
      return;
    }
    const raw = ctx.toImage(e);
    const n = this.points.length >> 1;
    if (this.state === 'drawing') {
      const hit = vertexAt(this.points, raw.x, raw.y, ctx.handleRadius);
      if (hit === 0 && n >= POLYGON_MIN_POINTS) {
        this.close(ctx);
        return;
      }
      // A press on the last vertex again (a double click) or past the limit adds nothing.
      if (hit === n - 1 || n >= POLYGON_MAX_POINTS) return;
    }
    const p = clampToImage(raw, ctx.imageSize);
    this.points.push(p.x, p.y);
    this.state = 'drawing';
    this.pointer = p;
    this.updateDraft(ctx);
  }

  onPointerMove(ctx: ToolContext, e: PointerInput): void {
    if (this.state === 'editing') {
      this.edit.pointerMove(ctx, e);
      return;
    }
    const p = ctx.toImage(e);
    if (this.state === 'drawing') {
      this.pointer = clampToImage(p, ctx.imageSize);
      this.updateDraft(ctx);
    } else if (e.buttons === 0) {
      ctx.setCursor(this.edit.cursorAt(ctx, p) ?? 'crosshair');
    }
  }

  onPointerUp(ctx: ToolContext): void {
    if (this.state !== 'editing') return;
    this.edit.pointerUp(ctx);
    this.state = 'idle';
  }

  onKeyDown(ctx: ToolContext, e: KeyInput): boolean {
    if (this.state === 'drawing') {
      if (e.key === 'Enter') {
        this.close(ctx);
        return true;
      }
      if (e.key === 'Backspace') {
        this.points.length -= 2;
        if (this.points.length === 0) this.cancel(ctx);
        else this.updateDraft(ctx);
        return true;
      }
      if (e.key === 'Escape') {
        this.cancel(ctx);
        return true;
      }
      return false;
    }
    if (e.key !== 'Escape') return false;
    if (this.state === 'editing') this.cancel(ctx);
    else ctx.store.setSelection([]);
    return true;
  }

  cancel(ctx: ToolContext): void {
    if (this.state === 'editing') this.edit.cancel(ctx);
    const drew = this.state === 'drawing';
    this.points = [];
    this.pointer = null;
    this.state = 'idle';
    if (drew) ctx.setOverlay({ polygonDraft: null });
  }

  /** Closes the polygon being drawn (when it has enough vertices and an area). */
  private close(ctx: ToolContext): void {
    if (this.points.length >> 1 < POLYGON_MIN_POINTS || doubleArea(this.points) === 0) return;
    const points = this.points;
    this.cancel(ctx);
    const box = { id: ctx.newBoxId(), ...pointsBounds(points), label: ctx.activeLabel, points };
    ctx.store.execute({ id: ctx.newCommandId(), type: 'addBoxes', boxes: [box] });
    ctx.store.setSelection([box.id]);
  }

  private updateDraft(ctx: ToolContext): void {
    ctx.setOverlay({ polygonDraft: { points: this.points.slice(), pointer: this.pointer } });
  }
}
