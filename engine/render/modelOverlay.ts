import type { AnnotationStore } from '../AnnotationStore';
import type { Rect } from '../types';
import { colorWord } from './PolygonLines';

/** A box a model proposes (image px), drawn dashed in its label's colour until accepted or rejected. */
export interface ModelProposal {
  id: string;
  box: Rect;
  /** Label index (the engine's label order). */
  label: number;
  score: number;
}

/** What the model overlay shows: a model's proposals, and which annotations are machine labels. */
export interface ModelOverlayState {
  proposals: readonly ModelProposal[];
  /** The proposal drawn thicker (the one under the pointer in the panel), or null. */
  focus: string | null;
  /** Annotations a model wrote that no person has accepted yet: their outline gets white dashes. */
  machine: ReadonlySet<string>;
}

export const EMPTY_MODEL_OVERLAY: ModelOverlayState = { proposals: [], focus: null, machine: new Set() };

/** Most machine labels given the dashed look (beyond it they keep the plain outline: one overlay stays small). */
export const MACHINE_DASHED_MAX = 5_000;
/** Most proposals drawn (a model's maxDetections is far below). */
export const PROPOSALS_DRAWN_MAX = 1_000;

const WHITE = colorWord(0xffffffff);
const SHADOW = colorWord(0x000000a0);

/** The overlay primitive the model overlay draws with (PolygonOverlay implements it). */
export interface OutlineWriter {
  /** A polyline, `hw` CSS px half width; dashed from `dash` (image px along the line) when ≥ 0. */
  outline(points: readonly number[], hw: number, color: number, closed: boolean, dash: number, extra?: number): void;
}

function rectPoints(r: Rect): number[] {
  return [r.x, r.y, r.x + r.width, r.y, r.x + r.width, r.y + r.height, r.x, r.y + r.height];
}

/**
 * Writes the model overlay: white dashes along every visible machine label's outline (its label
 * colour shows in the gaps, so it reads as "not yet a person's"), then each proposal as a dashed
 * rectangle in its label colour over a dark halo, the focused one thicker.
 */
export function drawModelOverlay(
  writer: OutlineWriter,
  store: AnnotationStore,
  colorOf: (label: number) => number,
  state: ModelOverlayState,
): void {
  let machine = 0;
  for (const id of state.machine) {
    if (machine >= MACHINE_DASHED_MAX) break;
    const box = store.get(id);
    if (!box || store.isHidden(id)) continue;
    machine += 1;
    writer.outline(box.points ?? rectPoints(box), 1, WHITE, true, 0);
  }
  const n = Math.min(state.proposals.length, PROPOSALS_DRAWN_MAX);
  for (let i = 0; i < n; i++) {
    const p = state.proposals[i]!;
    const focused = p.id === state.focus;
    const points = rectPoints(p.box);
    writer.outline(points, focused ? 2.5 : 1.5, SHADOW, true, -1);
    writer.outline(points, focused ? 1.75 : 1, colorOf(p.label), true, 0);
  }
}
