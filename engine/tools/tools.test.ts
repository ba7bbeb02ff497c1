import { describe, expect, it } from 'vitest';
import { createHeadlessEngine, type HeadlessEngine } from '../headless';
import type { Box } from '../types';

/** A 4000 × 3000 image shown at 100 % with image px = screen px (view centre = canvas centre). */
function engine(tool: 'select' | 'box' | 'pan' | 'zoomIn' | 'zoomOut' = 'select'): HeadlessEngine {
  const h = createHeadlessEngine({ width: 4000, height: 3000, tool, viewport: { width: 800, height: 600, dpr: 1 } });
  h.core.setView({ centerX: 400, centerY: 300, zoom: 1 });
  return h;
}

function withBoxes(h: HeadlessEngine, boxes: Box[]): HeadlessEngine {
  h.core.setBoxes(boxes);
  return h;
}

const big: Box = { id: 'big', x: 0, y: 0, width: 400, height: 400, label: 0 };
const small: Box = { id: 'small', x: 100, y: 100, width: 50, height: 50, label: 1 };

describe('box tool', () => {
  it('creates a box by dragging, with the active label, selected, as one command', () => {
    const h = engine('box');
    h.core.setActiveLabel(2);
    h.drag({ x: 100, y: 100 }, { x: 200, y: 180 });
    expect(h.boxes()).toEqual([{ id: 'box-1', x: 100, y: 100, width: 100, height: 80, label: 2 }]);
    expect(h.selection()).toEqual(['box-1']);
    expect(h.undoStack().map((c) => c.type)).toEqual(['addBoxes']);
    expect(h.errors).toEqual([]);
    expect(h.core.overlay.draft).toBeNull();
  });

  it('creates a box by click-click, showing a draft in between', () => {
    const h = engine('box');
    h.click(300, 250);
    expect(h.core.toolState).toBe('placing');
    h.pointerMove(350, 300);
    expect(h.core.overlay.draft).toEqual({ x: 300, y: 250, width: 50, height: 50 });
    h.click(100, 120);
    expect(h.boxes()).toEqual([{ id: 'box-1', x: 100, y: 120, width: 200, height: 130, label: 0 }]);
    expect(h.core.toolState).toBe('idle');
  });

  it('works at any zoom: corners are image points under the pointer', () => {
    const h = engine('box');
    h.core.setView({ centerX: 1000, centerY: 1000, zoom: 4 });
    h.drag({ x: 400, y: 300 }, { x: 480, y: 400 });
    expect(h.boxes()[0]).toMatchObject({ x: 1000, y: 1000, width: 20, height: 25 });
  });

  it('rejects boxes under 20 × 20 image px with box_too_small', () => {
    const h = engine('box');
    h.drag({ x: 100, y: 100 }, { x: 119, y: 300 });
    h.drag({ x: 100, y: 100 }, { x: 300, y: 119.5 });
    h.click(50, 50);
    h.click(50, 50); // click-click on one point
    expect(h.boxes()).toEqual([]);
    expect(h.errors).toEqual(['box_too_small', 'box_too_small', 'box_too_small']);
    h.drag({ x: 100, y: 100 }, { x: 120, y: 120 }); // exactly 20 × 20 is allowed
    expect(h.boxes()).toHaveLength(1);
  });

  it('clamps to the image and rejects boxes entirely outside it with box_outside_image', () => {
    const h = engine('box');
    h.core.setView({ centerX: 0, centerY: 0, zoom: 1 }); // image origin at the canvas centre
    h.drag(h.toScreen(-50, -60), h.toScreen(100, 100));
    expect(h.boxes()).toEqual([{ id: 'box-1', x: 0, y: 0, width: 100, height: 100, label: 0 }]);
    h.drag(h.toScreen(-300, -300), h.toScreen(-100, 200));
    expect(h.errors).toEqual(['box_outside_image']);
    // clamping that leaves a sliver under 20 px is too small, not outside
    h.drag(h.toScreen(-300, 50), h.toScreen(10, 200));
    expect(h.errors).toEqual(['box_outside_image', 'box_too_small']);
    expect(h.boxes()).toHaveLength(1);
  });

  it('Delete right after drawing removes the new box', () => {
    const h = engine('box');
    h.drag({ x: 100, y: 100 }, { x: 200, y: 200 });
    expect(h.key('Delete')).toBe(true);
    expect(h.boxes()).toEqual([]);
    expect(h.undoStack().map((c) => c.type)).toEqual(['addBoxes', 'deleteBoxes']);
  });

  it('Escape abandons a box being drawn', () => {
    const h = engine('box');
    h.pointerDown(100, 100);
    h.pointerMove(200, 200);
    expect(h.key('Escape')).toBe(true);
    h.pointerUp(200, 200);
    expect(h.boxes()).toEqual([]);
    expect(h.core.overlay.draft).toBeNull();
  });
});

