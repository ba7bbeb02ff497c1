/**
 * Zoom in / zoom out. A click zooms about the clicked point by 2× (in) or 0.5× (out); with
 * zoom-in, dragging a rectangle zooms to fit it. States: idle → pointing → dragging (in only).
 */
import type { PointerInput, Vec2 } from '../types';
import { rectFromPoints } from './geometry';
import { movedBeyond, type KeyInput, type Tool, type ToolContext } from './Tool';

/** Zoom factor of one click. */
export const ZOOM_CLICK_FACTOR = 2;

/** The zoom-in or zoom-out tool (`name` says which). */
export class ZoomTool implements Tool {
  state: 'idle' | 'pointing' | 'dragging' = 'idle';
  private start: Vec2 = { x: 0, y: 0 };

  constructor(readonly name: 'zoomIn' | 'zoomOut') {}

  enter(ctx: ToolContext): void {
    ctx.setCursor(this.name === 'zoomIn' ? 'zoom-in' : 'zoom-out');
  }

  onPointerDown(_ctx: ToolContext, e: PointerInput): void {
    this.state = 'pointing';
    this.start = { x: e.x, y: e.y };
  }

  onPointerMove(ctx: ToolContext, e: PointerInput): void {
    if (this.state === 'pointing' && this.name === 'zoomIn' && movedBeyond(this.start, e)) this.state = 'dragging';
    if (this.state === 'dragging') ctx.setOverlay({ marquee: rectFromPoints(ctx.toImage(this.start), ctx.toImage(e)) });
  }

  onPointerUp(ctx: ToolContext, e: PointerInput): void {
    if (this.state === 'pointing') {
      ctx.zoomAbout(this.start, this.name === 'zoomIn' ? ZOOM_CLICK_FACTOR : 1 / ZOOM_CLICK_FACTOR);
    } else if (this.state === 'dragging') {
      ctx.zoomToRect(rectFromPoints(ctx.toImage(this.start), ctx.toImage(e)));
    }
    this.cancel(ctx);
  }

  onKeyDown(ctx: ToolContext, e: KeyInput): boolean {
    if (e.key !== 'Escape' || this.state === 'idle') return false;
    this.cancel(ctx);
    return true;
  }

  cancel(ctx: ToolContext): void {
    if (this.state === 'dragging') ctx.setOverlay({ marquee: null });
    this.state = 'idle';
  }
}
