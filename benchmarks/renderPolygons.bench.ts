/**
 * `npx tsx benchmarks/renderPolygons.bench.ts` — the polygon case of the render benchmark: our
 * engine in Debian's Chromium with SwiftShader, 10,000 polygons of 20–40 vertices on one 8192²
 * procedural image (subject `ours`) against the same image with none (`baseline-empty`), while
 * panning and zooming along a scripted path and while dragging a vertex of a selected polygon
 * (real mouse input). Main-thread CPU per frame comes from a Chromium trace (see
 * render/mainThreadCpu.ts); frame intervals from the page. Writes
 * benchmarks/results/render-polygons.json.
 */
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startBenchServer, type BenchServer } from './render/benchServer';
import { CPU_TRACE_CATEGORIES, mainThreadCpu } from './render/mainThreadCpu';
import { machineInfo, median, percentile, writeResults, type ResultRow } from './writeResults';
import { CHROMIUM_PATH, WEBGL_ARGS } from '../scripts/chromiumLaunch';
import { buildBenchPage } from './render/buildBenchPage';

const RUNS = Number(process.env.POLYGON_RUNS ?? 2);
const POLYGONS = Number(process.env.POLYGON_COUNT ?? 10_000);
const MOVE_MS = 800;
const DRAG_STEPS = 60;
const ROOT = path.resolve(import.meta.dirname, '..');
const PAGE_DIR = path.join(import.meta.dirname, 'render/page');
const OUT_DIR = path.join(ROOT, 'node_modules/.cache/bench-polygons-page');

type Subject = 'ours' | 'baseline-empty';
interface View {
  centerX: number;
  centerY: number;
  zoom: number;
}
interface BenchWindow {
  polygonBench: {
    side: number;
    setView(v: View): void;
    whenIdle(): Promise<void>;
    focus(i: number, zoom: number): { x: number; y: number };
    points(i: number): number[];
    stats(): Record<string, number | string>;
  };
}

interface CaseResult {
  frameCpuMs: number[];
  intervalMs: number[];
}

async function buildPage(): Promise<void> {
  await buildBenchPage({ pageDir: PAGE_DIR, html: 'polygons.html', outDir: OUT_DIR });
}

/** Plays the pan/zoom path in the page; returns the rAF intervals. Runs inside the page. */
async function panPath(moveMs: number): Promise<number[]> {
  const b = (window as unknown as BenchWindow).polygonBench;
  const fit = 600 / b.side;
  const c = b.side / 2;
  const views: View[] = [
    { centerX: c, centerY: c, zoom: fit },
    { centerX: c * 0.7, centerY: c * 0.7, zoom: fit * 2 },
    { centerX: c * 1.3, centerY: c * 0.7, zoom: fit * 2 },
    { centerX: c * 1.3, centerY: c * 1.3, zoom: 0.5 },
    { centerX: c * 0.8, centerY: c * 1.3, zoom: 0.5 },
    { centerX: c * 0.8, centerY: c * 1.3, zoom: 1.5 },
    { centerX: c * 0.9, centerY: c * 1.2, zoom: 1.5 },
    { centerX: c, centerY: c, zoom: fit },
  ];
  const intervals: number[] = [];
  const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
  for (let m = 1; m < views.length; m++) {
    const from = views[m - 1]!;
    const to = views[m]!;
    let t0 = -1;
    let last = -1;
    for (;;) {
      const now = await frame();
      if (t0 < 0) t0 = now;
      const k = Math.min(1, (now - t0) / moveMs);
      b.setView({
        centerX: from.centerX + (to.centerX - from.centerX) * k,
        centerY: from.centerY + (to.centerY - from.centerY) * k,
        zoom: from.zoom * (to.zoom / from.zoom) ** k,
      });
      if (last >= 0) intervals.push(now - last);
      last = now;
      if (k >= 1) break;
    }
  }
  return intervals;
}

/** Records rAF intervals in the page until `stop` is called (for the drag, driven from outside). */
async function startIntervals(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __intervals: number[]; __stop: boolean };
    w.__intervals = [];
    w.__stop = false;
    let last = -1;
    const tick = (now: number) => {
      if (last >= 0) w.__intervals.push(now - last);
      last = now;
      if (!w.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { __intervals: number[]; __stop: boolean };
      w.__stop = true;
      return w.__intervals;
    });
}

