/**
 * `npm run bench:render` — our engine vs OpenSeadragon (WebGL drawer) in Debian's Chromium with
 * SwiftShader, on the same 512 px JPEG pyramid served on loopback, along the same scripted
 * pan/zoom path (benchmarks/render/benchPath.ts), alternating subjects after a warm-up, each run
 * in a fresh browser context (cold HTTP cache). Also: ours with 100,000 boxes vs none, and the
 * cost of a contrast change. Prints a table with ratios; writes benchmarks/results/render.json.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { benchMoves, runPath, VIEWPORT, type PathResult } from './render/benchPath';
import { startBenchServer, type BenchServer } from './render/benchServer';
import { CPU_TRACE_CATEGORIES, mainThreadCpu, type MainThreadCpu } from './render/mainThreadCpu';
import { benchPyramid, buildPyramid, PYRAMID_DIR } from './render/buildPyramid';
import { machineInfo, median, percentile, writeResults, type ResultRow } from './writeResults';
import { CHROMIUM_PATH, WEBGL_ARGS } from '../scripts/chromiumLaunch';
import { buildBenchPage } from './render/buildBenchPage';

const RUNS = Number(process.env.RENDER_RUNS ?? 2);
const MOVE_MS = Number(process.env.RENDER_MOVE_MS ?? 1000);
const SHARP_TIMEOUT_MS = 8000;
const BOXES = 100_000;
/** Experiments: RENDER_SUBJECTS=ours,ours+boxes runs only those; RENDER_UPLOADS=2 caps uploads per frame. */
const SUBJECTS = (process.env.RENDER_SUBJECTS ?? 'ours,openseadragon,ours+boxes').split(',') as SubjectName[];
const UPLOADS = process.env.RENDER_UPLOADS ? `&uploads=${Number(process.env.RENDER_UPLOADS)}` : '';
/**
 * RENDER_TRACE_DIR=dir keeps each run's Chromium trace there, with JavaScript samples and an
 * unminified page (open in DevTools' Performance panel, or `scripts/traceFrames.ts`).
 */
const TRACE_DIR = process.env.RENDER_TRACE_DIR;
const ROOT = path.resolve(import.meta.dirname, '..');
const PAGE_DIR = path.join(import.meta.dirname, 'render/page');
// Built JavaScript stays out of benchmarks/ (lint would read it): node_modules/.cache is ignored everywhere.
const OURS_DIR = path.join(ROOT, 'node_modules/.cache/bench-render-page');

const LAUNCH_ARGS = [
  ...WEBGL_ARGS,
  '--disable-quic',
  // Unrounded performance.memory, for the peak heap figure.
  '--enable-precise-memory-info',
];

/**
 * Records when each animation frame's first rAF callback starts, whoever registered it, so the
 * driver can time the whole frame: the viewer's own callbacks may run before the driver's (ours
 * requests its frame while the driver's callback runs, so it comes first in the next frame).
 * Runs before any page script, so both viewers' rAF calls go through it.
 */
const FRAME_START_SCRIPT = `(() => {
  const raf = window.requestAnimationFrame.bind(window);
  const starts = new Map();
  window.__frameStart = (t) => { const s = starts.get(t); starts.delete(t); return s; };
  window.requestAnimationFrame = (cb) => raf((t) => {
    if (!starts.has(t)) { starts.set(t, performance.now()); if (starts.size > 600) starts.delete(starts.keys().next().value); }
    cb(t);
  });
})();`;

type SubjectName = 'ours' | 'openseadragon' | 'ours+boxes';

interface RunResult extends PathResult {
  subject: SubjectName;
  tilesRequested: number;
  tilesUsed: number;
  firstSharpMs: number;
  errors: number;
  contrast?: { frames: number; textureUploads: number; tileRequests: number };
  cpu: MainThreadCpu;
}

async function buildOursPage(): Promise<void> {
  await buildBenchPage({ pageDir: PAGE_DIR, html: 'ours.html', outDir: OURS_DIR, minify: !TRACE_DIR });
}

