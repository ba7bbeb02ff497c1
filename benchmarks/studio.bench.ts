/**
 * `npm run bench:studio` — the labeling studio's benchmark: runs the case modules of
 * benchmarks/studio/ in turn, prints their rows as a table, and writes
 * benchmarks/results/studio.json in the shared format. Cases (each module also runs alone):
 *
 * - `assist-point 1024` — studio/assistPoint.ts `assistPoint()`: click → proposal latency p50/p95
 *   and main-thread long tasks, in Chromium with the real assist worker;
 * - `save one-box edit` — studio/saveOneBox.ts `saveOneBoxEdit()`: request bytes and server time
 *   of a one-box save on images with 100 and 100,000 annotations;
 * - `drag a box` — studio/dragBox.ts `dragBox()`: main-thread frame CPU while dragging a box over
 *   100,000 boxes against an empty image;
 * - `next image` — studio/nextImage.ts `nextImage()`: D press → the next image sharp and
 *   editable, with the neighbour prefetch against the same image opened cold, on the real server
 *   and the built client with 80 ms added latency.
 *
 * `STUDIO_CASES=assist,drag` runs only the cases whose name contains one of the words. A case
 * that fails is reported and the others still run; the exit status is then 1.
 */
import { machineInfo, writeResults, type ResultRow } from './writeResults';

interface StudioCase {
  name: string;
  run(meta: { browser?: string }): Promise<ResultRow[]>;
}

const CASES: StudioCase[] = [
  {
    name: 'assist-point 1024',
    run: async (meta) => (await import('./studio/assistPoint')).assistPoint(console.log, meta),
  },
  { name: 'save one-box edit', run: async () => (await import('./studio/saveOneBox')).saveOneBoxEdit() },
  { name: 'drag a box', run: async () => (await import('./studio/dragBox')).dragBox(console.log) },
  { name: 'next image', run: async () => (await import('./studio/nextImage')).nextImage(console.log) },
];

const only = (process.env.STUDIO_CASES ?? '')
  .split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const selected = CASES.filter((c) => only.length === 0 || only.some((w) => c.name.toLowerCase().includes(w)));

const rows: ResultRow[] = [];
const failed: string[] = [];
const meta: { browser?: string } = {};
for (const c of selected) {
  console.log(`\n== ${c.name}`);
  const t0 = Date.now();
  try {
    rows.push(...(await c.run(meta)));
    console.log(`   (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  } catch (e) {
    failed.push(c.name);
    console.error(`${c.name}: failed — ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
}

console.log('');
console.table(
  rows.map((r) => ({ case: r.case, subject: r.subject, metric: r.metric, value: Number(r.value.toFixed(3)) })),
);
if (rows.length > 0) {
  const file = writeResults('studio', rows, { machine: { ...machineInfo(), browser: meta.browser } });
  console.log(`wrote ${file}`);
}
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
