import { describe, expect, it } from 'vitest';
import { POLYGON_VERTEX } from '../../shaders';
import { AnnotationStore } from '../AnnotationStore';
import type { Box } from '../types';
import { PolygonLines } from './PolygonLines';
import { BoxLayer } from './BoxLayer';
import { BoxMapBuild } from './BoxMapBuild';
import { rasterizePolygonOutline } from './polygonMapRaster';

const LABELS = [
  { name: 'a', color: '#ff0000' },
  { name: 'b', color: '#00ff00' },
];

function square(id: string, x: number, y: number, size = 10, label = 0): Box {
  return { id, x, y, width: size, height: size, label, points: [x, y, x + size, y, x + size, y + size, x, y + size] };
}

function setup(boxes: Box[]) {
  const store = new AnnotationStore({ labels: LABELS });
  store.load(boxes);
  const colors = new Uint32Array([0xff0000ff, 0xff00ff00]);
  const lines = new PolygonLines(store, () => colors);
  lines.rebuild();
  lines.takeDirty();
  return { store, lines };
}

/** The segments the outline buffer draws for slot `s`: [x0, y0, x1, y1, colour] for each visible one. */
function segmentsOf(lines: PolygonLines, s: number): number[][] {
  const range = lines.rangeOf(s);
  if (!range) return [];
  const f = new Float32Array(lines.data.buffer);
  const u = new Uint32Array(lines.data.buffer);
  const out: number[][] = [];
  for (let k = range.start; k < range.start + range.capacity; k++) {
    const o = k * 2 * POLYGON_VERTEX.words;
    if (u[o + 2] !== 0) out.push([f[o]!, f[o + 1]!, f[o + 3]!, f[o + 4]!, u[o + 2]!]);
  }
  return out;
}

describe('PolygonLines', () => {
  it('writes every polygon as closed segments in its label colour; boxes get none', () => {
    const { store, lines } = setup([square('a', 0, 0), { id: 'box', x: 5, y: 5, width: 30, height: 30, label: 1 }]);
    expect(segmentsOf(lines, store.slotOf('a'))).toEqual([
      [0, 0, 10, 0, 0xff0000ff],
      [10, 0, 10, 10, 0xff0000ff],
      [10, 10, 0, 10, 0xff0000ff],
      [0, 10, 0, 0, 0xff0000ff],
    ]);
    expect(lines.rangeOf(store.slotOf('box'))).toBeNull();
  });

  it('an edit rewrites only its range (a small dirty byte range); a grown polygon moves to the tail', () => {
    const boxes = Array.from({ length: 50 }, (_, i) => square(`p${i}`, (i % 10) * 100, Math.floor(i / 10) * 100));
    const { store, lines } = setup(boxes);
    const s = store.slotOf('p7');
    const before = lines.rangeOf(s)!;
    store.execute({ id: 'c', type: 'setPoints', boxId: 'p7', from: boxes[7]!.points!, to: [700, 0, 720, 0, 700, 20] });
    lines.update(s);
    expect(lines.rangeOf(s)).toEqual(before);
    expect(segmentsOf(lines, s)).toHaveLength(3);
    const dirty = lines.takeDirty();
    expect(dirty.end - dirty.start).toBe(before.capacity * 2 * POLYGON_VERTEX.bytes);
    // Eight vertices: more than the range holds.
    const big = [700, 0, 710, 0, 720, 0, 730, 0, 730, 30, 720, 30, 710, 30, 700, 30];
    store.execute({ id: 'd', type: 'setPoints', boxId: 'p7', from: [700, 0, 720, 0, 700, 20], to: big });
    const usedBefore = lines.used;
    lines.update(s);
    expect(lines.rangeOf(s)!.start).toBe(usedBefore);
    expect(segmentsOf(lines, s)).toHaveLength(8);
  });

  it('a deleted polygon is no longer drawn', () => {
    const { store, lines } = setup([square('a', 0, 0), square('b', 50, 50)]);
    const s = store.slotOf('a');
    store.execute({ id: 'x', type: 'deleteBoxes', boxes: [square('a', 0, 0)] });
    lines.update(s);
    expect(segmentsOf(lines, s)).toEqual([]);
  });

  it('culls by grid cell: a view over one corner draws far fewer vertices than all', () => {
    const boxes = Array.from({ length: 400 }, (_, i) => square(`p${i}`, (i % 20) * 500, Math.floor(i / 20) * 500));
    const { lines } = setup(boxes);
    const all = lines.visibleRanges({ x: -1, y: -1, width: 20_000, height: 20_000 });
    const total = all.filter((_, i) => i % 2 === 1).reduce((a, b) => a + b, 0);
    expect(total).toBe(lines.vertexCount);
    const corner = lines.visibleRanges({ x: 0, y: 0, width: 900, height: 900 });
    const drawn = corner.filter((_, i) => i % 2 === 1).reduce((a, b) => a + b, 0);
    expect(drawn).toBeGreaterThanOrEqual(4 * 2 * 6); // the four squares in view, with headroom
    expect(drawn).toBeLessThan(total / 10);
  });

  it('a polygon moved out of its cell stays visible there (its cell grows)', () => {
    const boxes = Array.from({ length: 400 }, (_, i) => square(`p${i}`, (i % 20) * 500, Math.floor(i / 20) * 500));
    const { store, lines } = setup(boxes);
    store.execute({
      id: 'm',
      type: 'moveBoxes',
      moves: [{ boxId: 'p0', from: { x: 0, y: 0 }, to: { x: 9000, y: 9000 } }],
    });
    lines.update(store.slotOf('p0'));
    const range = lines.rangeOf(store.slotOf('p0'))!;
    const ranges = lines.visibleRanges({ x: 8990, y: 8990, width: 30, height: 30 });
    const covered = ranges.some((v, i) => i % 2 === 0 && v <= 2 * range.start && 2 * range.start < v + ranges[i + 1]!);
    expect(covered).toBe(true);
  });
});

