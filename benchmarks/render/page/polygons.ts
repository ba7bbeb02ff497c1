/**
 * The polygon case of the render benchmark (benchmarks/renderPolygons.bench.ts): our engine on a
 * procedural image with `?polygons=N` seeded polygons of 20–40 vertices, select tool. The driver
 * talks to `window.polygonBench`.
 */
import { createEngine, ProceduralTileSource, SYNTHETIC_LABELS, type Box, type View } from '../../../engine';

const params = new URLSearchParams(location.search);
const count = Number(params.get('polygons') ?? 10_000);
const side = Number(params.get('side') ?? 8192);

/** Seeded star-shaped (hence simple) polygons spread over the image. */
function polygons(n: number, seed: number): Box[] {
  let state = seed >>> 0;
  const rand = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out: Box[] = [];
  for (let i = 0; i < n; i++) {
    const r = 15 + rand() * 45;
    const cx = r + rand() * (side - 2 * r);
    const cy = r + rand() * (side - 2 * r);
    const k = 20 + Math.floor(rand() * 21);
    const points: number[] = [];
    for (let j = 0; j < k; j++) {
      const a = (j / k) * 2 * Math.PI;
      const rr = r * (0.6 + 0.4 * rand());
      points.push(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr);
    }
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let j = 0; j < k; j++) {
      x0 = Math.min(x0, points[2 * j]!);
      x1 = Math.max(x1, points[2 * j]!);
      y0 = Math.min(y0, points[2 * j + 1]!);
      y1 = Math.max(y1, points[2 * j + 1]!);
    }
    out.push({
      id: `p${i}`,
      x: x0,
      y: y0,
      width: x1 - x0,
      height: y1 - y0,
      label: i % SYNTHETIC_LABELS.length,
      points,
    });
  }
  return out;
}

const canvas = document.getElementById('canvas') as HTMLCanvasElement;
const engine = createEngine(canvas, { dpr: 1, tool: 'select' });
engine.setLabels([...SYNTHETIC_LABELS]);
engine.loadImage(new ProceduralTileSource({ width: side, height: side }));
const list = polygons(count, 11);
engine.setAnnotations(list);

const bench = {
  side,
  count,
  setView: (v: View) => engine.setView(v),
  whenIdle: () => engine.whenIdle(),
  /** Selects polygon `i`, centres it at zoom `zoom`; returns its first vertex's screen position. */
  focus(i: number, zoom: number): { x: number; y: number } {
    const p = list[i];
    if (!p?.points) {
      // No polygons (the baseline): the same zoom and pointer path over the empty image.
      engine.setView({ centerX: side / 2, centerY: side / 2, zoom });
      return { x: 400, y: 300 };
    }
    engine.select([p.id]);
    const cx = p.x + p.width / 2;
    const cy = p.y + p.height / 2;
    engine.setView({ centerX: cx, centerY: cy, zoom });
    return { x: 400 + (p.points[0]! - cx) * zoom, y: 300 + (p.points[1]! - cy) * zoom };
  },
  points: (i: number) => engine.getBoxes().find((b) => b.id === `p${i}`)?.points ?? [],
  stats: () => ({ ...engine.stats(), ...engine.debug.polygonStats(), renderer: engine.debug.rendererInfo() }),
};
(window as unknown as { polygonBench: typeof bench }).polygonBench = bench;