async function runOnce(
  browser: Browser,
  server: BenchServer,
  subject: SubjectName,
  moveMs: number,
): Promise<RunResult> {
  const { info, dzMaxLevel, dzMinLevel } = benchPyramid();
  const context = await browser.newContext({
    viewport: { width: VIEWPORT.width + 40, height: VIEWPORT.height + 40 },
    deviceScaleFactor: 1,
  });
  // tsx compiles with esbuild's keepNames, which wraps functions in a `__name` helper that the
  // page (where runPath is serialised to) does not have.
  await context.addInitScript('window.__name = (f) => f;');
  await context.addInitScript(FRAME_START_SCRIPT);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const q = `w=${info.width}&h=${info.height}&tile=${info.tileSize}&levels=${info.levels}&dzMin=${dzMinLevel}&dzMax=${dzMaxLevel}`;
  const url =
    subject === 'openseadragon'
      ? `${server.origin}/page/osd.html?${q}`
      : `${server.origin}/ours/ours.html?${q}&boxes=${subject === 'ours+boxes' ? BOXES : 0}${UPLOADS}`;
  const key = subject === 'openseadragon' ? 'osd' : 'ours';
  server.requests.set(key, 0);
  await page.goto(url);
  await page.waitForFunction(() => window.subject !== undefined, null, { timeout: 30_000 });
  const { start, moves } = benchMoves(info.width, info.height);
  // Initial view and its load, timed from navigation start (both viewers start loading at
  // page load); not part of the path's frame figures.
  const firstSharpMs = await page.evaluate(async (v) => {
    const s = window.subject;
    if (!s) throw new Error('no subject');
    s.setView(v);
    while (!s.isSharp() && performance.now() < 30_000) await new Promise((r) => requestAnimationFrame(r));
    return performance.now();
  }, start);
  await browser.startTracing(page, {
    categories: TRACE_DIR ? [...CPU_TRACE_CATEGORIES, 'disabled-by-default-v8.cpu_profiler'] : CPU_TRACE_CATEGORIES,
  });
  const path = await page.evaluate(runPath, { start, moves, moveMs, sharpTimeoutMs: SHARP_TIMEOUT_MS });
  const trace = (await browser.stopTracing()).toString();
  if (TRACE_DIR) writeFileSync(`${TRACE_DIR}/${subject}-${Date.now()}.json`, trace);
  const cpu = mainThreadCpu(trace);
  const tilesUsed = await page.evaluate(() => window.subject?.tilesUsed() ?? 0);
  const pageErrors = await page.evaluate(() => window.subject?.errors() ?? 0);
  let contrast: RunResult['contrast'];
  if (subject !== 'openseadragon') {
    contrast = await page.evaluate(async () => {
      const s = window.subject;
      if (!s?.stats || !s.setContrast || !s.whenIdle) throw new Error('no stats');
      await s.whenIdle();
      const a = s.stats();
      s.setContrast(1.5);
      await s.whenIdle();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const b = s.stats();
      const d = (k: string) => (b[k] ?? 0) - (a[k] ?? 0);
      return { frames: d('frames'), textureUploads: d('textureUploads'), tileRequests: d('tileRequests') };
    });
  }
  await context.close();
  return {
    ...path,
    subject,
    tilesRequested: server.requests.get(key) ?? 0,
    tilesUsed,
    firstSharpMs,
    errors: pageErrors + errors.length,
    contrast,
    cpu,
  };
}

function summarise(runs: RunResult[]) {
  const all = (f: (r: RunResult) => number[]) => runs.flatMap(f).sort((a, b) => a - b);
  const busy = all((r) => r.busyMs);
  const interval = all((r) => r.intervalMs);
  const sharp = all((r) => r.sharpMs);
  const frameCpu = all((r) => r.cpu.frameCpuMs);
  return {
    frame_p50_ms: percentile(busy, 50),
    frame_p95_ms: percentile(busy, 95),
    frame_interval_p95_ms: percentile(interval, 95),
    long_tasks_count: median(runs.map((r) => r.longTasks.length)),
    frame_cpu_p50_ms: percentile(frameCpu, 50),
    frame_cpu_p95_ms: percentile(frameCpu, 95),
    long_tasks_cpu_count: median(runs.map((r) => r.cpu.longTaskCpuMs.length)),
    main_cpu_total_ms: median(runs.map((r) => r.cpu.totalCpuMs)),
    sharp_after_move_ms: percentile(sharp, 50),
    sharp_after_move_p95_ms: percentile(sharp, 95),
    first_sharp_ms: median(runs.map((r) => r.firstSharpMs)),
    tiles_requested_count: median(runs.map((r) => r.tilesRequested)),
    tiles_used_count: median(runs.map((r) => r.tilesUsed)),
    peak_heap_mib: median(runs.map((r) => r.peakHeapBytes / 2 ** 20)),
    frames_count: busy.length,
    sharp_timeouts_count: runs.reduce((n, r) => n + r.sharpTimeouts, 0),
    errors_count: runs.reduce((n, r) => n + r.errors, 0),
  };
}

const BETTER: Record<string, 'lower' | 'higher'> = { frames_count: 'higher' };

