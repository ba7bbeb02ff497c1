/**
 * Select, move and resize. Click selects the smallest box under the pointer (shift-click
 * toggles it); a drag on empty space selects the boxes the rectangle touches (with shift: adds
 * to the selection); a drag on a selected box moves the selection; a drag on a resize handle of
 * the single selected box resizes it. Delete/Backspace deletes the selection (one command);
 * arrow keys nudge it by 1 image px (shift: 10). Moves and resizes preview live without
 * history and commit ONE command at pointer-up; boxes stay inside the image and resized boxes
 * stay at least MIN_BOX_SIZE on each side.
 *
 * States: idle → pointingBox → moving; idle → pointingHandle → resizing; idle → pointingCanvas
 * → marquee. Every state returns to idle at pointer-up (or Escape).
 */
import { copyBox } from '../commands';
import type { ResizeHandle } from '../spatial/handles';
import type { Box, PointerInput, Vec2 } from '../types';
import { clampMove, rectFromPoints, resizeCursor, resizeRect, unionRect } from './geometry';
import { movedBeyond, type KeyInput, type Tool, type ToolContext } from './Tool';

type SelectState = 'idle' | 'pointingBox' | 'pointingHandle' | 'pointingCanvas' | 'moving' | 'resizing' | 'marquee';

/** Nudge distance of an arrow key, image px. */
export const NUDGE_PX = 1;
/** Nudge distance of shift + arrow key, image px. */
export const NUDGE_SHIFT_PX = 10;

const ARROWS: Record<string, Vec2> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** The select/move/resize tool (see the file comment for its states). */
export class SelectTool implements Tool {
  readonly name = 'select' as const;
  state: SelectState = 'idle';
  private pressedAt: Vec2 = { x: 0, y: 0 };
  private startImage: Vec2 = { x: 0, y: 0 };
  private boxId = '';
  private handle: ResizeHandle = 'se';
  /** Boxes as they were when the drag started (restored on cancel, `from` of the command). */
  private originals: Box[] = [];
  private baseSelection: string[] = [];
  private shift = false;
  private toggleOffOnClick = false;

  enter(ctx: ToolContext): void {
    ctx.setCursor('default');
  }

  onPointerDown(ctx: ToolContext, e: PointerInput): void {
    if (e.button !== 0) return;
    const { store } = ctx;
    this.pressedAt = { x: e.x, y: e.y };
    this.startImage = ctx.toImage(e);
    this.shift = e.shiftKey;
    const hit = store.hitTest(this.startImage, ctx.handleRadius);
    if (hit && hit.handle !== 'body') {
      this.state = 'pointingHandle';
      this.boxId = hit.boxId;
      this.handle = hit.handle;
    } else if (hit) {
      this.state = 'pointingBox';
      this.boxId = hit.boxId;
      // Select on press so that a drag moves what was pressed; toggling off waits for the click.
      const wasSelected = store.selection.has(hit.boxId);
      this.toggleOffOnClick = e.shiftKey && wasSelected;
      if (!wasSelected) store.setSelection(e.shiftKey ? [...store.selection, hit.boxId] : [hit.boxId]);
    } else {
      this.state = 'pointingCanvas';
      this.baseSelection = e.shiftKey ? [...store.selection] : [];
    }
  }

  onPointerMove(ctx: ToolContext, e: PointerInput): void {
    const p = ctx.toImage(e);
    switch (this.state) {
      case 'idle':
        if (e.buttons === 0) this.hover(ctx, p);
        return;
      case 'pointingBox':
        if (!movedBeyond(this.pressedAt, e)) return;
        this.state = 'moving';
        this.originals = [...ctx.store.selection].map((id) => copyBox(ctx.store.get(id)!));
        ctx.setCursor('move');
        break;
      case 'pointingHandle':
        if (!movedBeyond(this.pressedAt, e)) return;
        this.state = 'resizing';
        this.originals = [copyBox(ctx.store.get(this.boxId)!)];
        break;
      case 'pointingCanvas':
        if (!movedBeyond(this.pressedAt, e)) return;
        this.state = 'marquee';
        break;
    }
    if (this.state === 'moving' || this.state === 'resizing') ctx.store.preview(this.dragged(ctx, p));
    if (this.state === 'marquee') {
      const rect = rectFromPoints(this.startImage, p);
      ctx.setOverlay({ marquee: rect });
      ctx.store.setSelection([...this.baseSelection, ...ctx.store.queryRect(rect)]);
    }
  }

