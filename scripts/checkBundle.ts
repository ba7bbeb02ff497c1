/**
 * Landing-page JS budget, measured the way the browser loads it: the built app is served by the
 * real server and opened in Chromium (a signed-out first visit, `/` in Korean and `/en`); every
 * script the page fetches until the network settles is gzipped and summed
 * (scripts/measureBrowserScripts.ts). Fails when either visit is above 150 KB, or when any chunk
 * of a public page contains a console-only library (engine, three, regl, tfjs, fflate). Also
 * reports the static graph of the Vite manifest (entry, its static imports, the landing chunk and
 * the Korean texts), which leaves out what the page imports lazily at start. Writes
 * benchmarks/results/bundle.json in the shared results format.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureBrowserScripts } from './measureBrowserScripts';

const BUDGET_KB = 150;
const VISITS = [
  { case: 'landing ko', path: '/' },
  { case: 'landing en', path: '/en' },
];
const HEAVY = [
  /node_modules\/three\//,
  /node_modules\/@react-three\//,
  /node_modules\/regl\//,
  /node_modules\/@tensorflow\//,
  /node_modules\/fflate\//,
  /(^|\/)engine\//,
];
const distArg = process.env.BUNDLE_DIST ?? 'dist';
const dist = path.resolve(distArg);

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  src?: string;
}
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

function sourcesOf(file: string): string[] {
  try {
    return (JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8')) as { sources: string[] }).sources;
  } catch {
    return [];
  }
}

const kb = (bytes: number) => bytes / 1024;
const fmt = (bytes: number) => `${kb(bytes).toFixed(1).padStart(7)} KB`;

// The static graph: what the manifest says the landing route needs.
let staticBytes = 0;
for (const key of closure([
  'index.html',
  'app/pages/landing/LandingPage.tsx',
  'locales/ko/common.json',
  'locales/ko/landing.json',
])) {
  const file = manifest[key]!.file;
  if (file.endsWith('.js')) staticBytes += gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
}

// Every chunk reachable from a public page must be free of console-only libraries (console
// pages, under app/pages/console/, are where they belong; the lab pages, in VITE_LAB builds only,
// show the engine itself).
const publicKeys = Object.keys(manifest).filter(
  (k) =>
    (k.startsWith('app/pages/') && !k.startsWith('app/pages/console/') && !k.startsWith('app/pages/lab/')) ||
    k === 'index.html',
);
const offenders: string[] = [];
for (const key of closure(publicKeys)) {
  const file = manifest[key]!.file;
  if (!file.endsWith('.js')) continue;
  for (const src of sourcesOf(file)) if (HEAVY.some((re) => re.test(src))) offenders.push(`${file}: ${src}`);
}

const measured = await measureBrowserScripts(
  distArg,
  VISITS.map((v) => v.path),
);
const over: string[] = [];
for (const [i, visit] of measured.visits.entries()) {
  const name = VISITS[i]!.case;
  console.log(`\n${name} (${visit.path}): ${visit.files.length} scripts`);
  for (const f of visit.files) console.log(`${fmt(f.gzBytes)}  ${f.file}`);
  console.log(`${fmt(visit.gzBytes)}  total, gzipped (budget ${BUDGET_KB} KB)`);
  if (kb(visit.gzBytes) > BUDGET_KB) over.push(`${name}: ${kb(visit.gzBytes).toFixed(1)} KB`);
}
console.log(`\nstatic graph of the landing route (manifest, ko): ${kb(staticBytes).toFixed(1)} KB gzipped`);

const round = (bytes: number) => Number(kb(bytes).toFixed(1));
mkdirSync('benchmarks/results', { recursive: true });
writeFileSync(
  'benchmarks/results/bundle.json',
  JSON.stringify(
    {
      name: 'bundle',
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        browser: measured.browser,
      },
      rows: [
        ...measured.visits.flatMap((visit, i) => [
          {
            case: VISITS[i]!.case,
            subject: 'ours',
            metric: 'browser_js_gz_kb',
            value: round(visit.gzBytes),
            better: 'lower',
          },
          {
            case: VISITS[i]!.case,
            subject: 'ours',
            metric: 'browser_js_files_count',
            value: visit.files.length,
            better: 'lower',
          },
        ]),
        {
          case: 'landing ko',
          subject: 'ours',
          metric: 'static_graph_js_gz_kb',
          value: round(staticBytes),
          better: 'lower',
        },
      ],
    },
    null,
    2,
  ),
);

if (offenders.length) {
  console.error(`Console-only libraries found in public page chunks:\n${offenders.join('\n')}`);
  process.exit(1);
}
if (over.length) {
  console.error(`Landing page JS is over the ${BUDGET_KB} KB budget: ${over.join(', ')}`);
  process.exit(1);
}
