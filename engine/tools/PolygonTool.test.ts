import { describe, expect, it } from 'vitest';
import { createHeadlessEngine, type HeadlessEngine } from '../headless';
import type { Box } from '../types';

/** A 4000 × 3000 image at 100 %, image px = screen px (as in tools.test.ts). */
function engine(tool: 'select' | 'polygon' = 'polygon'): HeadlessEngine {
  const h = createHeadlessEngine({ width: 4000, height: 3000, tool, viewport: { width: 800, height: 600, dpr: 1 } });
  h.core.setView({ centerX: 400, centerY: 300, zoom: 1 });
  return h;
}

/** A triangle and a square; the triangle's box is (100, 100)–(300, 300), its inside the lower left half. */
const triangle: Box = {
  id: 'tri',
  x: 100,
  y: 100,
  width: 200,
  height: 200,
  label: 1,
  points: [100, 100, 100, 300, 300, 300],
};
const square: Box = {
  id: 'sq',
  x: 500,
  y: 100,
  width: 100,
  height: 100,
  label: 0,
  points: [500, 100, 600, 100, 600, 200, 500, 200],
};

function withPolygons(h: HeadlessEngine, ...boxes: Box[]): HeadlessEngine {
  h.core.setBoxes(boxes);
  return h;
}

function points(h: HeadlessEngine, id: string): number[] | undefined {
  return h.core.store.get(id)?.points;
}

describe('polygon tool: drawing', () => {
  it('adds a vertex per click and closes on a click on the first vertex: one addBoxes command, selected', () => {
    const h = engine();
    h.core.setActiveLabel(2);
    h.click(100, 100);
    h.click(200, 100);
    h.pointerMove(210, 190);
    expect(h.core.overlay.polygonDraft).toEqual({ points: [100, 100, 200, 100], pointer: { x: 210, y: 190 } });
    h.click(200, 200);
    expect(h.boxes()).toEqual([]);
    h.click(103, 98); // within the 6 px handle radius of the first vertex
    expect(h.boxes()).toEqual([
      { id: 'box-1', x: 100, y: 100, width: 100, height: 100, label: 2, points: [100, 100, 200, 100, 200, 200] },
    ]);
    expect(h.selection()).toEqual(['box-1']);
    expect(h.undoStack().map((c) => c.type)).toEqual(['addBoxes']);
    expect(h.core.toolState).toBe('idle');
    expect(h.core.overlay.polygonDraft).toBeNull();
  });

  it('a click on the first vertex with fewer than 3 vertices does not close', () => {
    const h = engine();
    h.click(100, 100);
    h.click(200, 100);
    h.click(100, 100);
    expect(h.boxes()).toEqual([]);
    expect(h.core.toolState).toBe('drawing');
  });

  it('closes with Enter once it has 3 vertices; Enter before that keeps drawing', () => {
    const h = engine();
    h.click(100, 100);
    h.click(300, 120);
    expect(h.key('Enter')).toBe(true);
    expect(h.boxes()).toEqual([]);
    h.click(250, 260);
    expect(h.key('Enter')).toBe(true);
    expect(h.boxes()).toHaveLength(1);
    expect(h.boxes()[0]).toMatchObject({
      x: 100,
      y: 100,
      width: 200,
      height: 160,
      points: [100, 100, 300, 120, 250, 260],
    });
  });

  it('Backspace removes the last vertex; removing the only one ends the drawing', () => {
    const h = engine();
    h.click(100, 100);
    h.click(200, 100);
    h.click(200, 200);
    expect(h.key('Backspace')).toBe(true);
    expect(h.core.overlay.polygonDraft?.points).toEqual([100, 100, 200, 100]);
    h.key('Backspace');
    h.key('Backspace');
    expect(h.core.toolState).toBe('idle');
    expect(h.core.overlay.polygonDraft).toBeNull();
    expect(h.journal).toEqual([]);
  });

  it('Escape abandons the drawing: no command, no draft', () => {
    const h = engine();
    h.click(100, 100);
    h.click(200, 100);
    h.click(200, 200);
    expect(h.key('Escape')).toBe(true);
    expect(h.core.toolState).toBe('idle');
    expect(h.core.overlay.polygonDraft).toBeNull();
    h.key('Enter');
    expect(h.boxes()).toEqual([]);
    expect(h.journal).toEqual([]);
  });

  it('clamps vertices inside the image', () => {
    const h = engine();
    h.core.setView({ centerX: 50, centerY: 50, zoom: 1 });
    // Screen (400, 300) is image (50, 50); screen (300, 200) is image (-50, -50).
    h.click(300, 200);
    h.click(500, 250);
    h.click(450, 400);
    h.key('Enter');
    expect(h.boxes()[0]?.points).toEqual([0, 0, 150, 0, 100, 150]);
    expect(h.boxes()[0]).toMatchObject({ x: 0, y: 0, width: 150, height: 150 });
  });

  it('undo removes the drawn polygon and redo brings it back exactly', () => {
    const h = engine();
    h.click(100, 100);
    h.click(200, 100);
    h.click(150, 180);
    h.key('Enter');
    const drawn = h.boxes();
    h.core.undo();
    expect(h.boxes()).toEqual([]);
    h.core.redo();
    expect(h.boxes()).toEqual(drawn);
    expect(h.journal.map((c) => c.type)).toEqual(['addBoxes', 'deleteBoxes', 'addBoxes']);
  });
});

