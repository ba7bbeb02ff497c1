import { describe, expect, it } from 'vitest';
import { createHeadlessScene, type HeadlessEngine } from '../headless';
import type { Box } from '../types';
import { LIVE_PREVIEW_MAX } from './SelectTool';

/** A 4000 × 3000 image at 100 %, image px = screen px. */
const engine = (boxes: Box[] = []): HeadlessEngine => createHeadlessScene(boxes);

const a: Box = { id: 'a', x: 100, y: 100, width: 50, height: 50, label: 0 };
const b: Box = { id: 'b', x: 300, y: 100, width: 50, height: 50, label: 0 };
const c: Box = { id: 'c', x: 500, y: 400, width: 50, height: 50, label: 1 };

/** `n` boxes of 20 × 20 on a grid over the image. */
function grid(n: number): Box[] {
  const cols = Math.ceil(Math.sqrt(n));
  return Array.from({ length: n }, (_, i) => ({
    id: `g${i}`,
    x: (i % cols) * 30 + 5,
    y: Math.floor(i / cols) * 25 + 2,
    width: 20,
    height: 20,
    label: i % 3,
  }));
}

describe('multi-select', () => {
  it('shift-click toggles a box in and out of the selection', () => {
    const h = engine([a, b, c]);
    h.click(120, 120);
    h.click(320, 120, { shiftKey: true });
    h.click(520, 420, { shiftKey: true });
    expect(h.selection().sort()).toEqual(['a', 'b', 'c']);
    h.click(320, 120, { shiftKey: true });
    expect(h.selection().sort()).toEqual(['a', 'c']);
    h.click(120, 120); // a plain click selects only that box
    expect(h.selection()).toEqual(['a']);
  });

  it('shift-drag draws a band from anywhere (even on a box) that adds every box it touches', () => {
    const h = engine([a, b, c]);
    h.click(520, 420);
    expect(h.selection()).toEqual(['c']);
    // Starts inside a, ends on b's left edge: touching counts.
    h.pointerDown(110, 110, { shiftKey: true });
    h.pointerMove(200, 130, { shiftKey: true });
    expect(h.core.overlay.marquee).toEqual({ x: 110, y: 110, width: 90, height: 20 });
    expect(h.selection()).toEqual(['c']); // the band selects at pointer-up
    h.pointerMove(300, 130, { shiftKey: true });
    h.pointerUp(300, 130, { shiftKey: true });
    expect(h.selection().sort()).toEqual(['a', 'b', 'c']);
    expect(h.core.overlay.marquee).toBeNull();
    expect(h.boxes()).toEqual([a, b, c]); // nothing moved
    expect(h.journal).toEqual([]);
  });

  it('Escape during a band drops it and keeps the selection', () => {
    const h = engine([a, b, c]);
    h.click(520, 420);
    h.pointerDown(90, 90);
    h.pointerMove(400, 200);
    expect(h.key('Escape')).toBe(true);
    expect(h.core.overlay.marquee).toBeNull();
    h.pointerUp(400, 200);
    expect(h.selection()).toEqual(['c']);
  });

  it('a plain band replaces the selection', () => {
    const h = engine([a, b, c]);
    h.click(520, 420);
    h.drag({ x: 90, y: 90 }, { x: 400, y: 200 });
    expect(h.selection().sort()).toEqual(['a', 'b']);
  });

  it('selectAll selects every visible box', () => {
    const h = engine([a, b, c]);
    h.core.setHidden(['b'], true);
    h.core.selectAll();
    expect(h.selection().sort()).toEqual(['a', 'c']);
  });

  it('dragging one of several selected boxes moves them all as ONE command; undo restores all', () => {
    const h = engine([a, b, c]);
    h.core.select(['a', 'b', 'c']);
    h.drag({ x: 120, y: 120 }, { x: 160, y: 150 });
    expect(h.boxes().map((x) => [x.id, x.x, x.y])).toEqual([
      ['a', 140, 130],
      ['b', 340, 130],
      ['c', 540, 430],
    ]);
    expect(h.journal.map((cmd) => cmd.type)).toEqual(['moveBoxes']);
    h.core.undo();
    expect(h.boxes()).toEqual([a, b, c]);
    expect(h.journal.map((cmd) => cmd.type)).toEqual(['moveBoxes', 'moveBoxes']);
  });

  it('arrow keys nudge the whole selection by 1 px, with shift by 10 px, one command each', () => {
    const h = engine([a, b]);
    h.core.select(['a', 'b']);
    h.key('ArrowRight');
    h.key('ArrowDown', { shiftKey: true });
    expect(h.boxes().map((x) => [x.x, x.y])).toEqual([
      [101, 110],
      [301, 110],
    ]);
    expect(h.journal.map((cmd) => cmd.type)).toEqual(['moveBoxes', 'moveBoxes']);
    h.core.nudgeSelection(-1, -10);
    expect(h.boxes()).toEqual([a, b]);
  });

  it('relabel and delete of a multi-selection are one command each', () => {
    const h = engine([a, b, c]);
    h.core.select(['a', 'b', 'c']);
    h.core.setSelectedLabel(2);
    expect(h.boxes().map((x) => x.label)).toEqual([2, 2, 2]);
    h.key('Delete');
    expect(h.boxes()).toEqual([]);
    expect(h.journal.map((cmd) => cmd.type)).toEqual(['setLabel', 'deleteBoxes']);
    expect(h.journal[0]).toMatchObject({ changes: [{ boxId: 'a' }, { boxId: 'b' }, { boxId: 'c', from: 1, to: 2 }] });
    h.core.undo();
    h.core.undo();
    expect(h.boxes().sort((x, y) => x.id.localeCompare(y.id))).toEqual([a, b, c]);
  });

  it(`a selection over ${LIVE_PREVIEW_MAX} boxes moves as a ghost rectangle, committed once at pointer-up`, () => {
    const boxes = grid(5000);
    const h = engine(boxes);
    h.core.selectAll();
    expect(h.selection()).toHaveLength(5000);
    const previews: number[] = [];
    h.core.on('annotations', (e) => previews.push(e.slots.end - e.slots.start));
    h.pointerDown(15, 12); // on g0
    h.pointerMove(25, 22);
    h.pointerMove(35, 32);
    // No box was written while dragging: only the ghost moved.
    expect(previews).toEqual([]);
    expect(h.core.overlay.ghost).toMatchObject({ x: 25, y: 22 });
    h.pointerUp(35, 32);
    expect(h.core.overlay.ghost).toBeNull();
    expect(h.journal).toHaveLength(1);
    expect(h.journal[0]).toMatchObject({ type: 'moveBoxes' });
    expect(h.boxes()[0]).toMatchObject({ id: 'g0', x: 25, y: 22 });
    expect(h.boxes()[4999]).toMatchObject({ x: boxes[4999]!.x + 20, y: boxes[4999]!.y + 20 });
    h.core.undo();
    expect(h.boxes()).toEqual(boxes);
  });

  it('Escape during a ghost move leaves every box where it was', () => {
    const boxes = grid(LIVE_PREVIEW_MAX + 1);
    const h = engine(boxes);
    h.core.selectAll();
    h.pointerDown(15, 12);
    h.pointerMove(60, 60);
    expect(h.key('Escape')).toBe(true);
    expect(h.core.overlay.ghost).toBeNull();
    h.pointerUp(60, 60);
    expect(h.boxes()).toEqual(boxes);
    expect(h.journal).toEqual([]);
  });
});
