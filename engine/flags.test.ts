import { describe, expect, it } from 'vitest';
import { createHeadlessScene, type HeadlessEngine } from './headless';
import type { Box } from './types';

const engine = (boxes: Box[]): HeadlessEngine => createHeadlessScene(boxes);

const a: Box = { id: 'a', x: 100, y: 100, width: 50, height: 50, label: 0 };
const b: Box = { id: 'b', x: 300, y: 100, width: 50, height: 50, label: 1 };
const inner: Box = { id: 'inner', x: 110, y: 110, width: 20, height: 20, label: 0 };

describe('hidden boxes', () => {
  it('are neither drawn (free slot label) nor hit nor selectable, and leave the selection', () => {
    const h = engine([a, inner, b]);
    h.core.select(['inner', 'b']);
    const flagEvents: string[][] = [];
    h.core.on('flags', ({ ids }) => flagEvents.push([...ids]));
    h.core.setHidden(['inner'], true);
    expect(flagEvents).toEqual([['inner']]);
    expect(h.core.getFlags('inner')).toEqual({ hidden: true, locked: false });
    expect(h.core.store.labelsBySlot[h.core.store.slotOf('inner')]).toBe(-1);
    expect(h.selection()).toEqual(['b']);
    h.click(120, 120); // inner is hidden: the click hits a
    expect(h.selection()).toEqual(['a']);
    h.drag({ x: 90, y: 90 }, { x: 400, y: 200 });
    expect(h.selection().sort()).toEqual(['a', 'b']);
    // Still an annotation: saved boxes include it, and nothing was journaled.
    expect(h.boxes().map((x) => x.id)).toEqual(['a', 'inner', 'b']);
    expect(h.journal).toEqual([]);
    expect(h.core.canUndo).toBe(false);
    h.core.setHidden(['inner'], false);
    expect(h.core.store.labelsBySlot[h.core.store.slotOf('inner')]).toBe(0);
    h.click(120, 120);
    expect(h.selection()).toEqual(['inner']);
  });

  it('setAllHidden hides and shows every box; a hidden box edited by undo stays hidden', () => {
    const h = engine([a, b]);
    h.core.select(['a']);
    h.key('ArrowRight');
    h.core.setAllHidden(true);
    expect(h.core.getFlags('a').hidden && h.core.getFlags('b').hidden).toBe(true);
    h.core.selectAll();
    expect(h.selection()).toEqual([]);
    h.core.undo();
    expect(h.boxes()[0]).toEqual(a);
    expect(h.core.store.hitTest({ x: 120, y: 120 }, 0)).toBeNull();
    h.core.setAllHidden(false);
    expect(h.core.store.hitTest({ x: 120, y: 120 }, 0)).toEqual({ boxId: 'a', handle: 'body' });
  });

  it('loading another image clears the flags', () => {
    const h = engine([a]);
    h.core.setHidden(['a'], true);
    h.core.setLocked(['a'], true);
    h.core.setBoxes([a]);
    expect(h.core.getFlags('a')).toEqual({ hidden: false, locked: false });
  });
});

describe('locked boxes', () => {
  it('are drawn and selectable but not moved, resized, nudged or deleted', () => {
    const h = engine([a, b]);
    h.core.setLocked(['a'], true);
    expect(h.core.getFlags('a')).toEqual({ hidden: false, locked: true });
    h.click(120, 120);
    expect(h.selection()).toEqual(['a']);
    h.drag({ x: 120, y: 120 }, { x: 200, y: 200 }); // move
    h.drag({ x: 150, y: 150 }, { x: 250, y: 250 }); // the se corner: no handle on a locked box
    h.key('ArrowLeft');
    h.key('Delete');
    h.core.deleteSelection();
    expect(h.boxes()).toEqual([a, b]);
    expect(h.journal).toEqual([]);
    expect(h.errors).toEqual([]);
  });

  it('a selection with locked boxes moves and deletes only the others; relabel applies to all', () => {
    const h = engine([a, b]);
    h.core.setLocked(['a'], true);
    h.core.select(['a', 'b']);
    h.drag({ x: 320, y: 120 }, { x: 330, y: 140 });
    expect(h.boxes()).toEqual([a, { ...b, x: 310, y: 120 }]);
    h.core.setSelectedLabel(3);
    expect(h.boxes().map((x) => x.label)).toEqual([3, 3]);
    h.core.select(['a', 'b']);
    h.key('Delete');
    expect(h.boxes().map((x) => x.id)).toEqual(['a']);
    h.core.setLocked(['a'], false);
    h.core.select(['a']);
    h.key('Delete');
    expect(h.boxes()).toEqual([]);
  });
});

describe('the cursor over a locked box', () => {
  it('is the default one, not the move cursor', () => {
    const h = engine([a, b]);
    h.core.setLocked(['a'], true);
    h.pointerMove(120, 120);
    expect(h.core.cursor).toBe('default');
    h.pointerMove(320, 120);
    expect(h.core.cursor).toBe('move');
  });
});
