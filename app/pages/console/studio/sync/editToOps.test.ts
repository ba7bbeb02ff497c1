import { describe, expect, it } from 'vitest';
import type { Box, BoxCommand } from '../../../../../engine';
import { boxToAnnotation, classToOps, editToOps, type EditContext } from './editToOps';

const ctx: EditContext = { labelIds: ['L0', 'L1'], kind: 'box' };
const box = (id: string, x = 10, label = 0): Box => ({ id, x, y: 20, width: 30, height: 40, label });

function reader(boxes: Box[]) {
  const map = new Map(boxes.map((b) => [b.id, b]));
  return (id: string) => map.get(id);
}

describe('editToOps', () => {
  it('turns added, moved, resized and relabelled boxes into puts of their state after the command', () => {
    const after = [box('a', 50, 1), box('b')];
    const commands: BoxCommand[] = [
      { id: 'c1', type: 'addBoxes', boxes: [box('b')] },
      { id: 'c2', type: 'moveBoxes', moves: [{ boxId: 'a', from: { x: 10, y: 20 }, to: { x: 50, y: 20 } }] },
      {
        id: 'c3',
        type: 'resizeBox',
        boxId: 'a',
        from: { x: 0, y: 0, width: 1, height: 1 },
        to: { x: 50, y: 20, width: 30, height: 40 },
      },
      { id: 'c4', type: 'setLabel', changes: [{ boxId: 'a', from: 0, to: 1 }] },
    ];
    const ops = commands.map((c) => editToOps(c, reader(after), ctx));
    expect(ops[0]).toEqual([
      { type: 'put', annotation: { id: 'b', labelId: 'L0', kind: 'box', x: 10, y: 20, width: 30, height: 40 } },
    ]);
    for (const o of ops.slice(1))
      expect(o).toEqual([
        { type: 'put', annotation: { id: 'a', labelId: 'L1', kind: 'box', x: 50, y: 20, width: 30, height: 40 } },
      ]);
  });

  it('turns deleted boxes into deletes', () => {
    const ops = editToOps({ id: 'c', type: 'deleteBoxes', boxes: [box('a'), box('b')] }, reader([]), ctx);
    expect(ops).toEqual([
      { type: 'delete', id: 'a' },
      { type: 'delete', id: 'b' },
    ]);
  });

  it('sends only the difference of a bulk replace', () => {
    const before = [box('a'), box('b'), box('c')];
    const after = [box('a'), box('b', 99), box('d')];
    const ops = editToOps({ id: 'c', type: 'setBoxes', before, after }, reader(after), ctx);
    expect(ops.map((o) => (o.type === 'put' ? `put ${o.annotation.id}` : `delete ${o.id}`))).toEqual([
      'put b',
      'put d',
      'delete c',
    ]);
  });

  it('writes a box with points as a polygon, and any command naming a boxId (setPoints)', () => {
    const poly = { ...box('p'), points: [0, 0, 10, 0, 10, 10] };
    const command = { id: 'c', type: 'setPoints', boxId: 'p', from: [], to: poly.points } as unknown as BoxCommand;
    expect(editToOps(command, reader([poly]), { labelIds: ['L0'], kind: 'polygon' })).toEqual([
      {
        type: 'put',
        annotation: {
          id: 'p',
          labelId: 'L0',
          kind: 'polygon',
          x: 10,
          y: 20,
          width: 30,
          height: 40,
          points: [0, 0, 10, 0, 10, 10],
        },
      },
    ]);
  });

  it('keeps an edit whose label index the project lacks, with an empty label id (refused later, not dropped)', () => {
    expect(boxToAnnotation(box('a', 10, 7), ctx).labelId).toBe('');
  });

  it('writes class annotations without geometry', () => {
    expect(boxToAnnotation(box('a', 10, 1), { labelIds: ['L0', 'L1'], kind: 'class' })).toEqual({
      id: 'a',
      labelId: 'L1',
      kind: 'class',
      x: 0,
      y: 0,
      width: 0,
      height: 0,
    });
    expect(classToOps(null, 'L1', 'new')).toEqual([
      { type: 'put', annotation: { id: 'new', labelId: 'L1', kind: 'class', x: 0, y: 0, width: 0, height: 0 } },
    ]);
    expect(classToOps({ id: 'old' }, 'L0', 'new')[0]).toMatchObject({ annotation: { id: 'old', labelId: 'L0' } });
    expect(classToOps({ id: 'old' }, null, 'new')).toEqual([{ type: 'delete', id: 'old' }]);
    expect(classToOps(null, null, 'new')).toEqual([]);
  });
});
