import { describe, expect, it } from 'vitest';
import { createHeadlessEngine } from '../headless';
import type { AssistRequest } from './AssistTool';

/** A 2000 × 1500 image fitted in 800 × 600 (zoom 0.4), assist tool active, requests recorded. */
function setup() {
  const h = createHeadlessEngine({ width: 2000, height: 1500, tool: 'assistPoint' });
  const requests: AssistRequest[] = [];
  const overlays: ({ points: number[] } | null | undefined)[] = [];
  h.core.on('assistRequest', (r) => requests.push(r));
  h.core.on('overlay', (o) => overlays.push(o.proposal));
  const at = (x: number, y: number) => h.toScreen(x, y);
  return { h, requests, overlays, at };
}

describe('AssistTool', () => {
  it('a click asks for a proposal; Shift-click adds a negative point and asks again', () => {
    const { h, requests, at } = setup();
    const p = at(500, 400);
    h.click(p.x, p.y);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.negative).toBe(false);
    expect(requests[0]!.positives[0]!.x).toBeCloseTo(500);
    expect(requests[0]!.negatives).toEqual([]);
    expect(h.core.toolState).toBe('waiting');
    const n = at(900, 420);
    h.click(n.x, n.y, { shiftKey: true });
    expect(requests).toHaveLength(2);
    expect(requests[1]!.negative).toBe(true);
    expect(requests[1]!.positives).toHaveLength(1);
    expect(requests[1]!.negatives[0]!.x).toBeCloseTo(900);
  });

  it('a Shift-click with no positive point asks nothing; a drag is not a click', () => {
    const { h, requests, at } = setup();
    const p = at(500, 400);
    h.click(p.x, p.y, { shiftKey: true });
    h.drag(p, { x: p.x + 40, y: p.y + 40 });
    expect(requests).toEqual([]);
  });

  it('draws the proposal dashed and Enter accepts it as one box command, selected', () => {
    const { h, overlays, at } = setup();
    const p = at(500, 400);
    h.click(p.x, p.y);
    h.core.setProposal({ box: { x: 400, y: 300, width: 250, height: 200 }, points: [400, 300, 650, 300, 525, 500] });
    expect(overlays.at(-1)).toEqual({ points: [400, 300, 650, 300, 650, 500, 400, 500] });
    expect(h.core.toolState).toBe('proposing');
    expect(h.key('Enter')).toBe(true);
    expect(h.boxes()).toEqual([{ id: 'box-1', x: 400, y: 300, width: 250, height: 200, label: 0 }]);
    expect(h.journal.map((c) => c.type)).toEqual(['addBoxes']);
    expect(h.selection()).toEqual(['box-1']);
    expect(overlays.at(-1)).toBeNull();
    expect(h.core.toolState).toBe('idle');
  });

  it('in polygon mode a click inside the outline accepts a polygon with its bounding box', () => {
    const { h, overlays, at } = setup();
    h.core.setAssistShape('polygon');
    h.core.setActiveLabel(2);
    const p = at(520, 380);
    h.click(p.x, p.y);
    const points = [400, 300, 700, 320, 560, 520];
    h.core.setProposal({ box: { x: 400, y: 300, width: 300, height: 220 }, points });
    expect(overlays.at(-1)).toEqual({ points });
    const inside = at(560, 380);
    h.click(inside.x, inside.y);
    expect(h.boxes()).toEqual([{ id: 'box-1', x: 400, y: 300, width: 300, height: 220, label: 2, points }]);
  });

  it('a click outside the proposal starts over; Escape rejects it and adds nothing', () => {
    const { h, requests, overlays, at } = setup();
    const p = at(500, 400);
    h.click(p.x, p.y);
    h.core.setProposal({ box: { x: 450, y: 350, width: 100, height: 100 } });
    const q = at(1500, 1000);
    h.click(q.x, q.y);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.positives).toHaveLength(1);
    expect(requests[1]!.positives[0]!.x).toBeCloseTo(1500);
    expect(overlays.at(-1)).toBeNull();
    h.core.setProposal({ box: { x: 1400, y: 900, width: 200, height: 200 } });
    expect(h.key('Escape')).toBe(true);
    expect(overlays.at(-1)).toBeNull();
    expect(h.key('Enter')).toBe(false);
    expect(h.boxes()).toEqual([]);
    // A late answer after Escape is ignored.
    h.core.setProposal({ box: { x: 1400, y: 900, width: 200, height: 200 } });
    expect(h.core.toolState).toBe('idle');
  });

  it('refuses a proposal under the minimum box size', () => {
    const { h, at } = setup();
    const p = at(500, 400);
    h.click(p.x, p.y);
    h.core.setProposal({ box: { x: 495, y: 395, width: 12, height: 30 } });
    h.key('Enter');
    expect(h.boxes()).toEqual([]);
    expect(h.errors).toEqual(['box_too_small']);
  });
});
