/**
 * `npm run bench:zip` — the dataset export zip (issue 5): our DatasetArchive (fflate, images
 * stored, XML deflated, streamed through a callback) against JSZip and client-zip, and against
 * the ceiling of a CRC-32 plus one copy of every byte, in Node and in Debian's Chromium, on a
 * seeded synthetic VOC dataset (benchmarks/zip/syntheticDataset.ts; 2,000 images ≈ 1.05 GB of
 * JPEG-like bytes plus their XML by default). Two dataset sizes (half and all of the images), so
 * memory that grows with the dataset shows.
 *
 * Per environment: the outputs are checked first (Node: each archive written to a file and read
 * by `unzip -t` and by yauzl with zlib CRCs, all writers' entries and CRCs equal, the ceiling's
 * CRCs equal to the archives'; Chromium: each writer's output byte-identical to the archive
 * checked in Node), then a warm-up, then RUNS rounds per size with the subjects' order rotating.
 * Output goes to a sink that counts bytes and keeps nothing.
 *
 * - throughput_mb_per_s: input bytes (images + text as UTF-8, 10^6 bytes = 1 MB) per wall-clock
 *   second; throughput_cpu_mb_per_s: per CPU second of the process (Node: process.cpuUsage();
 *   Chromium: the renderer's ProcessTime) — the steadier figure on a shared, loaded machine.
 * - peak_memory_mib: highest (JS heap + array buffers) during the run minus just before it
 *   (Node: process.memoryUsage(); Chromium: performance.memory.usedJSHeapSize, which counts
 *   array buffers), sampled every 4 MiB of output; peak_rss_mib: the same for Node's RSS.
 * Medians over the runs. Options: `--images N` (default 2000), `--quick` (100 images),
 * `--node-only`; ZIP_RUNS sets the rounds per size (default 2).
 */
import os from 'node:os';
import { browserTimedRuns, checkBrowserOutputs, openBrowser } from './zip/browserSuite';
import { checkOutputs, nodeTimedRuns, type TimedRun } from './zip/nodeSuite';
import { datasetPrefix, syntheticDataset } from './zip/syntheticDataset';
import { inputBytes, SUBJECTS, type SubjectName } from './zip/zipSubjects';
import { machineInfo, median, writeResults, type ResultRow } from './writeResults';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const imagesArg = args.indexOf('--images');
const IMAGES = imagesArg >= 0 ? Number(args[imagesArg + 1]) : quick ? 100 : 2000;
if (!Number.isInteger(IMAGES) || IMAGES < 2) throw new Error('--images needs a whole number ≥ 2');
const SIZES = [Math.floor(IMAGES / 2), IMAGES];
const RUNS = Number(process.env.ZIP_RUNS ?? 2);
const WARMUP_IMAGES = Math.min(50, SIZES[0]!);
const BROWSER = !args.includes('--node-only');

const MiB = 2 ** 20;
const round = (v: number, digits = 1) => Number(v.toFixed(digits));

function rowsFor(env: string, runs: TimedRun[], bytesOf: (images: number) => number): ResultRow[] {
  const rows: ResultRow[] = [];
  for (const size of SIZES) {
    const label = `${env} ${size} images (${(bytesOf(size) / 1e9).toFixed(2)} GB)`;
    for (const subject of SUBJECTS) {
      const mine = runs.filter((r) => r.subject === subject && r.images === size);
      const input = bytesOf(size);
      const add = (metric: string, values: number[], better: 'lower' | 'higher', digits = 1) =>
        rows.push({ case: label, subject, metric, value: round(median(values), digits), better });
      add(
        'throughput_mb_per_s',
        mine.map((r) => input / 1e3 / r.ms),
        'higher',
      );
      add(
        'throughput_cpu_mb_per_s',
        mine.map((r) => input / 1e3 / r.cpuMs),
        'higher',
      );
      add(
        'peak_memory_mib',
        mine.map((r) => (r.peakBytes.js ?? NaN) / MiB),
        'lower',
      );
      if (mine[0]?.peakBytes.rss !== undefined)
        add(
          'peak_rss_mib',
          mine.map((r) => r.peakBytes.rss! / MiB),
          'lower',
        );
    }
  }
  return rows;
}

function value(rows: ResultRow[], c: string, subject: SubjectName, metric: string): number {
  return rows.find((r) => r.case === c && r.subject === subject && r.metric === metric)?.value ?? NaN;
}

