import { describe, expect, it } from 'vitest';
import { applyCommand, invertCommand, type BoxCommand, type CommandTarget } from './commands';
import type { Box } from './types';

const tri: Box = { id: 't', x: 10, y: 20, width: 100, height: 50, label: 0, points: [10, 20, 110, 20, 10, 70] };

function target(boxes: Box[]): CommandTarget & { map: Map<string, Box> } {
  const map = new Map(boxes.map((b) => [b.id, structuredClone(b)]));
  return {
    map,
    getBox: (id) => map.get(id),
    putBox: (b) => map.set(b.id, b),
    removeBox: (id) => map.delete(id),
    replaceAll: (list) => {
      map.clear();
      for (const b of list) map.set(b.id, b);
    },
  };
}

describe('polygon commands', () => {
  it('setPoints sets the points and the bounding box; its inverse restores both; JSON-safe', () => {
    const t = target([tri]);
    const command: BoxCommand = {
      id: 'c1',
      type: 'setPoints',
      boxId: 't',
      from: tri.points!,
      to: [0, 0, 200, 10, 50, 90],
    };
    expect(JSON.parse(JSON.stringify(command))).toEqual(command);
    applyCommand(t, command);
    expect(t.map.get('t')).toEqual({ ...tri, x: 0, y: 0, width: 200, height: 90, points: [0, 0, 200, 10, 50, 90] });
    const inverse = invertCommand(command, 'c2');
    expect(inverse).toEqual({ id: 'c2', type: 'setPoints', boxId: 't', from: [0, 0, 200, 10, 50, 90], to: tri.points });
    applyCommand(t, inverse);
    expect(t.map.get('t')).toEqual(tri);
  });

  it('moveBoxes translates the points; applying it twice changes nothing more', () => {
    const t = target([tri]);
    const move: BoxCommand = {
      id: 'm',
      type: 'moveBoxes',
      moves: [{ boxId: 't', from: { x: 10, y: 20 }, to: { x: 15, y: 0 } }],
    };
    applyCommand(t, move);
    applyCommand(t, move);
    expect(t.map.get('t')).toEqual({ ...tri, x: 15, y: 0, points: [15, 0, 115, 0, 15, 50] });
    applyCommand(t, invertCommand(move, 'u'));
    expect(t.map.get('t')).toEqual(tri);
  });

  it('resizeBox scales the points with the box', () => {
    const t = target([tri]);
    applyCommand(t, {
      id: 'r',
      type: 'resizeBox',
      boxId: 't',
      from: { x: 10, y: 20, width: 100, height: 50 },
      to: { x: 10, y: 20, width: 50, height: 100 },
    });
    expect(t.map.get('t')?.points).toEqual([10, 20, 60, 20, 10, 120]);
  });

  it('addBoxes and deleteBoxes carry the points, copied (nothing shared with the command)', () => {
    const t = target([]);
    const add: BoxCommand = { id: 'a', type: 'addBoxes', boxes: [tri] };
    applyCommand(t, add);
    expect(t.map.get('t')).toEqual(tri);
    expect(t.map.get('t')?.points).not.toBe(tri.points);
    const del = invertCommand(add, 'd');
    expect(del).toEqual({ id: 'd', type: 'deleteBoxes', boxes: [tri] });
    applyCommand(t, del);
    applyCommand(t, invertCommand(del, 'a2'));
    expect(t.map.get('t')).toEqual(tri);
  });
});