  onPointerUp(ctx: ToolContext, e: PointerInput): void {
    const { store } = ctx;
    const p = ctx.toImage(e);
    if (this.state === 'moving' || this.state === 'resizing') {
      const after = this.dragged(ctx, p);
      const changed = after.some((b, i) => !sameRect(b, this.originals[i]!));
      if (changed && this.state === 'moving') {
        store.execute({
          id: ctx.newCommandId(),
          type: 'moveBoxes',
          moves: after.map((b, i) => ({
            boxId: b.id,
            from: { x: this.originals[i]!.x, y: this.originals[i]!.y },
            to: { x: b.x, y: b.y },
          })),
        });
      } else if (changed) {
        const [from, to] = [this.originals[0]!, after[0]!];
        store.execute({
          id: ctx.newCommandId(),
          type: 'resizeBox',
          boxId: to.id,
          from: { x: from.x, y: from.y, width: from.width, height: from.height },
          to: { x: to.x, y: to.y, width: to.width, height: to.height },
        });
      }
    } else if (this.state === 'pointingBox') {
      // A click (no drag): shift toggles the box off if it was already selected; a plain
      // click selects only this box (it may have been part of a multi-selection).
      if (this.toggleOffOnClick) store.setSelection([...store.selection].filter((id) => id !== this.boxId));
      else if (!this.shift) store.setSelection([this.boxId]);
    } else if (this.state === 'pointingCanvas') {
      if (!this.shift) store.setSelection([]);
    }
    this.finish(ctx);
    this.hover(ctx, p);
  }

  onKeyDown(ctx: ToolContext, e: KeyInput): boolean {
    const { store } = ctx;
    if (e.key === 'Escape') {
      if (this.state !== 'idle') this.cancel(ctx);
      else store.setSelection([]);
      return true;
    }
    if (this.state !== 'idle' || store.selection.size === 0) return false;
    const boxes = [...store.selection].map((id) => copyBox(store.get(id)!));
    if (e.key === 'Delete' || e.key === 'Backspace') {
      store.execute({ id: ctx.newCommandId(), type: 'deleteBoxes', boxes });
      return true;
    }
    const dir = ARROWS[e.key];
    if (!dir) return false;
    const step = e.shiftKey ? NUDGE_SHIFT_PX : NUDGE_PX;
    const d = clampMove(unionRect(boxes)!, dir.x * step, dir.y * step, ctx.imageSize);
    if (d.x !== 0 || d.y !== 0) {
      store.execute({
        id: ctx.newCommandId(),
        type: 'moveBoxes',
        moves: boxes.map((b) => ({ boxId: b.id, from: { x: b.x, y: b.y }, to: { x: b.x + d.x, y: b.y + d.y } })),
      });
    }
    return true;
  }

  cancel(ctx: ToolContext): void {
    if ((this.state === 'moving' || this.state === 'resizing') && this.originals.length > 0)
      ctx.store.preview(this.originals);
    this.finish(ctx);
  }

  /** The dragged boxes at image point `p` (moved as a group, or the resized one). */
  private dragged(ctx: ToolContext, p: Vec2): Box[] {
    const dx = p.x - this.startImage.x;
    const dy = p.y - this.startImage.y;
    if (this.state === 'resizing') {
      const o = this.originals[0]!;
      return [{ ...o, ...resizeRect(o, this.handle, dx, dy, ctx.imageSize) }];
    }
    const d = clampMove(unionRect(this.originals)!, dx, dy, ctx.imageSize);
    return this.originals.map((o) => ({ ...o, x: o.x + d.x, y: o.y + d.y }));
  }

  private hover(ctx: ToolContext, p: Vec2): void {
    const hit = ctx.store.hitTest(p, ctx.handleRadius);
    ctx.store.setHover(hit?.boxId ?? null);
    ctx.setCursor(!hit ? 'default' : hit.handle === 'body' ? 'move' : resizeCursor(hit.handle));
  }

  private finish(ctx: ToolContext): void {
    if (this.state === 'marquee') ctx.setOverlay({ marquee: null });
    this.state = 'idle';
    this.originals = [];
    this.toggleOffOnClick = false;
  }
}

function sameRect(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
