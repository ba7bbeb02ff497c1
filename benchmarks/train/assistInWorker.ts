/**
 * The `assist 640` cases of `npm run bench:train`: the studio's assist AI answering a 640 × 640
 * view with a trained detector, in Debian's Chromium (SwiftShader WebGL, as the browser tests run
 * it), on webgl and on wasm. Latency is postMessage → answer; the worker's own time is kept too.
 */
import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, WEBGL_ARGS } from '../../scripts/chromiumLaunch';
import { BENCH_CACHE, buildBenchPage } from '../render/buildBenchPage';
import { percentile, type ResultRow } from '../writeResults';
import type { AssistRunResult } from './assistPage/assistPage';

const OUT_DIR = path.join(BENCH_CACHE, 'bench-train-assist');
const MODEL_DIR = path.join(BENCH_CACHE, 'bench-train-model');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
};

/** Serves the built page under /ours/ and the model zip under /model/ on loopback. */
async function serve(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const p = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const [root, rel] = p.startsWith('/ours/')
      ? [OUT_DIR, p.slice('/ours'.length)]
      : p.startsWith('/model/')
        ? [MODEL_DIR, p.slice('/model'.length)]
        : ['', ''];
    const file = root ? path.resolve(root, `.${rel}`) : '';
    if (!file || !file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function assistInWorkerRows(
  modelZip: Uint8Array,
  runs: number,
  log: (line: string) => void,
  meta: { browser?: string },
): Promise<ResultRow[]> {
  await buildBenchPage({ pageDir: path.join(import.meta.dirname, 'assistPage'), html: 'assist.html', outDir: OUT_DIR });
  mkdirSync(MODEL_DIR, { recursive: true });
  writeFileSync(path.join(MODEL_DIR, 'model.zip'), modelZip);
  const server = await serve();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: WEBGL_ARGS });
  meta.browser = `Chromium ${browser.version()} (SwiftShader)`;
  const rows: ResultRow[] = [];
  try {
    for (const backend of ['webgl', 'wasm'] as const) {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.origin}/ours/assist.html`);
      await page.waitForFunction(() => window.trainBench !== undefined, undefined, { timeout: 60_000 });
      const r: AssistRunResult = await page.evaluate(([b, n]) => window.trainBench!.run(b, n, 3), [
        backend,
        runs,
      ] as const);
      await page.close();
      if (errors.length) throw new Error(`assist page error: ${errors[0]}`);
      if (r.backend !== backend) throw new Error(`the worker started ${r.backend}, not ${backend}`);
      if (r.boxes === 0) throw new Error(`assist on ${backend} proposed no box in ${runs} views of shapes`);
      const latency = [...r.latencyMs].sort((a, b) => a - b);
      const worker = [...r.workerMs].sort((a, b) => a - b);
      const name = `assist 640 ${backend}`;
      log(
        `${name}: p50 ${percentile(latency, 50).toFixed(0)} ms, p95 ${percentile(latency, 95).toFixed(0)} ms (goal ≤ 300; worker ${percentile(worker, 50).toFixed(0)} ms; ${r.tiles} model run(s) a view, ${runs} runs)`,
      );
      rows.push(
        { case: name, subject: 'ours', metric: 'latency_p50_ms', value: percentile(latency, 50), better: 'lower' },
        { case: name, subject: 'ours', metric: 'latency_p95_ms', value: percentile(latency, 95), better: 'lower' },
        { case: name, subject: 'ours', metric: 'worker_p50_ms', value: percentile(worker, 50), better: 'lower' },
        { case: name, subject: 'ours', metric: 'model_runs_count', value: r.tiles, better: 'lower' },
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}
