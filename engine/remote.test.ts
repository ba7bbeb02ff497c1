import { describe, expect, it } from 'vitest';
import type { AnnotationChange } from './AnnotationStore';
import { createHeadlessScene, type HeadlessEngine } from './headless';
import type { Box } from './types';

const engine = (boxes: Box[]): HeadlessEngine => createHeadlessScene(boxes);

const a: Box = { id: 'a', x: 100, y: 100, width: 50, height: 50, label: 0 };
const b: Box = { id: 'b', x: 300, y: 100, width: 50, height: 50, label: 1 };

function record(h: HeadlessEngine): AnnotationChange[] {
  const events: AnnotationChange[] = [];
  h.core.on('annotations', (e) => events.push(e));
  return events;
}

describe('the annotations event', () => {
  it('every user edit emits exactly one event with its JSON-safe command; undo/redo carry fresh ids', () => {
    const h = engine([a, b]);
    const events = record(h);
    h.core.select(['a']);
    h.key('ArrowRight'); // nudge
    h.core.setSelectedLabel(2); // relabel
    h.core.paste([b]); // paste
    h.core.deleteSelection(); // delete the pasted box
    const edits = events.filter((e) => e.source === 'edit');
    expect(events).toHaveLength(4);
    expect(edits.map((e) => e.command?.type)).toEqual(['moveBoxes', 'setLabel', 'addBoxes', 'deleteBoxes']);
    for (const e of edits) expect(JSON.parse(JSON.stringify(e.command))).toEqual(e.command);
    const ids = new Set(edits.map((e) => e.command!.id));
    h.core.undo();
    h.core.redo();
    const [undo, redo] = events.slice(4);
    expect(undo).toMatchObject({ source: 'undo', command: { type: 'addBoxes' } });
    expect(redo).toMatchObject({ source: 'redo', command: { type: 'deleteBoxes' } });
    expect(ids.has(undo!.command!.id)).toBe(false);
    expect(redo!.command!.id).not.toBe(undo!.command!.id);
    expect(ids.has(redo!.command!.id)).toBe(false);
  });
});

describe('applyRemote', () => {
  it('puts and removes boxes with source "remote", no command, and leaves the history alone', () => {
    const h = engine([a, b]);
    h.core.select(['a']);
    h.key('ArrowDown');
    const events = record(h);
    const history = [...h.undoStack()];
    h.core.applyRemote({
      put: [
        { ...b, x: 500 },
        { id: 'c', x: 0, y: 0, width: 30, height: 30, label: 0 },
      ],
      remove: ['zz'],
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ source: 'remote', command: null });
    expect(h.boxes().map((x) => [x.id, x.x])).toEqual([
      ['a', 100],
      ['b', 500],
      ['c', 0],
    ]);
    expect(h.undoStack()).toEqual(history);
    expect(h.journal.map((c) => c.type)).toEqual(['moveBoxes']); // the remote change is not journaled
    // The user's own move is still undoable on top of the remote state.
    h.core.undo();
    expect(h.boxes()[0]).toEqual(a);
  });

  it('removing a box that the history names: undo skips the command that no longer applies', () => {
    const h = engine([a, b]);
    h.core.select(['a']);
    h.core.setSelectedLabel(3); // names a
    h.core.select(['b']);
    h.key('ArrowRight'); // names b
    h.core.applyRemote({ remove: ['b'] });
    expect(h.selection()).toEqual([]);
    h.core.undo(); // the move of b no longer applies: the relabel of a is undone instead
    expect(h.boxes()).toEqual([a]);
    expect(h.core.canUndo).toBe(false);
    expect(h.core.canRedo).toBe(true);
    h.core.redo();
    expect(h.boxes()[0]!.label).toBe(3);
    expect(h.core.canRedo).toBe(false);
  });

  it('keeps the flags of boxes it replaces', () => {
    const h = engine([a]);
    h.core.setHidden(['a'], true);
    h.core.applyRemote({ put: [{ ...a, x: 10 }] });
    expect(h.core.getFlags('a').hidden).toBe(true);
    expect(h.core.store.hitTest({ x: 20, y: 110 }, 0)).toBeNull();
  });
});
