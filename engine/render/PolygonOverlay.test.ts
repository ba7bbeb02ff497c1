import { describe, expect, it } from 'vitest';
import { POLYGON_OVERLAY_VERTEX } from '../../shaders';
import { AnnotationStore } from '../AnnotationStore';
import { PolygonOverlay } from './PolygonOverlay';

const WORDS = POLYGON_OVERLAY_VERTEX.words;

function vertices(o: PolygonOverlay): { x: number; y: number; ox: number; oy: number; dash: number }[] {
  const f = new Float32Array(o.data.buffer);
  return Array.from({ length: o.count }, (_, i) => ({
    x: f[i * WORDS]!,
    y: f[i * WORDS + 1]!,
    ox: f[i * WORDS + 2]!,
    oy: f[i * WORDS + 3]!,
    dash: f[i * WORDS + 5]!,
  }));
}

const square = { id: 'sq', x: 0, y: 0, width: 100, height: 100, label: 0, points: [0, 0, 100, 0, 100, 100, 0, 100] };

describe('PolygonOverlay', () => {
  it('is empty with nothing selected, hovered, drawn or proposed', () => {
    const store = new AnnotationStore({ labels: [{ name: 'a', color: '#ff0000' }] });
    store.load([square]);
    const o = new PolygonOverlay();
    o.build(store, new Uint32Array([0xff0000ff]), { draft: null, proposal: null });
    expect(o.count).toBe(0);
  });

  it('a single selected polygon gets a fill, a thick outline and a handle on every vertex', () => {
    const store = new AnnotationStore({ labels: [{ name: 'a', color: '#ff0000' }] });
    store.load([square]);
    store.setSelection(['sq']);
    const o = new PolygonOverlay();
    o.build(store, new Uint32Array([0xff0000ff]), { draft: null, proposal: null });
    const v = vertices(o);
    // Fill: 2 triangles; outline: 4 quads; handles: 2 squares on each of 4 vertices.
    expect(v).toHaveLength(2 * 3 + 4 * 6 + 4 * 2 * 6);
    const handleCorners = v.filter((p) => Math.abs(p.ox) === 4.5 && Math.abs(p.oy) === 4.5);
    expect(new Set(handleCorners.map((p) => `${p.x},${p.y}`))).toEqual(new Set(['0,0', '100,0', '100,100', '0,100']));
    expect(v.every((p) => p.dash < 0)).toBe(true);
  });

  it('draws the proposal dashed, with the distance along the outline growing around it', () => {
    const store = new AnnotationStore();
    const o = new PolygonOverlay();
    o.build(store, new Uint32Array(0), { draft: null, proposal: { points: [0, 0, 10, 0, 10, 10, 0, 10] } });
    const dashes = vertices(o)
      .map((p) => p.dash)
      .filter((d) => d >= 0);
    expect(dashes.length).toBeGreaterThan(0);
    expect(Math.max(...dashes)).toBe(40);
  });

  it('draws the polygon being drawn with a rubber band to the pointer', () => {
    const store = new AnnotationStore();
    const o = new PolygonOverlay();
    o.build(store, new Uint32Array(0), { draft: { points: [0, 0, 50, 0], pointer: { x: 50, y: 70 } }, proposal: null });
    expect(vertices(o).some((p) => p.x === 50 && p.y === 70)).toBe(true);
  });
});
