import { describe, expect, it } from 'vitest';
import { fitInImage, PASTE_OFFSET_PX, placeBoxes } from './clipboard';
import { createHeadlessScene, type HeadlessEngine } from './headless';
import type { Box } from './types';

const engine = (width = 4000, height = 3000, boxes: Box[] = []): HeadlessEngine =>
  createHeadlessScene(boxes, { width, height });

const a: Box = { id: 'a', x: 100, y: 100, width: 50, height: 50, label: 0 };
const b: Box = { id: 'b', x: 300, y: 200, width: 60, height: 40, label: 2 };

describe('fitInImage', () => {
  it('moves a box inside the image and cuts one larger than the image', () => {
    const image = { width: 500, height: 400 };
    expect(fitInImage({ ...a, x: 480, y: -10 }, image)).toEqual({ ...a, x: 450, y: 0 });
    expect(fitInImage({ ...a, x: -5, y: 10, width: 900, height: 30 }, image)).toEqual({
      ...a,
      x: 0,
      y: 10,
      width: 500,
      height: 30,
    });
  });

  it('moves a polygon with its points', () => {
    const poly: Box = { id: 'p', x: 90, y: 10, width: 20, height: 20, label: 0, points: [90, 10, 110, 10, 100, 30] };
    expect(fitInImage(poly, { width: 100, height: 100 })).toMatchObject({ x: 80, points: [80, 10, 100, 10, 90, 30] });
  });
});

describe('placeBoxes', () => {
  it('gives fresh ids and shifts the paste until it lands on free spots', () => {
    let n = 0;
    const taken = new Set([`${a.x},${a.y}`, `${a.x + PASTE_OFFSET_PX},${a.y + PASTE_OFFSET_PX}`]);
    const placed = placeBoxes(
      [a],
      { width: 1000, height: 1000 },
      () => `n${++n}`,
      (r) => taken.has(`${r.x},${r.y}`),
    );
    expect(placed).toEqual([{ ...a, id: 'n1', x: 120, y: 120 }]);
  });

  it('shifts left and up at the bottom-right border', () => {
    const corner: Box = { ...a, x: 950, y: 950 };
    const placed = placeBoxes(
      [corner],
      { width: 1000, height: 1000 },
      () => 'n',
      (r) => r.x === 950 && r.y === 950,
    );
    expect(placed[0]).toMatchObject({ x: 950 - PASTE_OFFSET_PX, y: 950 - PASTE_OFFSET_PX });
  });
});

describe('copy and paste', () => {
  it('copySelection returns plain copies; paste on the same image is one addBoxes command, offset, selected', () => {
    const h = engine(4000, 3000, [a, b]);
    h.core.select(['a', 'b']);
    const copied = h.core.copySelection();
    expect(copied).toEqual([a, b]);
    copied[0]!.x = 9999; // a copy: the store is untouched
    expect(h.boxes()[0]).toEqual(a);
    const ids = h.core.paste(h.core.copySelection());
    expect(ids).toEqual(['box-1', 'box-2']);
    expect(h.selection()).toEqual(ids);
    expect(h.journal).toHaveLength(1);
    expect(h.journal[0]).toMatchObject({ type: 'addBoxes' });
    expect(h.boxes().slice(2)).toEqual([
      { ...a, id: 'box-1', x: 110, y: 110 },
      { ...b, id: 'box-2', x: 310, y: 210 },
    ]);
    // Pasting again lands one step further, never on the first paste.
    h.core.paste([a]);
    expect(h.boxes()[4]).toMatchObject({ x: 120, y: 120 });
    h.core.undo();
    h.core.undo();
    expect(h.boxes()).toEqual([a, b]);
  });

  it('paste with offset: false pastes exactly where the boxes were', () => {
    const h = engine(4000, 3000, [a]);
    h.core.paste([a], { offset: false });
    expect(h.boxes()[1]).toEqual({ ...a, id: 'box-1' });
  });

  it('pastes boxes from another (larger) image clamped inside this one', () => {
    const source = engine(4000, 3000, [{ id: 'far', x: 3000, y: 2500, width: 200, height: 100, label: 1 }]);
    source.core.selectAll();
    const clip = source.core.copySelection();
    const h = engine(1000, 800);
    h.core.paste(clip);
    expect(h.boxes()).toEqual([{ id: 'box-1', x: 800, y: 700, width: 200, height: 100, label: 1 }]);
    expect(h.selection()).toEqual(['box-1']);
  });

  it('addBoxes copies all annotations of another image as one command, fresh ids, selection unchanged', () => {
    const h = engine(4000, 3000, [a]);
    h.core.select(['a']);
    const ids = h.core.addBoxes([a, b]);
    expect(ids).toEqual(['box-1', 'box-2']);
    expect(h.boxes().slice(1)).toEqual([
      { ...a, id: 'box-1' },
      { ...b, id: 'box-2' },
    ]);
    expect(h.selection()).toEqual(['a']);
    expect(h.journal.map((c) => c.type)).toEqual(['addBoxes']);
    h.core.undo();
    expect(h.boxes()).toEqual([a]);
  });

  it('pasting nothing changes nothing', () => {
    const h = engine();
    expect(h.core.paste([])).toEqual([]);
    expect(h.core.addBoxes([])).toEqual([]);
    expect(h.journal).toEqual([]);
  });
});