describe('PolygonLines, coarse level', () => {
  it('keeps every k-th vertex (at most about maxVertices), closing the outline', () => {
    const points = Array.from({ length: 40 }, (_, i) => [
      500 + 100 * Math.cos((i / 40) * 2 * Math.PI),
      500 + 100 * Math.sin((i / 40) * 2 * Math.PI),
    ]).flat();
    const store = new AnnotationStore({ labels: LABELS });
    store.load([{ id: 'c', x: 400, y: 400, width: 200, height: 200, label: 0, points }]);
    const coarse = new PolygonLines(store, () => new Uint32Array([1]), 8);
    coarse.rebuild();
    const segs = segmentsOf(coarse, 0);
    expect(segs).toHaveLength(8);
    expect(segs[0]!.slice(0, 4).map((v) => Math.round(v))).toEqual([
      600,
      500,
      Math.round(points[10]!),
      Math.round(points[11]!),
    ]);
    expect(segs[7]!.slice(2, 4).map((v) => Math.round(v))).toEqual([600, 500]);
    expect(coarse.meanEdge).toBeCloseTo(2 * 100 * Math.sin(Math.PI / 40), 3);
  });
});

describe('polygon outlines in the box map', () => {
  it('polygons weigh more than boxes in the estimate that picks the box map', () => {
    const store = new AnnotationStore({ labels: LABELS });
    const layer = new BoxLayer(store, { labelFont: 'sans-serif', invalidate: () => {}, defer: (run) => run() });
    layer.setImageSize(1000, 1000);
    store.load([square('p', 100, 100), { id: 'b', x: 500, y: 500, width: 10, height: 10, label: 0 }]);
    layer.onAnnotations({ command: null, source: 'load', slots: { start: 0, end: 2 }, reallocated: false });
    const whole = { x: 0, y: 0, width: 1000, height: 1000 };
    expect(layer.estimate(whole)).toBe(4);
    // The polygon deleted: its weight leaves the count with it.
    store.execute({ id: 'x', type: 'deleteBoxes', boxes: [square('p', 100, 100)] });
    layer.onAnnotations({ command: null, source: 'edit', slots: { start: 0, end: 1 }, reallocated: false });
    expect(layer.estimate(whole)).toBe(1);
  });

  it('the box map draws a polygon by its outline, not its box', () => {
    const store = new AnnotationStore({ labels: LABELS });
    store.load([
      { id: 't', x: 0, y: 0, width: 80, height: 80, label: 1, points: [0, 0, 0, 79, 79, 79] },
      { id: 'b', x: 90, y: 90, width: 8, height: 8, label: 0 },
    ]);
    const build = new BoxMapBuild(100, 100, 1);
    build.raster(store, 100);
    const at = (x: number, y: number) => build.pixels[y * 100 + x];
    expect(at(0, 40)).toBe(2); // the triangle's left edge
    expect(at(40, 79)).toBe(2); // its bottom edge
    expect(at(40, 40)).toBe(2); // its diagonal
    expect(at(79, 0)).toBe(0); // its box's top-right corner: not drawn
    expect(at(60, 0)).toBe(0);
    expect(at(90, 94)).toBe(1); // a plain box keeps its rectangle
  });

  it('draws each edge one map pixel wide', () => {
    const out = new Uint8Array(10 * 10);
    rasterizePolygonOutline(out, 10, 10, 0.5, [2, 2, 16, 2, 16, 16, 2, 16], 3);
    const row = (y: number) => Array.from(out.subarray(y * 10, y * 10 + 10));
    expect(row(1)).toEqual([0, 3, 3, 3, 3, 3, 3, 3, 3, 0]);
    expect(row(4)).toEqual([0, 3, 0, 0, 0, 0, 0, 0, 3, 0]);
    expect(row(8)).toEqual([0, 3, 3, 3, 3, 3, 3, 3, 3, 0]);
    expect(row(0)).toEqual(new Array(10).fill(0));
  });
});