describe('polygon editing', () => {
  for (const tool of ['polygon', 'select'] as const) {
    describe(`in the ${tool} tool`, () => {
      it('drags a vertex: live preview, one setPoints command at release, undo and redo', () => {
        const h = withPolygons(engine(tool), triangle);
        h.core.select(['tri']);
        h.drag({ x: 300, y: 300 }, { x: 350, y: 320 });
        expect(points(h, 'tri')).toEqual([100, 100, 100, 300, 350, 320]);
        expect(h.core.store.get('tri')).toMatchObject({ x: 100, y: 100, width: 250, height: 220 });
        expect(h.undoStack()).toEqual([
          {
            id: 'cmd-1',
            type: 'setPoints',
            boxId: 'tri',
            from: [100, 100, 100, 300, 300, 300],
            to: [100, 100, 100, 300, 350, 320],
          },
        ]);
        h.core.undo();
        expect(h.core.store.get('tri')).toEqual(triangle);
        h.core.redo();
        expect(points(h, 'tri')).toEqual([100, 100, 100, 300, 350, 320]);
      });

      it('keeps a dragged vertex inside the image', () => {
        const h = withPolygons(engine(tool), triangle);
        h.core.select(['tri']);
        h.core.setView({ centerX: 400, centerY: 100, zoom: 1 });
        // Image (100, 100) is screen (100, 300); drag it to screen (-50, 100) = image (-50, -100).
        h.drag({ x: 100, y: 300 }, { x: -50, y: 100 });
        expect(points(h, 'tri')).toEqual([0, 0, 100, 300, 300, 300]);
      });

      it('Alt-click on a vertex deletes it, never below 3 vertices; undo restores it', () => {
        const h = withPolygons(engine(tool), square);
        h.core.select(['sq']);
        h.click(600, 200, { altKey: true });
        expect(points(h, 'sq')).toEqual([500, 100, 600, 100, 500, 200]);
        expect(h.core.store.get('sq')).toMatchObject({ x: 500, y: 100, width: 100, height: 100 });
        h.click(600, 100, { altKey: true });
        expect(points(h, 'sq')).toEqual([500, 100, 600, 100, 500, 200]);
        expect(h.undoStack().map((c) => c.type)).toEqual(['setPoints']);
        h.core.undo();
        expect(h.core.store.get('sq')).toEqual(square);
      });

      it('a click on an edge inserts a vertex there (one command); undo removes it', () => {
        const h = withPolygons(engine(tool), square);
        h.core.select(['sq']);
        h.click(550, 202); // 2 px below the bottom edge (600, 200)–(500, 200)
        expect(points(h, 'sq')).toEqual([500, 100, 600, 100, 600, 200, 550, 200, 500, 200]);
        expect(h.undoStack().map((c) => c.type)).toEqual(['setPoints']);
        expect(h.selection()).toEqual(['sq']);
        h.core.undo();
        expect(points(h, 'sq')).toEqual(square.points);
        h.core.redo();
        expect(points(h, 'sq')).toHaveLength(10);
      });

      it('a drag from an edge inserts a vertex and moves it, as one command', () => {
        const h = withPolygons(engine(tool), square);
        h.core.select(['sq']);
        h.drag({ x: 600, y: 150 }, { x: 650, y: 150 });
        expect(points(h, 'sq')).toEqual([500, 100, 600, 100, 650, 150, 600, 200, 500, 200]);
        expect(h.core.store.get('sq')).toMatchObject({ width: 150 });
        expect(h.undoStack()).toHaveLength(1);
      });

      it('Escape during a vertex drag restores the polygon, with no command', () => {
        const h = withPolygons(engine(tool), triangle);
        h.core.select(['tri']);
        h.pointerDown(300, 300);
        h.pointerMove(330, 330);
        h.pointerMove(360, 340);
        expect(points(h, 'tri')).toEqual([100, 100, 100, 300, 360, 340]);
        h.key('Escape');
        h.pointerUp(360, 340);
        expect(h.core.store.get('tri')).toEqual(triangle);
        expect(h.journal).toEqual([]);
      });
    });
  }

  it('hovering the selected polygon shows the vertex cursor on a vertex and the insert cursor on an edge', () => {
    const h = withPolygons(engine('select'), square);
    h.core.select(['sq']);
    h.pointerMove(600, 100);
    expect(h.core.cursor).toBe('move');
    h.pointerMove(550, 101);
    expect(h.core.cursor).toBe('crosshair');
    h.pointerMove(550, 150);
    expect(h.core.cursor).toBe('move');
    h.pointerMove(700, 150);
    expect(h.core.cursor).toBe('default');
  });

  it('the select tool moves a whole polygon by its body; undo moves it back', () => {
    const h = withPolygons(engine('select'), triangle);
    h.drag({ x: 150, y: 250 }, { x: 190, y: 270 });
    expect(h.core.store.get('tri')).toMatchObject({ x: 140, y: 120, points: [140, 120, 140, 320, 340, 320] });
    expect(h.undoStack().map((c) => c.type)).toEqual(['moveBoxes']);
    h.core.undo();
    expect(h.core.store.get('tri')).toEqual(triangle);
  });

  it('an arrow-key nudge moves the points with the box', () => {
    const h = withPolygons(engine('select'), square);
    h.core.select(['sq']);
    h.key('ArrowRight', { shiftKey: true });
    expect(points(h, 'sq')).toEqual([510, 100, 610, 100, 610, 200, 510, 200]);
  });

  it('a polygon has no box resize handles: a press on its box corner outside the polygon selects nothing', () => {
    const h = withPolygons(engine('select'), triangle);
    h.core.select(['tri']);
    // (300, 100) is the box's top-right corner, outside the triangle and not a vertex.
    h.click(300, 100);
    expect(h.selection()).toEqual([]);
    expect(h.journal).toEqual([]);
  });
});

describe('polygon hit test', () => {
  it('hits a polygon only inside it, not in the rest of its box', () => {
    const h = withPolygons(engine('select'), triangle);
    expect(h.core.store.hitTest({ x: 120, y: 280 }, 0)?.boxId).toBe('tri');
    expect(h.core.store.hitTest({ x: 280, y: 120 }, 0)).toBeNull();
  });

  it('outside a small polygon, the larger box around it is hit instead', () => {
    const h = withPolygons(engine('select'), { id: 'big', x: 0, y: 0, width: 1000, height: 1000, label: 0 }, triangle);
    expect(h.core.store.hitTest({ x: 120, y: 280 }, 0)?.boxId).toBe('tri');
    expect(h.core.store.hitTest({ x: 280, y: 120 }, 0)?.boxId).toBe('big');
  });

  it('a click in a polygon selects it; a click in its box outside it does not', () => {
    const h = withPolygons(engine('select'), triangle);
    h.click(280, 120);
    expect(h.selection()).toEqual([]);
    h.click(120, 280);
    expect(h.selection()).toEqual(['tri']);
  });
});
