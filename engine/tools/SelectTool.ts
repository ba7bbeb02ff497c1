/**
 * Select, move and resize. Click selects the smallest box under the pointer; shift-click
 * toggles it in the selection. A drag on empty space draws a rubber band that selects, at
 * pointer-up, every box it touches (its edge or inside count); with shift the band starts
 * anywhere (on a box too: dense images have little empty space) and adds to the selection. A
 * drag on a selected box moves the selection; a drag on a resize handle of the single selected
 * box resizes it. Delete/Backspace deletes the selection (one command); arrow keys nudge it by
 * 1 image px (shift: 10). Moves and resizes commit ONE command at pointer-up; boxes stay inside
 * the image and resized boxes stay at least MIN_BOX_SIZE on each side. Locked boxes are not
 * moved, resized or deleted (see selectionEdits.ts).
 *
 * Move preview: up to {@link LIVE_PREVIEW_MAX} boxes are previewed live (store.preview, no
 * history); a larger selection is previewed as its bounding rectangle (overlay `ghost`), so a
 * pointer move costs the same with 100,000 boxes selected as with one.
 *
 * States: idle → pointingBox → moving; idle → pointingHandle → resizing; idle → pointingCanvas
 * → marquee. Every state returns to idle at pointer-up (or Escape).
 */
import { copyBox } from '../commands';
import { deleteSelection, editableSelection, moveCommand, nudgeSelection } from '../selectionEdits';
import type { ResizeHandle } from '../spatial/handles';
import type { Box, PointerInput, Rect, Vec2 } from '../types';
import { clampMove, rectFromPoints, resizeCursor, resizeRect, unionRect } from './geometry';
import { PolygonEdit } from './polygonEdit';
import { movedBeyond, type KeyInput, type Tool, type ToolContext } from './Tool';

type SelectState = 'idle' | 'pointingBox' | 'pointingHandle' | 'pointingCanvas' | 'moving' | 'resizing' | 'marquee';