function printTable(rows: ResultRow[]): void {
  const cases = [...new Set(rows.map((r) => r.case))];
  const metrics = [...new Set(rows.map((r) => r.metric))];
  const head = ['case', 'metric', ...SUBJECTS, 'ours/jszip', 'ours/ceiling'];
  const lines = [head];
  for (const c of cases) {
    for (const metric of metrics) {
      const values = SUBJECTS.map((s) => value(rows, c, s, metric));
      if (values.every(Number.isNaN)) continue;
      const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : '–');
      lines.push([c, metric, ...values.map(String), ratio(values[0]!, values[1]!), ratio(values[0]!, values[3]!)]);
    }
  }
  const widths = head.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const line of lines)
    console.log(line.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
}

function goals(rows: ResultRow[], env: string): string[] {
  const [small, large] = SIZES.map((size) => rows.find((r) => r.case.startsWith(`${env} ${size} images`))?.case ?? '');
  const out: string[] = [];
  for (const metric of ['throughput_mb_per_s', 'throughput_cpu_mb_per_s']) {
    const vsJszip = value(rows, large!, 'ours', metric) / value(rows, large!, 'jszip', metric);
    const vsCeiling = value(rows, large!, 'ours', metric) / value(rows, large!, 'crc32-copy-ceiling', metric);
    out.push(
      `${env} ${metric}: ours ${vsJszip.toFixed(2)}× JSZip (goal ≥ 3: ${vsJszip >= 3 ? 'met' : 'NOT met'}), ${(vsCeiling * 100).toFixed(0)}% of the ceiling (goal ≥ 50%: ${vsCeiling >= 0.5 ? 'met' : 'NOT met'})`,
    );
  }
  for (const subject of SUBJECTS) {
    const a = value(rows, small!, subject, 'peak_memory_mib');
    const b = value(rows, large!, subject, 'peak_memory_mib');
    out.push(`${env} ${subject} peak memory ${a} MiB at ${SIZES[0]} images, ${b} MiB at ${SIZES[1]}`);
  }
  return out;
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadStart = os.loadavg();
  console.log(
    `zip benchmark: ${SIZES.join(' and ')} images, ${RUNS} runs each, load average ${loadStart.map((l) => l.toFixed(1)).join(' ')}, ${os.cpus().length} CPUs`,
  );
  const dataset = syntheticDataset(IMAGES);
  const bytesBySize = new Map(SIZES.map((size) => [size, inputBytes(datasetPrefix(dataset, size))]));
  const bytesOf = (images: number) => bytesBySize.get(images)!;

  console.log(`Node: checking outputs at ${SIZES[0]} images`);
  const checked = await checkOutputs(datasetPrefix(dataset, SIZES[0]!));
  const nodeRuns = await nodeTimedRuns(dataset, SIZES, RUNS, WARMUP_IMAGES);
  const rows = rowsFor('node', nodeRuns, bytesOf);
  const entries = checked.get('ours')?.entries ?? 0;
  for (const subject of SUBJECTS)
    rows.push({
      case: `node check ${SIZES[0]} images`,
      subject,
      metric: 'entries_checked_count',
      value: checked.get(subject)?.entries ?? 0,
      better: 'higher',
    });

  let browserVersion: string | undefined;
  if (BROWSER) {
    // The page makes its own copy of the dataset; Node's is not needed any more.
    dataset.images.length = 0;
    console.log('Chromium: generating the dataset in the page');
    const session = await openBrowser(IMAGES);
    browserVersion = session.version;
    try {
      console.log(`Chromium: checking outputs at ${SIZES[0]} images against Node's`);
      await checkBrowserOutputs(session, SIZES[0]!, checked);
      const browserRuns = await browserTimedRuns(session, SIZES, RUNS, WARMUP_IMAGES);
      rows.push(...rowsFor('chromium', browserRuns, bytesOf));
      for (const subject of SUBJECTS)
        rows.push({
          case: `chromium check ${SIZES[0]} images`,
          subject,
          metric: 'identical_to_node_count',
          value: 1,
          better: 'higher',
        });
    } finally {
      await session.browser.close();
    }
  }

  const loadEnd = os.loadavg();
  const file = writeResults('zip', rows, {
    machine: { ...machineInfo(), ...(browserVersion ? { browser: browserVersion } : {}) },
    dataset: { images: SIZES, inputBytes: SIZES.map(bytesOf), entriesChecked: entries, seed: 1 },
    runs: RUNS,
    loadAverage: { start: loadStart, end: loadEnd },
  });
  console.log('');
  printTable(rows);
  console.log('');
  for (const line of [...goals(rows, 'node'), ...(BROWSER ? goals(rows, 'chromium') : [])]) console.log(line);
  console.log(
    `\nload average ${loadStart[0]!.toFixed(1)} at the start, ${loadEnd[0]!.toFixed(1)} at the end; ${((Date.now() - started) / 1000).toFixed(0)} s; ${file}`,
  );
}

await main();
