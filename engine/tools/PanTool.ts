/** Pan: dragging moves the view with the pointer. States: idle → dragging. */
import { panBy } from '../camera';
import type { PointerInput, Vec2 } from '../types';
import type { KeyInput, Tool, ToolContext } from './Tool';

/** The pan tool. */
export class PanTool implements Tool {
  readonly name = 'pan' as const;
  state: 'idle' | 'dragging' = 'idle';
  private last: Vec2 = { x: 0, y: 0 };

  enter(ctx: ToolContext): void {
    ctx.setCursor('grab');
  }

  onPointerDown(ctx: ToolContext, e: PointerInput): void {
    this.state = 'dragging';
    this.last = { x: e.x, y: e.y };
    ctx.setCursor('grabbing');
  }

  onPointerMove(ctx: ToolContext, e: PointerInput): void {
    if (this.state !== 'dragging') return;
    ctx.setView(panBy(ctx.view, e.x - this.last.x, e.y - this.last.y));
    this.last = { x: e.x, y: e.y };
  }

  onPointerUp(ctx: ToolContext, e: PointerInput): void {
    if (this.state !== 'dragging') return;
    this.onPointerMove(ctx, e);
    this.cancel(ctx);
  }

  onKeyDown(_ctx: ToolContext, _e: KeyInput): boolean {
    return false;
  }

  cancel(ctx: ToolContext): void {
    this.state = 'idle';
    ctx.setCursor('grab');
  }
}
