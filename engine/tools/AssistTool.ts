/**
 * Assist point: a click inside an object asks the app for a proposal around it (the engine's
 * `assistRequest` event, answered with `setProposal`); Shift-click adds a negative point that
 * asks again with it. The proposal is drawn dashed (`overlay.proposal`). Enter, or a click
 * inside the proposal, accepts it as one `addBoxes` command — a box, or a polygon (`Box.points`)
 * when the assist shape is 'polygon' — which becomes the selection; Escape rejects it and
 * forgets the points. A plain click outside the proposal starts over on another object.
 *
 * States: idle (no points) → waiting (asked, no answer yet, or no region found) → proposing
 * (a proposal shown) → idle on accept or Escape.
 */
import { pointsBounds } from '../spatial/polygonGeometry';
import { pointInPolygon } from '../spatial/polygonHit';
import { MIN_BOX_SIZE, type Box, type PointerInput, type Rect, type Vec2 } from '../types';
import { intersectRect } from './geometry';
import { movedBeyond, type KeyInput, type Tool, type ToolContext } from './Tool';

/** What an accepted proposal becomes: a box (detection) or a polygon (segmentation). */
export type AssistShape = 'box' | 'polygon';

/** The engine's `assistRequest` event: the click and every point so far, image px. */
export interface AssistRequest {
  point: Vec2;
  /** Shift-click: a point outside the object. */
  negative: boolean;
  positives: Vec2[];
  negatives: Vec2[];
}

/** A proposal from the app, image px: a box, an outline, or both (each shape uses its own). */
export type ProposalShape = { box: Rect; points?: number[] } | { box?: Rect; points: number[] };

/** The assist-point tool (see the file comment); `onRequest` emits the engine event. */
export class AssistTool implements Tool {
  readonly name = 'assistPoint' as const;
  state: 'idle' | 'waiting' | 'proposing' = 'idle';
  /** What accepting makes (the engine's `setAssistShape`). */
  shape: AssistShape = 'box';
  private positives: Vec2[] = [];
  private negatives: Vec2[] = [];
  private proposal: { box: Rect; points: number[] | null } | null = null;
  private pressedAt: Vec2 | null = null;

  constructor(private readonly onRequest: (request: AssistRequest) => void) {}

  enter(ctx: ToolContext): void {
    ctx.setCursor('crosshair');
  }

  onPointerDown(_ctx: ToolContext, e: PointerInput): void {
    if (e.button === 0) this.pressedAt = { x: e.x, y: e.y };
  }

  onPointerMove(): void {}

  onPointerUp(ctx: ToolContext, e: PointerInput): void {
    const pressedAt = this.pressedAt;
    this.pressedAt = null;
    // A drag is not a click (the view may have been panned meanwhile).
    if (e.button !== 0 || !pressedAt || movedBeyond(pressedAt, e)) return;
    const p = ctx.toImage(e);
    const { width, height } = ctx.imageSize;
    if (p.x < 0 || p.y < 0 || p.x >= width || p.y >= height) return;
    if (e.shiftKey) {
      if (this.positives.length === 0) return;
      this.negatives.push(p);
    } else if (this.proposal && this.contains(p)) {
      this.accept(ctx);
      return;
    } else {
      this.positives = [p];
      this.negatives = [];
      this.showProposal(ctx, null);
    }
    this.state = this.proposal ? 'proposing' : 'waiting';
    this.onRequest({
      point: p,
      negative: e.shiftKey,
      positives: this.positives.map((q) => ({ ...q })),
      negatives: this.negatives.map((q) => ({ ...q })),
    });
  }

  onKeyDown(ctx: ToolContext, e: KeyInput): boolean {
    if (e.key === 'Enter' && this.proposal) {
      this.accept(ctx);
      return true;
    }
    if (e.key === 'Escape' && this.state !== 'idle') {
      this.cancel(ctx);
      return true;
    }
    return false;
  }

  cancel(ctx: ToolContext): void {
    const had = this.proposal !== null;
    this.positives = [];
    this.negatives = [];
    this.pressedAt = null;
    this.state = 'idle';
    if (had) this.showProposal(ctx, null);
  }

  /** The app's answer to the last request (null: no region found). Ignored when no point is pending. */
  setProposal(ctx: ToolContext, shape: ProposalShape | null): void {
    if (this.positives.length === 0) return;
    if (!shape) {
      this.state = 'waiting';
      this.showProposal(ctx, null);
      return;
    }
    const points = shape.points && shape.points.length >= 6 ? shape.points.slice() : null;
    const box = shape.box ?? (points ? pointsBounds(points) : null);
    if (!box) return;
    this.state = 'proposing';
    this.showProposal(ctx, { box: { ...box }, points });
  }

  private showProposal(ctx: ToolContext, proposal: { box: Rect; points: number[] | null } | null): void {
    this.proposal = proposal;
    ctx.setOverlay({ proposal: proposal ? { points: this.outline(proposal) } : null });
  }

  /** What is drawn: the polygon in polygon mode (when there is one), else the box's corners. */
  private outline(p: { box: Rect; points: number[] | null }): number[] {
    if (this.shape === 'polygon' && p.points) return p.points;
    const { x, y, width, height } = p.box;
    return [x, y, x + width, y, x + width, y + height, x, y + height];
  }

  private contains(p: Vec2): boolean {
    return this.proposal !== null && pointInPolygon(this.outline(this.proposal), p.x, p.y);
  }

  private accept(ctx: ToolContext): void {
    const proposal = this.proposal;
    if (!proposal) return;
    this.cancel(ctx);
    const image = { x: 0, y: 0, ...ctx.imageSize };
    let box: Box;
    if (this.shape === 'polygon' && proposal.points) {
      const points = proposal.points.map((v, k) => Math.min(k % 2 === 0 ? image.width : image.height, Math.max(0, v)));
      box = { id: ctx.newBoxId(), ...pointsBounds(points), label: ctx.activeLabel, points };
    } else {
      const rect = intersectRect(proposal.box, image);
      if (!rect) {
        ctx.reportError('box_outside_image');
        return;
      }
      box = { id: ctx.newBoxId(), ...rect, label: ctx.activeLabel };
    }
    if (box.width < MIN_BOX_SIZE || box.height < MIN_BOX_SIZE) {
      ctx.reportError('box_too_small');
      return;
    }
    ctx.store.execute({ id: ctx.newCommandId(), type: 'addBoxes', boxes: [box] });
    ctx.store.setSelection([box.id]);
  }
}
