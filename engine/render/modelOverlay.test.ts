import { describe, expect, it } from 'vitest';
import { POLYGON_OVERLAY_VERTEX } from '../../shaders';
import { AnnotationStore } from '../AnnotationStore';
import { PolygonOverlay } from './PolygonOverlay';
import { colorWord } from './PolygonLines';

const WORDS = POLYGON_OVERLAY_VERTEX.words;
const RED = colorWord(0xff0000ff);
const BLUE = colorWord(0x0000ffff);
const WHITE = colorWord(0xffffffff);

function vertices(o: PolygonOverlay) {
  const f = new Float32Array(o.data.buffer);
  const u = new Uint32Array(o.data.buffer);
  return Array.from({ length: o.count }, (_, i) => ({
    x: f[i * WORDS]!,
    y: f[i * WORDS + 1]!,
    hw: Math.hypot(f[i * WORDS + 2]!, f[i * WORDS + 3]!),
    color: u[i * WORDS + 4]!,
    dash: f[i * WORDS + 5]!,
  }));
}

function store() {
  const s = new AnnotationStore({
    labels: [
      { name: 'a', color: '#ff0000' },
      { name: 'b', color: '#0000ff' },
    ],
  });
  s.load([
    { id: 'm', x: 10, y: 10, width: 50, height: 40, label: 0 },
    { id: 'h', x: 100, y: 100, width: 30, height: 30, label: 0 },
    { id: 'p', x: 200, y: 200, width: 40, height: 40, label: 1 },
  ]);
  return s;
}

describe('model overlay', () => {
  it('draws each proposal as a dashed rectangle in its label colour over a solid halo', () => {
    const o = new PolygonOverlay();
    o.build(store(), new Uint32Array([RED, BLUE]), {
      draft: null,
      proposal: null,
      models: {
        proposals: [{ id: 'p1', box: { x: 0, y: 0, width: 100, height: 50 }, label: 1, score: 0.9 }],
        focus: null,
        machine: new Set(),
      },
    });
    const v = vertices(o);
    // Halo: 4 solid sides; outline: 4 dashed sides (6 vertices a side).
    expect(v).toHaveLength(2 * 4 * 6);
    const dashed = v.filter((p) => p.dash >= 0);
    expect(dashed).toHaveLength(4 * 6);
    expect(dashed.every((p) => p.color === BLUE)).toBe(true);
    // The dash distance runs once around the rectangle: 2 × (100 + 50).
    expect(Math.max(...dashed.map((p) => p.dash))).toBe(300);
    expect(new Set(dashed.map((p) => `${p.x},${p.y}`))).toEqual(new Set(['0,0', '100,0', '100,50', '0,50']));
  });

  it('draws the focused proposal thicker', () => {
    const widths = (focus: string | null) => {
      const o = new PolygonOverlay();
      o.build(store(), new Uint32Array([RED, BLUE]), {
        draft: null,
        proposal: null,
        models: {
          proposals: [{ id: 'p1', box: { x: 0, y: 0, width: 10, height: 10 }, label: 0, score: 0.5 }],
          focus,
          machine: new Set(),
        },
      });
      return Math.max(
        ...vertices(o)
          .filter((p) => p.dash >= 0)
          .map((p) => p.hw),
      );
    };
    expect(widths('p1')).toBeGreaterThan(widths(null));
  });

  it('gives machine labels white dashes along their outline, skipping hidden and unknown ones', () => {
    const s = store();
    s.setHidden(['h'], true);
    const o = new PolygonOverlay();
    o.build(s, new Uint32Array([RED, BLUE]), {
      draft: null,
      proposal: null,
      models: { proposals: [], focus: null, machine: new Set(['m', 'h', 'gone']) },
    });
    const v = vertices(o);
    expect(v).toHaveLength(4 * 6);
    expect(v.every((p) => p.color === WHITE && p.dash >= 0)).toBe(true);
    expect(new Set(v.map((p) => `${p.x},${p.y}`))).toEqual(new Set(['10,10', '60,10', '60,50', '10,50']));
  });
});
