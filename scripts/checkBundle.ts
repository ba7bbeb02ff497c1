/**
 * Landing-route bundle budget: sums the gzipped JS the landing page loads (entry, its static
 * imports, the landing page chunk and the Korean `common` texts) and fails above 150 KB. It also
 * fails when any chunk of a public page contains a console-only library (engine, three, regl,
 * tfjs, fflate). Writes benchmarks/results/bundle.json in the shared results format.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const HEAVY = [
  /node_modules\/three\//,
  /node_modules\/@react-three\//,
  /node_modules\/regl\//,
  /node_modules\/@tensorflow\//,
  /node_modules\/fflate\//,
  /(^|\/)engine\//,
];
const dist = path.resolve(process.env.BUNDLE_DIST ?? 'dist');

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

const landingKeys = closure([
  'index.html',
  'app/pages/landing/LandingPage.tsx',
  'locales/ko/common.json',
  'locales/ko/landing.json',
]);
let total = 0;
const rows: Array<{ file: string; gz: number }> = [];
for (const key of landingKeys) {
  const file = manifest[key]!.file;
  if (!file.endsWith('.js')) continue;
  const gz = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push({ file, gz });
}

// Every chunk reachable from a public page must be free of console-only libraries (console
// pages, under app/pages/console/, are where they belong).
const publicKeys = Object.keys(manifest).filter(
  (k) => (k.startsWith('app/pages/') && !k.startsWith('app/pages/console/')) || k === 'index.html',
);
const offenders: string[] = [];
for (const key of closure(publicKeys)) {
  const file = manifest[key]!.file;
  if (!file.endsWith('.js')) continue;
  for (const src of sourcesOf(file)) if (HEAVY.some((re) => re.test(src))) offenders.push(`${file}: ${src}`);
}

rows.sort((a, b) => b.gz - a.gz);
for (const r of rows) console.log(`${(r.gz / 1024).toFixed(1).padStart(8)} KB  ${r.file}`);
const totalKb = total / 1024;
console.log(`landing route JS: ${totalKb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);

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
      },
      rows: [
        {
          case: 'landing route (ko)',
          subject: 'ours',
          metric: 'js_gzip_kib',
          value: Number(totalKb.toFixed(1)),
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
if (totalKb > BUDGET_KB) {
  console.error(`Landing route JS is over budget: ${totalKb.toFixed(1)} KB > ${BUDGET_KB} KB`);
  process.exit(1);
}