async function runOnce(browser: Browser, server: BenchServer, subject: Subject) {
  const context = await browser.newContext({ viewport: { width: 840, height: 640 }, deviceScaleFactor: 1 });
  await context.addInitScript('window.__name = (f) => f;');
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.origin}/ours/polygons.html?polygons=${subject === 'ours' ? POLYGONS : 0}`);
  await page.waitForFunction(() => 'polygonBench' in window, null, { timeout: 30_000 });
  await page.evaluate(() => (window as unknown as BenchWindow).polygonBench.whenIdle());

  await browser.startTracing(page, { categories: CPU_TRACE_CATEGORIES });
  const panIntervals = await page.evaluate(panPath, MOVE_MS);
  const pan: CaseResult = {
    frameCpuMs: mainThreadCpu((await browser.stopTracing()).toString()).frameCpuMs,
    intervalMs: panIntervals,
  };

  // A vertex drag at 150 % on polygon 0 (selected); with no polygons, the same pointer path.
  const at = await page.evaluate(() => (window as unknown as BenchWindow).polygonBench.focus(0, 1.5));
  await page.evaluate(() => (window as unknown as BenchWindow).polygonBench.whenIdle());
  const before = await page.evaluate(() => (window as unknown as BenchWindow).polygonBench.points(0));
  await page.mouse.move(at.x, at.y);
  await browser.startTracing(page, { categories: CPU_TRACE_CATEGORIES });
  const stop = await startIntervals(page);
  await page.mouse.down();
  for (let i = 1; i <= DRAG_STEPS; i++) {
    await page.mouse.move(at.x + i * 2, at.y + i);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  const dragIntervals = await stop();
  const drag: CaseResult = {
    frameCpuMs: mainThreadCpu((await browser.stopTracing()).toString()).frameCpuMs,
    intervalMs: dragIntervals,
  };
  const after = await page.evaluate(() => (window as unknown as BenchWindow).polygonBench.points(0));
  if (subject === 'ours' && before[0] === after[0]) throw new Error('the drag did not move the vertex');
  const stats = await page.evaluate(() => (window as unknown as BenchWindow).polygonBench.stats());
  await context.close();
  return { pan, drag, errors: errors.length, stats };
}

async function main() {
  const log = (s: string) => console.log(s);
  log('building the polygon bench page …');
  await buildPage();
  const server = await startBenchServer({ ours: OUT_DIR, page: PAGE_DIR, osd: PAGE_DIR, tiles: PAGE_DIR });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: WEBGL_ARGS });
  try {
    const subjects: Subject[] = ['baseline-empty', 'ours'];
    const runs: Record<Subject, Awaited<ReturnType<typeof runOnce>>[]> = { ours: [], 'baseline-empty': [] };
    await runOnce(browser, server, 'ours'); // warm-up
    for (let i = 0; i < RUNS; i++) {
      for (const s of subjects) {
        const r = await runOnce(browser, server, s);
        log(
          `  run ${i + 1} ${s.padEnd(15)} pan frames ${r.pan.frameCpuMs.length}, drag frames ${r.drag.frameCpuMs.length}, errors ${r.errors}, ${JSON.stringify(r.stats)}`,
        );
        runs[s].push(r);
      }
    }
    const rows: ResultRow[] = [];
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    log(
      `\n${'case'.padEnd(34)}${'subject'.padEnd(16)}${'cpu p50'.padStart(9)}${'cpu p95'.padStart(9)}${'int p50'.padStart(9)}${'int p95'.padStart(9)}`,
    );
    for (const which of ['pan', 'drag'] as const) {
      for (const s of subjects) {
        const cpu = sorted(runs[s].flatMap((r) => r[which].frameCpuMs));
        const iv = sorted(runs[s].flatMap((r) => r[which].intervalMs));
        const name = `${which === 'pan' ? 'pan and zoom' : 'drag a vertex'}, ${POLYGONS} polygons`;
        const m = {
          frame_cpu_p50_ms: percentile(cpu, 50),
          frame_cpu_p95_ms: percentile(cpu, 95),
          frame_interval_p50_ms: percentile(iv, 50),
          frame_interval_p95_ms: percentile(iv, 95),
          frames_count: median(runs[s].map((r) => r[which].frameCpuMs.length)),
        };
        log(
          `${name.padEnd(34)}${s.padEnd(16)}${m.frame_cpu_p50_ms.toFixed(2).padStart(9)}${m.frame_cpu_p95_ms.toFixed(2).padStart(9)}${m.frame_interval_p50_ms.toFixed(1).padStart(9)}${m.frame_interval_p95_ms.toFixed(1).padStart(9)}`,
        );
        for (const [metric, value] of Object.entries(m))
          rows.push({ case: name, subject: s, metric, value, better: metric === 'frames_count' ? 'higher' : 'lower' });
      }
    }
    const file = writeResults('render-polygons', rows, {
      machine: { ...machineInfo(), browser: `Chromium ${browser.version()} (SwiftShader)` },
      runs: RUNS,
    });
    log(`\nwrote ${path.relative(ROOT, file)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
