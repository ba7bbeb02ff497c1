/**
 * Box drawing: drag from corner to corner, or click one corner then click the other. The box is
 * clamped to the image; one under MIN_BOX_SIZE on a side is rejected with 'box_too_small', one
 * entirely outside the image with 'box_outside_image' (reported through the context, i.e. the
 * engine's 'error' event). The new box gets the active label and becomes the selection.
 *
 * States: idle → pointing (pressed) → dragging (moved past the threshold) → idle on release;
 * pointing → released without moving → placing (first corner set, draft follows the pointer)
 * → closing (second press) → idle on release.
 */
import type { PointerInput, Vec2 } from '../types';
import { boxFromCorners, rectFromPoints } from './geometry';
import { movedBeyond, type KeyInput, type Tool, type ToolContext } from './Tool';

/** The box-drawing tool (see the file comment for its states). */
export class BoxTool implements Tool {
  readonly name = 'box' as const;
  state: 'idle' | 'pointing' | 'dragging' | 'placing' | 'closing' = 'idle';
  /** First corner, image px. */
  private anchor: Vec2 = { x: 0, y: 0 };
  /** Where the first press happened, screen px (for the drag threshold). */
  private pressedAt: Vec2 = { x: 0, y: 0 };

  enter(ctx: ToolContext): void {
    ctx.setCursor('crosshair');
  }

  onPointerDown(ctx: ToolContext, e: PointerInput): void {
    if (e.button !== 0) return;
    if (this.state === 'placing') {
      this.state = 'closing';
      this.updateDraft(ctx, e);
      return;
    }
    this.state = 'pointing';
    this.anchor = ctx.toImage(e);
    this.pressedAt = { x: e.x, y: e.y };
  }

  onPointerMove(ctx: ToolContext, e: PointerInput): void {
    if (this.state === 'pointing' && movedBeyond(this.pressedAt, e)) this.state = 'dragging';
    if (this.state === 'dragging' || this.state === 'placing' || this.state === 'closing') this.updateDraft(ctx, e);
  }

  onPointerUp(ctx: ToolContext, e: PointerInput): void {
    if (this.state === 'pointing') {
      this.state = 'placing';
      this.updateDraft(ctx, e);
    } else if (this.state === 'dragging' || this.state === 'closing') {
      this.commit(ctx, ctx.toImage(e));
    }
  }

  onKeyDown(ctx: ToolContext, e: KeyInput): boolean {
    if (e.key !== 'Escape' || this.state === 'idle') return false;
    this.cancel(ctx);
    return true;
  }

  cancel(ctx: ToolContext): void {
    this.state = 'idle';
    ctx.setOverlay({ draft: null });
  }

  private updateDraft(ctx: ToolContext, e: PointerInput): void {
    ctx.setOverlay({ draft: rectFromPoints(this.anchor, ctx.toImage(e)) });
  }

  private commit(ctx: ToolContext, corner: Vec2): void {
    this.cancel(ctx);
    const result = boxFromCorners(this.anchor, corner, ctx.imageSize);
    if ('error' in result) {
      ctx.reportError(result.error);
      return;
    }
    const box = { id: ctx.newBoxId(), ...result.rect, label: ctx.activeLabel };
    ctx.store.execute({ id: ctx.newCommandId(), type: 'addBoxes', boxes: [box] });
    ctx.store.setSelection([box.id]);
  }
}