describe('select tool', () => {
  it('click selects the smallest box under the pointer; shift-click toggles; empty click clears', () => {
    const h = withBoxes(engine(), [big, small]);
    h.click(120, 120);
    expect(h.selection()).toEqual(['small']);
    h.click(300, 300);
    expect(h.selection()).toEqual(['big']);
    h.click(120, 120, { shiftKey: true });
    expect(h.selection().sort()).toEqual(['big', 'small']);
    h.click(120, 120, { shiftKey: true });
    expect(h.selection()).toEqual(['big']);
    h.click(700, 500, { shiftKey: true }); // shift-click on nothing keeps the selection
    expect(h.selection()).toEqual(['big']);
    h.click(700, 500);
    expect(h.selection()).toEqual([]);
  });

  it('marquee selects the boxes the rectangle touches; shift adds', () => {
    const far: Box = { id: 'far', x: 1000, y: 1000, width: 100, height: 100, label: 0 };
    const h = withBoxes(engine(), [small, far, { id: 'mid', x: 500, y: 100, width: 40, height: 40, label: 0 }]);
    h.drag({ x: 90, y: 90 }, { x: 510, y: 110 }); // drag starts on empty space
    expect(h.selection().sort()).toEqual(['mid', 'small']);
    expect(h.core.overlay.marquee).toBeNull();
    h.core.setView({ centerX: 1000, centerY: 1000, zoom: 1 });
    h.drag({ x: 700, y: 500 }, { x: 300, y: 300 }, { shiftKey: true });
    expect(h.selection().sort()).toEqual(['far', 'mid', 'small']);
    expect(h.undoStack()).toEqual([]);
  });

  it('moves the selection as ONE command at pointer-up, previewing without history', () => {
    const h = withBoxes(engine(), [big, small]);
    h.click(120, 120);
    h.pointerDown(120, 120);
    h.pointerMove(140, 130);
    h.pointerMove(170, 140);
    expect(h.core.store.get('small')).toMatchObject({ x: 150, y: 120 }); // live preview
    expect(h.undoStack()).toEqual([]);
    h.pointerUp(170, 140);
    expect(h.core.store.get('small')).toMatchObject({ x: 150, y: 120, width: 50, height: 50 });
    expect(h.undoStack()).toEqual([
      { id: 'cmd-1', type: 'moveBoxes', moves: [{ boxId: 'small', from: { x: 100, y: 100 }, to: { x: 150, y: 120 } }] },
    ]);
    h.core.undo();
    expect(h.core.store.get('small')).toMatchObject({ x: 100, y: 100 });
    h.core.redo();
    expect(h.core.store.get('small')).toMatchObject({ x: 150, y: 120 });
  });

  it('moves a multi-selection together and keeps it inside the image', () => {
    const h = withBoxes(engine(), [big, small]);
    h.core.select(['big', 'small']);
    h.drag({ x: 300, y: 300 }, { x: 250, y: 350 }); // left is blocked by big at x = 0
    expect(h.core.store.get('big')).toMatchObject({ x: 0, y: 50 });
    expect(h.core.store.get('small')).toMatchObject({ x: 100, y: 150 });
    expect(h.undoStack()).toHaveLength(1);
  });

  it('a press on an unselected box drags it right away', () => {
    const h = withBoxes(engine(), [big, small]);
    h.drag({ x: 120, y: 120 }, { x: 125, y: 160 });
    expect(h.selection()).toEqual(['small']);
    expect(h.core.store.get('small')).toMatchObject({ x: 105, y: 140 });
  });

  it('resizes by a handle as ONE command, at least 20 × 20 and inside the image', () => {
    const h = withBoxes(engine(), [big, small]);
    h.click(120, 120);
    h.drag({ x: 150, y: 150 }, { x: 200, y: 220 }); // se handle
    expect(h.core.store.get('small')).toMatchObject({ x: 100, y: 100, width: 100, height: 120 });
    expect(h.undoStack()).toEqual([
      {
        id: 'cmd-1',
        type: 'resizeBox',
        boxId: 'small',
        from: { x: 100, y: 100, width: 50, height: 50 },
        to: { x: 100, y: 100, width: 100, height: 120 },
      },
    ]);
    h.drag({ x: 200, y: 220 }, { x: 20, y: 30 }); // se handle dragged past the nw corner
    expect(h.core.store.get('small')).toMatchObject({ x: 100, y: 100, width: 20, height: 20 });
    h.core.setView({ centerX: 0, centerY: 0, zoom: 1 });
    const nw = h.toScreen(100, 100);
    h.drag(nw, { x: nw.x - 500, y: nw.y - 500 }); // nw handle dragged outside the image
    expect(h.core.store.get('small')).toMatchObject({ x: 0, y: 0, width: 120, height: 120 });
    expect(h.undoStack()).toHaveLength(3);
  });

  it('handle hit radius is in screen px at any zoom', () => {
    const h = withBoxes(engine(), [small]);
    h.core.select(['small']);
    h.core.setView({ centerX: 150, centerY: 150, zoom: 0.25 });
    const se = h.toScreen(150, 150);
    h.drag({ x: se.x + 5, y: se.y + 5 }, { x: se.x + 30, y: se.y + 30 }); // 5 screen px off = 20 image px
    expect(h.core.store.get('small')).toMatchObject({ width: 150, height: 150 });
  });

  it('Escape during a drag restores the box and records nothing', () => {
    const h = withBoxes(engine(), [small]);
    h.pointerDown(120, 120);
    h.pointerMove(300, 300);
    expect(h.key('Escape')).toBe(true);
    h.pointerUp(300, 300);
    expect(h.core.store.get('small')).toMatchObject({ x: 100, y: 100 });
    expect(h.undoStack()).toEqual([]);
  });

  it('switching tools mid-drag cancels the preview', () => {
    const h = withBoxes(engine(), [small]);
    h.pointerDown(120, 120);
    h.pointerMove(300, 300);
    h.core.setTool('pan');
    expect(h.core.store.get('small')).toMatchObject({ x: 100, y: 100 });
    expect(h.undoStack()).toEqual([]);
  });

  it('Delete deletes the selection as one command; undo restores it exactly', () => {
    const h = withBoxes(engine(), [big, small, { id: 'c', x: 900, y: 900, width: 30, height: 30, label: 3 }]);
    h.core.select(['big', 'small']);
    expect(h.key('Delete')).toBe(true);
    expect(h.boxes().map((b) => b.id)).toEqual(['c']);
    expect(h.undoStack()).toHaveLength(1);
    expect(h.selection()).toEqual([]);
    h.core.undo();
    expect(h.boxes().sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      big,
      { id: 'c', x: 900, y: 900, width: 30, height: 30, label: 3 },
      small,
    ]);
    h.core.select(['c']);
    h.key('Backspace');
    expect(h.boxes()).toHaveLength(2);
    expect(h.key('Delete')).toBe(false); // nothing selected
  });

  it('arrow keys nudge by 1 px (shift: 10), clamped to the image', () => {
    const h = withBoxes(engine(), [small]);
    h.core.select(['small']);
    h.key('ArrowRight');
    h.key('ArrowDown', { shiftKey: true });
    expect(h.core.store.get('small')).toMatchObject({ x: 101, y: 110 });
    for (let i = 0; i < 20; i++) h.key('ArrowLeft', { shiftKey: true });
    expect(h.core.store.get('small')).toMatchObject({ x: 0, y: 110 });
    expect(h.undoStack()).toHaveLength(13); // 2 + 11 effective nudges; blocked ones record nothing
  });

  it('hover follows the pointer and the cursor shows what a drag would do', () => {
    const h = withBoxes(engine(), [big, small]);
    h.pointerMove(120, 120);
    expect(h.core.store.hover).toBe('small');
    expect(h.core.cursor).toBe('move');
    h.core.select(['small']);
    h.pointerMove(150, 100);
    expect(h.core.cursor).toBe('nesw-resize');
    h.pointerMove(900, 900);
    expect(h.core.store.hover).toBeNull();
    expect(h.core.cursor).toBe('default');
  });
});