async function main() {
  const started = Date.now();
  const log = (s: string) => console.log(s);
  await buildPyramid(log);
  log('building our bench page …');
  await buildOursPage();
  const server = await startBenchServer({
    ours: OURS_DIR,
    page: PAGE_DIR,
    osd: path.join(ROOT, 'node_modules/openseadragon/build/openseadragon'),
    tiles: PYRAMID_DIR,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS });
  const version = browser.version();
  const gpu = await (async () => {
    const p = await browser.newPage();
    const s = await p.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const ext = gl?.getExtension('WEBGL_debug_renderer_info');
      return gl && ext ? String(gl.getParameter(ext.UNMASKED_RENDERER_WEBGL)) : 'none';
    });
    await p.close();
    return s;
  })();
  if (!gpu.includes('SwiftShader')) throw new Error(`expected SwiftShader, got: ${gpu}`);
  log(`Chromium ${version}, ${gpu}`);
  try {
    log('warm-up …');
    for (const subject of new Set(SUBJECTS.map((x) => (x === 'ours+boxes' ? 'ours' : x))))
      await runOnce(browser, server, subject, 400);
    const runs: RunResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const subject of SUBJECTS) {
        const r = await runOnce(browser, server, subject, MOVE_MS);
        log(
          `  run ${i + 1} ${subject.padEnd(14)} frames ${r.busyMs.length}, busy p95 ${percentile(
            [...r.busyMs].sort((a, b) => a - b),
            95,
          ).toFixed(
            1,
          )} ms, long tasks ${r.longTasks.length} (by CPU ${r.cpu.longTaskCpuMs.length}), frame CPU p95 ${percentile(
            [...r.cpu.frameCpuMs].sort((a, b) => a - b),
            95,
          ).toFixed(1)} ms, tiles ${r.tilesRequested}, sharp timeouts ${r.sharpTimeouts}`,
        );
        runs.push(r);
      }
    }
    const sums = {
      ours: summarise(runs.filter((r) => r.subject === 'ours')),
      openseadragon: summarise(runs.filter((r) => r.subject === 'openseadragon')),
      'ours+boxes': summarise(runs.filter((r) => r.subject === 'ours+boxes')),
    };
    const contrast = runs.filter((r) => r.contrast).map((r) => r.contrast!);
    const rows: ResultRow[] = [];
    const CASE = `${benchPyramid().info.width}x${benchPyramid().info.height} jpeg pyramid, ${VIEWPORT.width}x${VIEWPORT.height} canvas`;
    console.log(
      `\nRender benchmark (${RUNS} runs per subject, ${sums.ours.frames_count} / ${sums.openseadragon.frames_count} frames), ${CASE}`,
    );
    console.log(
      `${'metric'.padEnd(26)}${'ours'.padStart(10)}${'osd'.padStart(10)}${'ours/osd'.padStart(10)}${'100k boxes'.padStart(12)}${'boxes/none'.padStart(12)}`,
    );
    for (const metric of Object.keys(sums.ours) as (keyof typeof sums.ours)[]) {
      const o = sums.ours[metric];
      const p = sums.openseadragon[metric];
      const b = sums['ours+boxes'][metric];
      const ratio = (x: number, y: number) => (y > 0 ? (x / y).toFixed(2) : '–');
      console.log(
        `${metric.padEnd(26)}${o.toFixed(1).padStart(10)}${p.toFixed(1).padStart(10)}${ratio(o, p).padStart(10)}${b.toFixed(1).padStart(12)}${ratio(b, o).padStart(12)}`,
      );
      const better = BETTER[metric] ?? 'lower';
      rows.push({ case: CASE, subject: 'ours', metric, value: o, better });
      rows.push({ case: CASE, subject: 'openseadragon', metric, value: p, better });
      rows.push({ case: `${CASE}, ${BOXES} boxes`, subject: 'ours', metric, value: b, better });
    }
    const c = contrast.reduce(
      (acc, x) => ({
        frames: Math.max(acc.frames, x.frames),
        textureUploads: Math.max(acc.textureUploads, x.textureUploads),
        tileRequests: Math.max(acc.tileRequests, x.tileRequests),
      }),
      { frames: 0, textureUploads: 0, tileRequests: 0 },
    );
    console.log(
      `\ncontrast change (worst of ${contrast.length} runs): ${c.frames} frame(s), ${c.textureUploads} texture upload(s), ${c.tileRequests} tile request(s)`,
    );
    rows.push({ case: 'contrast change', subject: 'ours', metric: 'frames_count', value: c.frames, better: 'lower' });
    rows.push({
      case: 'contrast change',
      subject: 'ours',
      metric: 'texture_uploads_count',
      value: c.textureUploads,
      better: 'lower',
    });
    const file = writeResults('render', rows, {
      machine: { ...machineInfo(), browser: `Chromium ${version} (SwiftShader)` },
      gpu,
      runs: RUNS,
      moveMs: MOVE_MS,
    });
    console.log(`\nwrote ${path.relative(ROOT, file)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
