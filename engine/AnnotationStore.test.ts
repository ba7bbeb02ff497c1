import { describe, expect, it } from 'vitest';
import { AnnotationStore, type AnnotationChange } from './AnnotationStore';
import type { BoxCommand } from './commands';
import { mulberry32, randomInt, type Random } from './random';
import type { Box } from './types';

function counterIds(prefix = 'op'): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

function box(id: string, x: number, y: number, width: number, height: number, label = 0): Box {
  return { id, x, y, width, height, label };
}

/** The smallest box containing the point, ties to the later slot: the store's contract. */
function linearHit(store: AnnotationStore, px: number, py: number): string | null {
  let best: Box | null = null;
  let bestSlot = -1;
  for (const b of store.boxes()) {
    if (px < b.x || py < b.y || px > b.x + b.width || py > b.y + b.height) continue;
    const slot = store.slotOf(b.id);
    const area = b.width * b.height;
    const bestArea = best ? best.width * best.height : Infinity;
    if (area < bestArea || (area === bestArea && slot > bestSlot)) {
      best = b;
      bestSlot = slot;
    }
  }
  return best?.id ?? null;
}

let idCounter = 0;
function randomCommand(r: Random, store: AnnotationStore, nextId: () => string): BoxCommand {
  const boxes = store.boxes();
  const pick = () => boxes[randomInt(r, 0, boxes.length - 1)]!;
  const op = boxes.length === 0 ? 0 : randomInt(r, 0, 5);
  const id = nextId();
  switch (op) {
    case 0:
      return {
        id,
        type: 'addBoxes',
        boxes: Array.from({ length: randomInt(r, 1, 3) }, () =>
          box(
            `b${++idCounter}`,
            randomInt(r, 0, 900),
            randomInt(r, 0, 900),
            randomInt(r, 20, 90),
            randomInt(r, 20, 90),
            randomInt(r, 0, 3),
          ),
        ),
      };
    case 1: {
      const victims = [
        ...new Map(Array.from({ length: randomInt(r, 1, 2) }, () => pick()).map((b) => [b.id, b])).values(),
      ];
      return { id, type: 'deleteBoxes', boxes: victims };
    }
    case 2: {
      const b = pick();
      return {
        id,
        type: 'moveBoxes',
        moves: [
          {
            boxId: b.id,
            from: { x: b.x, y: b.y },
            to: { x: b.x + randomInt(r, -40, 40), y: b.y + randomInt(r, -40, 40) },
          },
        ],
      };
    }
    case 3: {
      const b = pick();
      return {
        id,
        type: 'resizeBox',
        boxId: b.id,
        from: { x: b.x, y: b.y, width: b.width, height: b.height },
        to: { x: b.x - 5, y: b.y, width: b.width + randomInt(r, 0, 30), height: b.height + 7 },
      };
    }
    case 4: {
      const b = pick();
      return { id, type: 'setLabel', changes: [{ boxId: b.id, from: b.label, to: (b.label + 1) % 4 }] };
    }
    default:
      return {
        id,
        type: 'setBoxes',
        before: boxes,
        after: boxes.filter(() => r() < 0.8).map((b) => ({ ...b, x: b.x + 1 })),
      };
  }
}