describe('undo/redo across tools', () => {
  it('restores every intermediate state exactly', () => {
    const h = engine('box');
    const states: Box[][] = [h.boxes()];
    const snap = () => states.push(h.boxes());
    h.drag({ x: 100, y: 100 }, { x: 200, y: 200 });
    snap();
    h.drag({ x: 300, y: 100 }, { x: 360, y: 180 });
    snap();
    h.core.setTool('select');
    h.drag({ x: 150, y: 150 }, { x: 170, y: 190 }); // move box-1
    snap();
    h.click(330, 140); // select box-2
    h.drag({ x: 360, y: 180 }, { x: 400, y: 260 }); // resize box-2 by se
    snap();
    h.core.setSelectedLabel(4);
    snap();
    h.key('Delete');
    snap();
    expect(h.undoStack().map((c) => c.type)).toEqual([
      'addBoxes',
      'addBoxes',
      'moveBoxes',
      'resizeBox',
      'setLabel',
      'deleteBoxes',
    ]);
    for (let i = states.length - 2; i >= 0; i--) {
      h.core.undo();
      expect(h.boxes()).toEqual(states[i]);
    }
    for (let i = 1; i < states.length; i++) {
      h.core.redo();
      expect(h.boxes()).toEqual(states[i]);
    }
    // every applied change has its own id (journal / server idempotency)
    const ids = h.journal.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(h.journal).toHaveLength(18);
  });

  it('a new command clears the redo stack', () => {
    const h = engine('box');
    h.drag({ x: 100, y: 100 }, { x: 200, y: 200 });
    h.core.undo();
    expect(h.core.canRedo).toBe(true);
    h.drag({ x: 300, y: 300 }, { x: 400, y: 400 });
    expect(h.core.canRedo).toBe(false);
  });
});