/** Nudge distance of an arrow key, image px. */
export const NUDGE_PX = 1;
/** Nudge distance of shift + arrow key, image px. */
export const NUDGE_SHIFT_PX = 10;
/** Most boxes a move previews one by one; more are previewed as their bounding rectangle. */
export const LIVE_PREVIEW_MAX = 1000;

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
  /** Their union, computed once per drag. */
  private bounds: Rect | null = null;
  private shift = false;
  private toggleOffOnClick = false;
  /** Vertex edits of the single selected polygon (drag, Alt-click delete, insert on an edge). */
  private readonly polygonEdit = new PolygonEdit();

  enter(ctx: ToolContext): void {
    ctx.setCursor('default');
  }

  onPointerDown(ctx: ToolContext, e: PointerInput): void {
    if (e.button !== 0) return;
    if (this.polygonEdit.pointerDown(ctx, e)) return;
    const { store } = ctx;
    this.pressedAt = { x: e.x, y: e.y };
    this.startImage = ctx.toImage(e);
    this.shift = e.shiftKey;
    const hit = store.hitTest(this.startImage, ctx.handleRadius);
    if (hit && hit.handle !== 'body' && !e.shiftKey) {
      this.state = 'pointingHandle';
      this.boxId = hit.boxId;
      this.handle = hit.handle;
    } else if (hit) {
      this.state = 'pointingBox';
      this.boxId = hit.boxId;
      // Without shift, select on press so that a drag moves what was pressed. With shift the
      // click toggles at release and a drag draws a band.
      const wasSelected = store.selection.has(hit.boxId);
      this.toggleOffOnClick = e.shiftKey && wasSelected;
      if (!wasSelected && !e.shiftKey) store.setSelection([hit.boxId]);
    } else {
      this.state = 'pointingCanvas';
    }
  }

  onPointerMove(ctx: ToolContext, e: PointerInput): void {
    if (this.polygonEdit.active) {
      this.polygonEdit.pointerMove(ctx, e);
      return;
    }
    const p = ctx.toImage(e);
    switch (this.state) {
      case 'idle':
        if (e.buttons === 0) this.hover(ctx, p);
        return;
      case 'pointingBox':
        if (!movedBeyond(this.pressedAt, e)) return;
        if (this.shift) {
          this.state = 'marquee';
          break;
        }
        this.state = 'moving';
        this.originals = editableSelection(ctx.store);
        this.bounds = unionRect(this.originals);
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
    if (this.state === 'moving' && this.originals.length > LIVE_PREVIEW_MAX) {
      const d = this.delta(ctx, p);
      const b = this.bounds!;
      ctx.setOverlay({ ghost: { x: b.x + d.x, y: b.y + d.y, width: b.width, height: b.height } });
    } else if ((this.state === 'moving' && this.originals.length > 0) || this.state === 'resizing') {
      ctx.store.preview(this.dragged(ctx, p));
    }
    // The band selects at pointer-up: querying a band over 100,000 boxes on every move would
    // cost more than the frame.
    if (this.state === 'marquee') ctx.setOverlay({ marquee: rectFromPoints(this.startImage, p) });
  }

  onPointerUp(ctx: ToolContext, e: PointerInput): void {
    if (this.polygonEdit.active) {
      this.polygonEdit.pointerUp(ctx);
      return;
    }
    const { store } = ctx;
    const p = ctx.toImage(e);
    if (this.state === 'moving' && this.originals.length > 0) {
      const d = this.delta(ctx, p);
      const command = moveCommand(this.originals, d.x, d.y, ctx.imageSize, ctx.newCommandId());
      if (command) store.execute(command);
    } else if (this.state === 'resizing') {
      const [from, to] = [this.originals[0]!, this.dragged(ctx, p)[0]!];
      if (!sameRect(from, to)) {
        store.execute({
          id: ctx.newCommandId(),
          type: 'resizeBox',
          boxId: to.id,
          from: { x: from.x, y: from.y, width: from.width, height: from.height },
          to: { x: to.x, y: to.y, width: to.width, height: to.height },
        });
      }
    } else if (this.state === 'marquee') {
      const hits = store.queryRect(rectFromPoints(this.startImage, p));
      store.setSelection(this.shift ? [...store.selection, ...hits] : hits);
    } else if (this.state === 'pointingBox') {
      // A click (no drag): shift toggles the box; a plain click selects only this box (it may
      // have been part of a multi-selection).
      if (this.toggleOffOnClick) store.setSelection([...store.selection].filter((id) => id !== this.boxId));
      else if (this.shift) store.setSelection([...store.selection, this.boxId]);
      else store.setSelection([this.boxId]);
    } else if (this.state === 'pointingCanvas') {
      if (!this.shift) store.setSelection([]);
    }
    this.finish(ctx);
    this.hover(ctx, p);
  }

  onKeyDown(ctx: ToolContext, e: KeyInput): boolean {
    const { store } = ctx;
    if (e.key === 'Escape') {
      if (this.state !== 'idle' || this.polygonEdit.active) this.cancel(ctx);
      else store.setSelection([]);
      return true;
    }
    if (this.state !== 'idle' || store.selection.size === 0) return false;
    if (e.key === 'Delete' || e.key === 'Backspace') {
      deleteSelection(store, ctx.newCommandId);
      return true;
    }
    const dir = ARROWS[e.key];
    if (!dir) return false;
    const step = e.shiftKey ? NUDGE_SHIFT_PX : NUDGE_PX;
    nudgeSelection(store, dir.x * step, dir.y * step, ctx.imageSize, ctx.newCommandId);
    return true;
  }

  cancel(ctx: ToolContext): void {
    this.polygonEdit.cancel(ctx);
    const live = this.state === 'resizing' || (this.state === 'moving' && this.originals.length <= LIVE_PREVIEW_MAX);
    if (live && this.originals.length > 0) ctx.store.preview(this.originals);
    this.finish(ctx);
  }

  /** The move of the selection for image point `p`, kept inside the image. */
  private delta(ctx: ToolContext, p: Vec2): Vec2 {
    return clampMove(this.bounds!, p.x - this.startImage.x, p.y - this.startImage.y, ctx.imageSize);
  }

  /** The dragged boxes at image point `p` (moved as a group, or the resized one). */
  private dragged(ctx: ToolContext, p: Vec2): Box[] {
    if (this.state === 'resizing') {
      const o = this.originals[0]!;
      return [{ ...o, ...resizeRect(o, this.handle, p.x - this.startImage.x, p.y - this.startImage.y, ctx.imageSize) }];
    }
    const d = this.delta(ctx, p);
    return this.originals.map((o) => ({ ...o, x: o.x + d.x, y: o.y + d.y }));
  }

  private hover(ctx: ToolContext, p: Vec2): void {
    const hit = ctx.store.hitTest(p, ctx.handleRadius);
    ctx.store.setHover(hit?.boxId ?? null);
    // A locked box can be selected but not moved: no move cursor over it.
    const cursor =
      !hit || ctx.store.isLocked(hit.boxId) ? 'default' : hit.handle === 'body' ? 'move' : resizeCursor(hit.handle);
    // Over the selected polygon's vertex or edge: the vertex-editing cursor.
    ctx.setCursor(this.polygonEdit.cursorAt(ctx, p) ?? cursor);
  }

  private finish(ctx: ToolContext): void {
    if (this.state === 'marquee') ctx.setOverlay({ marquee: null });
    if (this.state === 'moving' && this.originals.length > LIVE_PREVIEW_MAX) ctx.setOverlay({ ghost: null });
    this.state = 'idle';
    this.originals = [];
    this.bounds = null;
    this.toggleOffOnClick = false;
  }
}

function sameRect(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