describe('AnnotationStore', () => {
  it('undo/redo restore every state exactly over random command sequences', () => {
    const r = mulberry32(7);
    const store = new AnnotationStore({ history: { newId: counterIds('h') } });
    const nextId = counterIds('c');
    const snapshots: Box[][] = [store.boxes()];
    for (let i = 0; i < 150; i++) {
      const command = randomCommand(r, store, nextId);
      // commands are plain data: a JSON round trip changes nothing
      expect(JSON.parse(JSON.stringify(command))).toEqual(command);
      store.execute(command);
      snapshots.push(store.boxes());
    }
    const sorted = (boxes: Box[]) => [...boxes].sort((a, b) => a.id.localeCompare(b.id));
    for (let i = snapshots.length - 2; i >= 0; i--) {
      expect(store.undo()).not.toBeNull();
      expect(sorted(store.boxes())).toEqual(sorted(snapshots[i]!));
    }
    expect(store.undo()).toBeNull();
    for (let i = 1; i < snapshots.length; i++) {
      store.redo();
      expect(sorted(store.boxes())).toEqual(sorted(snapshots[i]!));
    }
    expect(store.redo()).toBeNull();
  });

  it('hit-tests like a linear scan after random edits', () => {
    const r = mulberry32(11);
    const store = new AnnotationStore({ index: { rebuildThreshold: () => 16 } });
    const nextId = counterIds();
    for (let i = 0; i < 300; i++) {
      store.execute(randomCommand(r, store, nextId));
      if (i % 10 === 0 && r() < 0.5) store.undo();
      const got: (string | null)[] = [];
      const want: (string | null)[] = [];
      for (let q = 0; q < 20; q++) {
        const p = { x: randomInt(r, 0, 1000), y: randomInt(r, 0, 1000) };
        got.push(store.hitTest(p, 0)?.boxId ?? null);
        want.push(linearHit(store, p.x, p.y));
      }
      expect(got).toEqual(want);
    }
  });

  it('keeps slots stable, reuses freed ones and reports the changed range', () => {
    const store = new AnnotationStore({ history: { newId: counterIds() } });
    const changes: AnnotationChange[] = [];
    store.on('annotations', (c) => changes.push(c));
    store.load([box('a', 0, 0, 30, 30), box('b', 100, 0, 30, 30), box('c', 200, 0, 30, 30, 2)]);
    expect(changes.at(-1)).toMatchObject({ source: 'load', command: null, slots: { start: 0, end: 3 } });
    expect([...store.rects.subarray(8, 12)]).toEqual([200, 0, 30, 30]);
    expect(store.labelsBySlot[2]).toBe(2);

    store.execute({
      id: '1',
      type: 'moveBoxes',
      moves: [{ boxId: 'c', from: { x: 200, y: 0 }, to: { x: 210, y: 5 } }],
    });
    expect(changes.at(-1)).toMatchObject({ source: 'edit', slots: { start: 2, end: 3 }, reallocated: false });
    expect([...store.rects.subarray(8, 10)]).toEqual([210, 5]);

    store.execute({ id: '2', type: 'deleteBoxes', boxes: [copy(store.get('b')!)] });
    expect(store.labelsBySlot[1]).toBe(-1);
    expect(store.slotCount).toBe(3);
    store.execute({ id: '3', type: 'addBoxes', boxes: [box('d', 0, 100, 40, 40)] });
    expect(store.slotOf('d')).toBe(1); // the freed slot
    expect(store.slotOf('a')).toBe(0);
    expect(store.slotOf('c')).toBe(2);

    const many = Array.from({ length: 300 }, (_, i) => box(`n${i}`, i, i, 20, 20));
    store.execute({ id: '4', type: 'addBoxes', boxes: many });
    expect(changes.at(-1)).toMatchObject({ reallocated: true, slots: { start: 3, end: 303 } });
  });

  it('gives resize handles of the single selected box priority over bodies', () => {
    const store = new AnnotationStore();
    store.load([box('big', 0, 0, 100, 100), box('small', 95, 95, 30, 30)]);
    // (100, 100) is inside both boxes: the smaller body wins
    expect(store.hitTest({ x: 100, y: 100 }, 4)).toEqual({ boxId: 'small', handle: 'body' });
    store.setSelection(['big']);
    expect(store.hitTest({ x: 100, y: 100 }, 4)).toEqual({ boxId: 'big', handle: 'se' });
    expect(store.hitTest({ x: 50, y: 2 }, 4)).toEqual({ boxId: 'big', handle: 'n' });
    expect(store.hitTest({ x: 50, y: 50 }, 4)).toEqual({ boxId: 'big', handle: 'body' });
    store.setSelection(['big', 'small']);
    expect(store.hitTest({ x: 100, y: 100 }, 4)).toEqual({ boxId: 'small', handle: 'body' });
    expect(store.hitTest({ x: 500, y: 500 }, 4)).toBeNull();
  });

  it('drops deleted boxes from the selection and hover', () => {
    const store = new AnnotationStore();
    store.load([box('a', 0, 0, 30, 30), box('b', 100, 0, 30, 30)]);
    const selections: (readonly string[])[] = [];
    store.on('selection', (e) => selections.push(e.ids));
    store.setSelection(['a', 'b', 'ghost']);
    store.setHover('a');
    store.execute({ id: 'x', type: 'deleteBoxes', boxes: [copy(store.get('a')!)] });
    expect([...store.selection]).toEqual(['b']);
    expect(store.hover).toBeNull();
    expect(selections).toEqual([['a', 'b'], ['b']]);
    expect(store.queryRect({ x: 90, y: -10, width: 20, height: 20 })).toEqual(['b']);
  });

  it('previews without history', () => {
    const store = new AnnotationStore();
    store.load([box('a', 0, 0, 30, 30)]);
    store.preview([box('a', 50, 50, 30, 30)]);
    expect(store.get('a')).toMatchObject({ x: 50, y: 50 });
    expect(store.hitTest({ x: 60, y: 60 }, 0)?.boxId).toBe('a');
    expect(store.history.canUndo).toBe(false);
    expect(() => store.preview([box('zzz', 0, 0, 1, 1)])).toThrow(RangeError);
  });
});

function copy(b: Readonly<Box>): Box {
  return { ...b };
}
