/**
 * Case `assist-point 1024` of `npm run bench:studio`: the assist point's latency from the click
 * to the proposal, p50 and p95 over ASSIST_RUNS (default 60) clicks on six seeded synthetic
 * images (rectangles, ellipses, blobs; noisy, gradient and textured backgrounds; contrast 15–80),
 * each click a different point inside the object at zoom 1, so every run composes a fresh
 * 1024 × 1024 window and proposeRegion runs in the real assist worker; and `long_tasks_count`,
 * the main-thread tasks ≥ 50 ms during the timed runs. Goals: p95 ≤ 50 ms, no long task. Also
 * `cpu_per_click_ms`, the renderer process's CPU time per click (all its threads: the figure
 * that does not move with the machine's load, which the latency does here). In
 * Debian's Chromium, the page built from ./assistPage; before anything counts, every proposal
 * must match its object (box IoU ≥ 0.9).
 *
 * Run alone: `tsx benchmarks/studio/assistPoint.ts` (prints the rows).
 */
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startBenchServer } from '../render/benchServer';
import { percentile, type ResultRow } from '../writeResults';
import type { AssistBenchResult } from './assistPage/assistPage';
import { CHROMIUM_PATH, QUIET_ARGS } from '../../scripts/chromiumLaunch';
import { buildBenchPage } from '../render/buildBenchPage';

const CASE = 'assist-point 1024';
const RUNS = Number(process.env.ASSIST_RUNS ?? 60);
const WARMUP = 6;
const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGE_DIR = path.join(import.meta.dirname, 'assistPage');
// Built JavaScript stays out of benchmarks/ (lint would read it).
const OUT_DIR = path.join(ROOT, 'node_modules/.cache/bench-studio-assist');

async function buildPage(): Promise<void> {
  await buildBenchPage({ pageDir: PAGE_DIR, html: 'assist.html', outDir: OUT_DIR });
}

/** The rows of the case; `log` gets progress lines. The browser's version is added to `meta`. */
export async function assistPoint(
  log: (line: string) => void = console.log,
  meta: { browser?: string } = {},
): Promise<ResultRow[]> {
  if (!(RUNS >= 1)) throw new Error('assistPoint: ASSIST_RUNS must be a positive number');
  log(`${CASE}: building the page …`);
  await buildPage();
  const server = await startBenchServer({ ours: OUT_DIR, page: PAGE_DIR, osd: OUT_DIR, tiles: OUT_DIR });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: QUIET_ARGS });
  meta.browser = `Chromium ${browser.version()}`;
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.origin}/ours/assist.html`);
    await page.waitForFunction(() => window.assistBench !== undefined, undefined, { timeout: 60_000 });
    // CPU time of the renderer process (main thread, the worker, GC): what a click costs whatever the load.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const metric = async (name: string): Promise<number> =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name)?.value ?? NaN;
    const processS = () => metric('ProcessTime');
    await page.evaluate(([count]) => window.assistBench!.run(count, 0), [WARMUP] as const);
    const cpuBefore = await processS();
    // TaskDuration: the main thread's task time (thread ticks), so its share of a click shows apart.
    const mainBefore = await metric('TaskDuration');
    const r: AssistBenchResult = await page.evaluate(([count]) => window.assistBench!.run(count, 0), [RUNS] as const);
    const cpuPerClickMs = (((await processS()) - cpuBefore) * 1000) / RUNS;
    const mainPerClickMs = (((await metric('TaskDuration')) - mainBefore) * 1000) / RUNS;
    if (errors.length > 0) throw new Error(`${CASE}: page error: ${errors[0]}`);
    if (r.minIou < 0.9) throw new Error(`${CASE}: a proposal missed its object (box IoU ${r.minIou.toFixed(3)})`);
    log(
      `${CASE}: load average ${loadavg()
        .map((v) => v.toFixed(1))
        .join(', ')} on ${cpus().length} cores`,
    );
    const latency = [...r.latencyMs].sort((a, b) => a - b);
    const worker = [...r.workerMs].sort((a, b) => a - b);
    log(
      `${CASE}: ${latency.length} clicks, click → proposal p50 ${percentile(latency, 50).toFixed(1)} ms, p95 ${percentile(latency, 95).toFixed(1)} ms (goal ≤ 50; worker's proposeRegion p50 ${percentile(worker, 50).toFixed(1)} ms, p95 ${percentile(worker, 95).toFixed(1)} ms); renderer CPU ${cpuPerClickMs.toFixed(1)} ms a click, main thread ${mainPerClickMs.toFixed(1)} ms; main-thread long tasks ${r.longTasks} (longest ${r.longestTaskMs.toFixed(0)} ms; goal 0); box IoU ≥ ${r.minIou.toFixed(3)}`,
    );
    const row = (metric: string, value: number): ResultRow => ({
      case: CASE,
      subject: 'ours',
      metric,
      value,
      better: 'lower',
    });
    return [
      row('latency_p50_ms', percentile(latency, 50)),
      row('latency_p95_ms', percentile(latency, 95)),
      row('worker_p50_ms', percentile(worker, 50)),
      row('worker_p95_ms', percentile(worker, 95)),
      row('cpu_per_click_ms', cpuPerClickMs),
      row('main_thread_per_click_ms', mainPerClickMs),
      row('long_tasks_count', r.longTasks),
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await assistPoint(), null, 2));
}
