/**
 * Case `drag a box` of `npm run bench:studio`: main-thread CPU per frame while one box is
 * dragged with the mouse on a fitted 20,000 × 20,000 image holding 100,000 other boxes
 * (subject `ours`: the box map is rebuilt behind the screen as the box moves) against the same
 * image with only the dragged box (`baseline-empty`). Debian's Chromium with SwiftShader, the
 * page built from ./dragPage, alternating subjects in fresh contexts after a warm-up; CPU per
 * frame from the trace (benchmarks/render/mainThreadCpu.ts: thread time, not wall time, which
 * on this shared machine is mostly waiting for a core). Goal: ours ≤ 1.5 × the baseline. Also
 * case `drag 100,000 selected boxes`: the same with every box selected (moved as one, previewed
 * as their bounding rectangle).
 *
 * Run alone: `tsx benchmarks/studio/dragBox.ts` (prints the rows).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startBenchServer, type BenchServer } from '../render/benchServer';
import { CPU_TRACE_CATEGORIES, mainThreadCpu } from '../render/mainThreadCpu';
import { percentile, type ResultRow } from '../writeResults';
import { CHROMIUM_PATH, WEBGL_ARGS } from '../../scripts/chromiumLaunch';
import { buildBenchPage } from '../render/buildBenchPage';

const RUNS = Number(process.env.DRAG_RUNS ?? 3);
/** Mouse moves per drag, one per frame. */
const MOVES = Number(process.env.DRAG_MOVES ?? 90);
const BOXES = 100_000;
const CASE = 'drag a box';
const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGE_DIR = path.join(import.meta.dirname, 'dragPage');
// Built JavaScript stays out of benchmarks/ (lint would read it).
const OUT_DIR = path.join(ROOT, 'node_modules/.cache/bench-studio-drag');

/** `ours+selected`: the same image with every box selected, so the drag moves all 100,000. */
type Subject = 'ours' | 'baseline-empty' | 'ours+selected';
/** The case of the `ours+selected` rows. */
const CASE_ALL = 'drag 100,000 selected boxes';

interface DragRun {
  frameCpuMs: number[];
  moved: { x: number; y: number };
  errors: number;
}

async function buildPage(): Promise<void> {
  await buildBenchPage({ pageDir: PAGE_DIR, html: 'drag.html', outDir: OUT_DIR });
}

async function dragOnce(browser: Browser, server: BenchServer, subject: Subject, moves: number): Promise<DragRun> {
  const context = await browser.newContext({ viewport: { width: 840, height: 640 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const query =
    subject === 'baseline-empty' ? 'boxes=0' : `boxes=${BOXES}${subject === 'ours+selected' ? '&selectAll=1' : ''}`;
  await page.goto(`${server.origin}/ours/drag.html?${query}`);
  await page.waitForFunction(() => window.dragBench !== undefined, null, { timeout: 60_000 });
  await page.evaluate(() => window.dragBench!.whenReady());
  const start = await page.evaluate(() => window.dragBench!.pressPoint());
  const before = await page.evaluate(() => window.dragBench!.dragged());
  const nextFrame = () => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => r())));
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await browser.startTracing(page, { categories: CPU_TRACE_CATEGORIES });
  // A slow circle-ish path (1.5 CSS px a move): the box keeps moving every frame.
  for (let i = 1; i <= moves; i++) {
    await page.mouse.move(start.x + 40 * Math.sin(i / 15), start.y + 1.5 * i * 0.3);
    await nextFrame();
  }
  const trace = (await browser.stopTracing()).toString();
  const end = { x: start.x + 40 * Math.sin(moves / 15), y: start.y + 1.5 * moves * 0.3 };
  await page.mouse.up();
  await page.evaluate(() => window.dragBench!.whenReady());
  const after = await page.evaluate(() => window.dragBench!.dragged());
  const errors = (await page.evaluate(() => window.dragBench!.errors())) + pageErrors.length;
  await context.close();
  if (!before || !after) throw new Error(`${subject}: the dragged box is missing`);
  // The check before any figure counts: the box followed the mouse.
  if (Math.abs(after.y - before.y) < 1 || end.y <= start.y) throw new Error(`${subject}: the box did not move`);
  return {
    frameCpuMs: mainThreadCpu(trace).frameCpuMs,
    moved: { x: after.x - before.x, y: after.y - before.y },
    errors,
  };
}

/** Runs the case and returns its rows (frame_cpu_p95_ms and frame_cpu_p50_ms per subject). */
export async function dragBox(log: (line: string) => void = console.log): Promise<ResultRow[]> {
  log(`${CASE}: building the page …`);
  await buildPage();
  const server = await startBenchServer({ ours: OUT_DIR, page: PAGE_DIR, osd: OUT_DIR, tiles: OUT_DIR });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: WEBGL_ARGS });
  try {
    await dragOnce(browser, server, 'ours', 20);
    await dragOnce(browser, server, 'baseline-empty', 20);
    const frames: Record<Subject, number[]> = { ours: [], 'baseline-empty': [], 'ours+selected': [] };
    let errors = 0;
    for (let i = 0; i < RUNS; i++) {
      for (const subject of ['ours', 'baseline-empty', 'ours+selected'] as const) {
        const r = await dragOnce(browser, server, subject, MOVES);
        frames[subject].push(...r.frameCpuMs);
        errors += r.errors;
        const sorted = [...r.frameCpuMs].sort((a, b) => a - b);
        log(
          `  run ${i + 1} ${subject.padEnd(15)} frames ${sorted.length}, frame CPU p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms, moved ${r.moved.x.toFixed(0)}, ${r.moved.y.toFixed(0)} image px`,
        );
      }
    }
    if (errors > 0) throw new Error(`${CASE}: ${errors} page error(s)`);
    const rows: ResultRow[] = [];
    for (const name of ['ours', 'baseline-empty', 'ours+selected'] as const) {
      const sorted = frames[name].sort((a, b) => a - b);
      const [c, subject] = name === 'ours+selected' ? [CASE_ALL, 'ours'] : [CASE, name];
      rows.push({ case: c, subject, metric: 'frame_cpu_p95_ms', value: percentile(sorted, 95), better: 'lower' });
      rows.push({ case: c, subject, metric: 'frame_cpu_p50_ms', value: percentile(sorted, 50), better: 'lower' });
      rows.push({ case: c, subject, metric: 'frames_count', value: sorted.length, better: 'higher' });
    }
    const ours = rows.find((r) => r.case === CASE && r.subject === 'ours' && r.metric === 'frame_cpu_p95_ms')!.value;
    const all = rows.find((r) => r.case === CASE_ALL && r.metric === 'frame_cpu_p95_ms')!.value;
    const base = rows.find((r) => r.subject === 'baseline-empty' && r.metric === 'frame_cpu_p95_ms')!.value;
    log(
      `${CASE}: frame CPU p95 ${ours.toFixed(2)} ms with ${BOXES} boxes vs ${base.toFixed(2)} ms with none (${(ours / base).toFixed(2)}×, goal ≤ 1.5×; ${RUNS} runs × ${MOVES} moves each); all ${BOXES} selected and dragged: ${all.toFixed(2)} ms`,
    );
    return rows;
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await dragBox(), null, 2));
}