describe('pan and zoom tools', () => {
  it('pan: the image point under the pointer follows it', () => {
    const h = engine('pan');
    const grabbed = h.toImage(200, 200);
    h.drag({ x: 200, y: 200 }, { x: 260, y: 150 });
    const now = h.toScreen(grabbed.x, grabbed.y);
    expect(now.x).toBeCloseTo(260, 9);
    expect(now.y).toBeCloseTo(150, 9);
  });

  it('the middle button pans in any tool without editing', () => {
    const h = withBoxes(engine('select'), [small]);
    h.drag({ x: 120, y: 120 }, { x: 220, y: 120 }, { button: 1 });
    expect(h.view()).toMatchObject({ centerX: 300, centerY: 300 });
    expect(h.core.store.get('small')).toMatchObject({ x: 100, y: 100 });
  });

  it('zoom in / out by click keep the clicked point fixed; events report zoom %', () => {
    const h = engine('zoomIn');
    const percents: number[] = [];
    h.core.on('view', (e) => percents.push(e.zoomPercent));
    const p = h.toImage(100, 500);
    h.click(100, 500);
    expect(h.view().zoom).toBe(2);
    const q = h.toScreen(p.x, p.y);
    expect(q.x).toBeCloseTo(100, 9);
    expect(q.y).toBeCloseTo(500, 9);
    h.core.setTool('zoomOut');
    h.click(100, 500);
    h.click(100, 500);
    expect(h.view().zoom).toBe(0.5);
    expect(percents).toEqual([200, 100, 50]);
  });

  it('zoom in by dragging a rectangle fits the rectangle', () => {
    const h = engine('zoomIn');
    h.drag({ x: 100, y: 100 }, { x: 300, y: 250 });
    expect(h.view()).toEqual({ centerX: 200, centerY: 175, zoom: 4 });
    expect(h.core.overlay.marquee).toBeNull();
  });

  it('zoom stays within the limits (32× max, half the fit min)', () => {
    const h = engine('zoomIn');
    for (let i = 0; i < 10; i++) h.click(400, 300);
    expect(h.view().zoom).toBe(32);
    h.core.setTool('zoomOut');
    for (let i = 0; i < 20; i++) h.click(400, 300);
    expect(h.view().zoom).toBeCloseTo(h.core.zoomLimits.min, 12);
    h.core.fit();
    expect(h.view().zoom).toBeCloseTo(h.core.zoomLimits.min * 2, 12);
  });

  it('wheel zooms about the pointer', () => {
    const h = engine();
    const p = h.toImage(700, 100);
    h.core.wheel({ x: 700, y: 100 }, -300);
    expect(h.view().zoom).toBeCloseTo(Math.exp(0.6), 9);
    const q = h.toScreen(p.x, p.y);
    expect(q.x).toBeCloseTo(700, 9);
    expect(q.y).toBeCloseTo(100, 9);
  });
});

describe('engine core events', () => {
  it('emits tool, selection, annotations (with slots) and unsubscribes', () => {
    const h = engine('box');
    const log: string[] = [];
    const offs = [
      h.core.on('tool', (e) => log.push(`tool:${e.tool}`)),
      h.core.on('selection', (e) => log.push(`selection:${e.ids.join(',')}`)),
      h.core.on('annotations', (e) =>
        log.push(`annotations:${e.command?.type}:${e.source}:${e.slots.start}-${e.slots.end}`),
      ),
    ];
    h.drag({ x: 100, y: 100 }, { x: 200, y: 200 });
    h.core.setTool('select');
    h.core.undo();
    expect(log).toEqual([
      'annotations:addBoxes:edit:0-1',
      'selection:box-1',
      'tool:select',
      'annotations:deleteBoxes:undo:0-1',
      'selection:',
    ]);
    offs.forEach((off) => off());
    h.core.redo();
    expect(log).toHaveLength(5);
  });
});
