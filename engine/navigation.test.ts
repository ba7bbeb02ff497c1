import { describe, expect, it } from 'vitest';
import { MIN_BOX_SIDE } from '../contract/apiAnnotations';
import { createHeadlessScene, type HeadlessEngine } from './headless';
import { MIN_BOX_SIZE, type Box } from './types';

const engine = (boxes: Box[] = [], tool: 'select' | 'box' = 'select'): HeadlessEngine =>
  createHeadlessScene(boxes, { tool });

const box = (id: string, x: number, y: number, label = 0): Box => ({ id, x, y, width: 40, height: 40, label });

describe('zoom', () => {
  it('zoomBy zooms about the canvas centre', () => {
    const h = engine();
    h.core.setView({ centerX: 1000, centerY: 700, zoom: 0.5 });
    h.core.zoomBy(2);
    expect(h.view()).toEqual({ centerX: 1000, centerY: 700, zoom: 1 });
    h.core.zoomBy(0.5);
    expect(h.view().zoom).toBeCloseTo(0.5);
  });

  it('zoomToSelection fits the selection with a margin of a quarter of its size', () => {
    const h = engine([box('a', 1000, 1000), { id: 'b', x: 1160, y: 1060, width: 40, height: 20, label: 0 }]);
    h.core.zoomToSelection(); // nothing selected: no change
    expect(h.view()).toEqual({ centerX: 400, centerY: 300, zoom: 1 });
    h.core.select(['a', 'b']);
    h.core.zoomToSelection();
    // Selection 1000..1200 × 1000..1080, grown by 50 and 20 px: 300 × 120 in 800 × 600.
    expect(h.view()).toEqual({ centerX: 1100, centerY: 1040, zoom: 800 / 300 });
  });
});

describe('Tab order', () => {
  it('cycles top to bottom, then left to right, wrapping both ways, skipping hidden boxes', () => {
    const h = engine([box('low', 100, 500), box('right', 600, 100), box('left', 100, 100), box('mid', 300, 300)]);
    const order: (string | null)[] = [];
    for (let i = 0; i < 5; i++) order.push(h.core.cycleSelection(1));
    expect(order).toEqual(['left', 'right', 'mid', 'low', 'left']);
    expect(h.core.cycleSelection(-1)).toBe('low');
    expect(h.core.cycleSelection(-1)).toBe('mid');
    h.core.setHidden(['right'], true);
    expect(h.core.cycleSelection(-1)).toBe('left');
    expect(h.selection()).toEqual(['left']);
  });

  it('starts from the first (or last) box without a single selection, and pans a box out of view into view', () => {
    const h = engine([box('a', 100, 100), box('b', 3000, 2500)]);
    h.core.select(['a', 'b']);
    expect(h.core.cycleSelection(-1)).toBe('b');
    expect(h.view()).toEqual({ centerX: 3020, centerY: 2520, zoom: 1 });
    expect(h.core.cycleSelection(1)).toBe('a');
    expect(engine().core.cycleSelection(1)).toBeNull();
  });
});

describe('cancel and confirm', () => {
  it('Escape and cancel() abandon the box being drawn', () => {
    const h = engine([], 'box');
    h.pointerDown(100, 100);
    h.pointerMove(200, 200);
    expect(h.core.overlay.draft).not.toBeNull();
    expect(h.core.cancel()).toBe(true);
    expect(h.core.overlay.draft).toBeNull();
    h.pointerUp(200, 200);
    expect(h.boxes()).toEqual([]);
    h.click(100, 100); // click-click drawing
    expect(h.key('Escape')).toBe(true);
    h.click(300, 300);
    expect(h.boxes()).toEqual([]);
    expect(h.core.toolState).toBe('placing'); // that click started a new box
  });

  it('cancel() in the select tool clears the selection; confirm() is not handled by tools without Enter', () => {
    const h = engine([box('a', 100, 100)]);
    h.core.select(['a']);
    expect(h.core.cancel()).toBe(true);
    expect(h.selection()).toEqual([]);
    expect(h.core.confirm()).toBe(false);
  });
});

describe('minimum box size', () => {
  it('is the contract constant, and the box tool clamps to the image and refuses smaller boxes', () => {
    expect(MIN_BOX_SIZE).toBe(MIN_BOX_SIDE);
    const h = engine([], 'box');
    h.core.setView({ centerX: 50, centerY: 50, zoom: 1 }); // image origin at screen (350, 250)
    h.drag({ x: 300, y: 200 }, { x: 380, y: 290 }); // from outside the image: clamped to 30 × 40
    expect(h.boxes()).toEqual([{ id: 'box-1', x: 0, y: 0, width: 30, height: 40, label: 0 }]);
    h.drag({ x: 300, y: 200 }, { x: 365, y: 290 }); // clamped to 15 × 40: too small
    expect(h.errors).toEqual(['box_too_small']);
    expect(h.boxes()).toHaveLength(1);
  });
});

describe('keys of every tool', () => {
  it('Tab / Shift+Tab cycle and Ctrl+A selects all while the tool is idle', () => {
    const h = engine([box('a', 100, 100), box('b', 300, 100)], 'box');
    expect(h.key('Tab')).toBe(true);
    expect(h.selection()).toEqual(['a']);
    h.key('Tab');
    h.key('Tab', { shiftKey: true });
    expect(h.selection()).toEqual(['a']);
    expect(h.key('a', { ctrlKey: true })).toBe(true);
    expect(h.selection()).toEqual(['a', 'b']);
    h.click(500, 500); // the box tool is placing a box: keys are the tool's
    expect(h.key('Tab')).toBe(false);
  });
});
