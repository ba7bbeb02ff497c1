/**
 * The page of the `assist-point 1024` benchmark: the assist point as the studio wires it — the
 * engine's assist tool (the headless core: nothing here needs a GPU), `attachAssist`, and the
 * real assist worker from workers/clients.ts — on seeded synthetic 1024 × 1024 images served as
 * decoded 512 px tiles. Each run clicks a different point inside the object at zoom 1, so a
 * fresh 1024 × 1024 window is composed on the main thread and transferred to the worker.
 * Latency: from the click to `setProposal`. Long tasks (≥ 50 ms) on the main thread are
 * counted by a PerformanceObserver over the timed runs only. The driver is ../assistPoint.ts.
 */
import { attachAssist } from '../../../engine/assist/runAssist';
import {
  boxIou,
  makeScene,
  type Scene,
  type SceneBackground,
  type SceneShape,
} from '../../../engine/assist/syntheticScenes';
import { createHeadlessEngine } from '../../../engine/headless';
import { gridSize, pyramidInfo, tileLevelRect } from '../../../engine/pyramid';
import { mulberry32 } from '../../../engine/random';
import type { ProposalShape } from '../../../engine/tools/AssistTool';
import type { Rect, TileImage, TileSource } from '../../../engine/types';
import { assistPointWorker } from '../../../workers/clients';

/** What the driver reads. */
export interface AssistBench {
  /** Runs `count` timed clicks after `warmup` untimed ones. */
  run(count: number, warmup: number): Promise<AssistBenchResult>;
}

export interface AssistBenchResult {
  latencyMs: number[];
  /** proposeRegion's own time in the worker, per run. */
  workerMs: number[];
  longTasks: number;
  longestTaskMs: number;
  /** Smallest box IoU with the true object over the runs. */
  minIou: number;
}

declare global {
  interface Window {
    assistBench?: AssistBench;
  }
}

const SIZE = 1024;
const SCENES: { shape: SceneShape; background: SceneBackground; contrast: number; noise: number }[] = [
  { shape: 'rectangle', background: 'noise', contrast: 80, noise: 6 },
  { shape: 'ellipse', background: 'gradient', contrast: 40, noise: 6 },
  { shape: 'blob', background: 'texture', contrast: 60, noise: 8 },
  { shape: 'ellipse', background: 'noise', contrast: 15, noise: 4 },
  { shape: 'blob', background: 'gradient', contrast: 25, noise: 5 },
  { shape: 'rectangle', background: 'texture', contrast: 20, noise: 4 },
];

/**
 * A scene as a pyramid of decoded 512 px tiles, cut once and handed out as they are: a decoder
 * worker's tile arrives transferred, with no copy on the main thread (collectWindow only reads it).
 */
function sceneSource(scene: Scene): TileSource {
  const info = pyramidInfo(SIZE, SIZE, 512);
  const cut = new Map<string, { width: number; height: number; data: Uint8ClampedArray }>();
  for (let level = 0; level < info.levels; level++) {
    const s = 2 ** level;
    const { cols, rows } = gridSize(info, level);
    for (let y = 0; y < rows; y++)
      for (let x = 0; x < cols; x++) {
        const r = tileLevelRect(info, level, x, y);
        const data = new Uint8ClampedArray(r.width * r.height * 4);
        for (let ty = 0; ty < r.height; ty++)
          for (let tx = 0; tx < r.width; tx++) {
            const src = ((r.y + ty) * s * SIZE + (r.x + tx) * s) * 4;
            for (let c = 0; c < 4; c++) data[(ty * r.width + tx) * 4 + c] = scene.window.data[src + c]!;
          }
        cut.set(`${level}/${x}/${y}`, { width: r.width, height: r.height, data });
      }
  }
  return {
    info,
    getTile(level: number, x: number, y: number): Promise<TileImage> {
      const tile = cut.get(`${level}/${x}/${y}`)!;
      return Promise.resolve(tile);
    },
  };
}

/** A pixel inside the object, well away from its edge (seeded). */
function clickInside(scene: Scene, random: () => number): { x: number; y: number } {
  const b = scene.truthBox;
  for (;;) {
    const x = Math.floor(b.x + b.width * (0.25 + 0.5 * random()));
    const y = Math.floor(b.y + b.height * (0.25 + 0.5 * random()));
    if (scene.truth[y * SIZE + x] === 1) return { x, y };
  }
}

const scenes = SCENES.map((o, i) => makeScene({ ...o, seed: 100 + i, width: SIZE, height: SIZE }));
const sources = scenes.map(sceneSource);
const engine = createHeadlessEngine({ width: SIZE, height: SIZE, tool: 'assistPoint' });
const worker = assistPointWorker();
let source: TileSource = sources[0]!;
let answered: ((shape: ProposalShape | null) => void) | null = null;
let lastWorkerMs = 0;
attachAssist(
  {
    on: (type, listener) => engine.core.on(type, listener),
    getView: () => engine.core.view,
    getSource: () => source,
    setProposal: (shape) => {
      engine.core.setProposal(shape);
      answered?.(shape);
    },
  },
  { service: worker.service, dpr: () => 1, onTiming: (t) => (lastWorkerMs = t.proposeMs) },
);

/** One click on image point `p` of scene `k`; resolves with the latency and the proposal. */
async function clickOnce(k: number, p: { x: number; y: number }): Promise<{ ms: number; box: Rect | null }> {
  source = sources[k]!;
  engine.core.setTool('pan');
  engine.core.setTool('assistPoint');
  engine.core.setView({ centerX: p.x, centerY: p.y, zoom: 1 });
  const s = engine.toScreen(p.x, p.y);
  const done = new Promise<ProposalShape | null>((resolve) => (answered = resolve));
  const t0 = performance.now();
  engine.click(s.x, s.y);
  const shape = await done;
  return { ms: performance.now() - t0, box: shape?.box ?? null };
}

window.assistBench = {
  async run(count, warmup) {
    const random = mulberry32(7);
    for (let i = 0; i < warmup; i++)
      await clickOnce(i % scenes.length, clickInside(scenes[i % scenes.length]!, random));
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push(e.duration);
    });
    observer.observe({ type: 'longtask' });
    const result: AssistBenchResult = { latencyMs: [], workerMs: [], longTasks: 0, longestTaskMs: 0, minIou: 1 };
    for (let i = 0; i < count; i++) {
      const k = i % scenes.length;
      const { ms, box } = await clickOnce(k, clickInside(scenes[k]!, random));
      result.latencyMs.push(ms);
      result.workerMs.push(lastWorkerMs);
      result.minIou = Math.min(result.minIou, box ? boxIou(box, scenes[k]!.truthBox) : 0);
    }
    // Entries are delivered in a later task: let them arrive before reading.
    await new Promise((resolve) => setTimeout(resolve, 100));
    observer.disconnect();
    result.longTasks = longTasks.length;
    result.longestTaskMs = Math.max(0, ...longTasks);
    return result;
  },
};
