// `npm run bench [-- [--quick] [name …]]`: every `bench:<name>` script of package.json in turn (or
// the named ones), on a machine set up as the README says. It first installs what the benchmarks
// need and npm ci does not (Chromium and unzip, as `npm test` does) and builds the client where a
// benchmark serves it; a benchmark whose needs cannot be met, or that fails, gets a one-line reason
// and the run goes on. The summary lists each benchmark as done or failed. `--quick` runs each in
// its short mode (seconds, small data): it checks the wiring, its figures are not worth quoting.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = '/usr/bin/chromium';
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.filter((a) => !a.startsWith('--'));

/** What a benchmark needs beyond node_modules; one not listed needs nothing more. */
const NEEDS = {
  size: ['chromium'],
  render: ['chromium'],
  gallery: ['chromium', 'client build'],
  zip: ['chromium', 'unzip'],
  studio: ['chromium'],
  train: ['chromium'],
};
/** Each benchmark's short mode for `--quick` (explicit environment settings still win). */
const QUICK = {
  hittest: { env: { HITTEST_SIZES: '10000', HITTEST_QUERIES: '2000' } },
  render: { env: { RENDER_RUNS: '1', RENDER_MOVE_MS: '300' } },
  api: { env: { API_BENCH_SECONDS: '1', API_BENCH_ROUNDS: '1' } },
  gallery: { env: { GALLERY_BENCH_IMAGES: '200' } },
  zip: { args: ['--quick'] },
  studio: {
    env: { ASSIST_RUNS: '10', STUDIO_BENCH_SAVES: '5', DRAG_RUNS: '1', DRAG_MOVES: '30', NEXT_IMAGE_RUNS: '2' },
  },
  train: { env: { TRAIN_IMAGES: '40', TRAIN_EPOCHS: '2', TRAIN_CPU_SAMPLE: '8', ASSIST_RUNS: '3' } },
  serve: { args: ['--quick'] },
  market: { args: ['--quick'] },
  'market-export': { args: ['--quick'] },
};
/** What the client build (dist/) is made from: a build older than any of these is rebuilt. */
const CLIENT_SOURCES = [
  'app',
  'contract',
  'engine',
  'workers',
  'shaders',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
const all = Object.keys(scripts)
  .filter((s) => s.startsWith('bench:'))
  .map((s) => s.slice('bench:'.length));
const unknown = only.filter((n) => !all.includes(n));
if (unknown.length) {
  console.error(`no such benchmark: ${unknown.join(', ')} (there are: ${all.join(', ')})`);
  process.exit(2);
}
const names = only.length ? all.filter((n) => only.includes(n)) : all;

const heading = (text) => console.log(`\n\x1b[1m› ${text}\x1b[0m`);
const run = (cmd, cmdArgs, env = process.env) =>
  spawnSync(cmd, cmdArgs, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] }).status === 0;

/** The newest modification time under `p` (a file or a folder), 0 if it does not exist. */
function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

// Each need is checked (and met where it can be) once, the first time a benchmark asks for it:
// the answer is null when met, else the reason.
const needState = new Map();
function meet(need) {
  if (need === 'chromium' || need === 'unzip') {
    if (!needState.has('tools')) {
      heading('Chromium and unzip (scripts/ensure-browser.sh)');
      run('bash', ['scripts/ensure-browser.sh']);
      needState.set('tools', true);
    }
    if (need === 'chromium')
      return existsSync(CHROMIUM) ? null : `needs Chromium at ${CHROMIUM}, which apt-get could not install`;
    return spawnSync('sh', ['-c', 'command -v unzip']).status === 0
      ? null
      : 'needs unzip (Info-ZIP), which apt-get could not install';
  }
  // The client build: fresh if dist/index.html is newer than every source (bench:size, npm start
  // and npm test leave one behind).
  if (!needState.has(need)) {
    const built = newestMtime(path.join(ROOT, 'dist', 'index.html'));
    const sources = Math.max(...CLIENT_SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
    if (built > sources) needState.set(need, null);
    else {
      heading('client build (vite build)');
      needState.set(need, run('npx', ['vite', 'build', '--logLevel', 'warn']) ? null : 'the client build failed');
    }
  }
  return needState.get(need);
}

/** Runs `npm run bench:<name>`, passing its output through; resolves to null or the failure's reason. */
function runBenchmark(name) {
  const q = quick ? (QUICK[name] ?? {}) : {};
  const cmdArgs = ['run', '--silent', `bench:${name}`, ...(q.args ? ['--', ...q.args] : [])];
  return new Promise((resolve) => {
    const child = spawn('npm', cmdArgs, {
      cwd: ROOT,
      env: { ...q.env, ...process.env },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    // The reason quoted is the last error line on stderr (Node ends an uncaught error with its
    // version and a stack, neither of which says what went wrong), else the last line.
    let lastLine = '';
    let lastError = '';
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      for (const line of chunk.toString().split('\n')) {
        const l = line.trim();
        if (!l || l.startsWith('at ') || /^Node\.js v/.test(l) || /^[\^~\s]+$/.test(l)) continue;
        lastLine = l;
        if (/\b\w*Error\b|^error\b|\bfailed\b/i.test(l)) lastError = l;
      }
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve(null);
      else
        resolve(
          `${signal ? `killed by ${signal}` : `exit ${code}`}${lastError || lastLine ? `: ${(lastError || lastLine).slice(0, 200)}` : ''}`,
        );
    });
  });
}

const started = Date.now();
const results = [];
heading('npm packages (scripts/ensure-deps.sh)');
const depsOk = run('bash', ['scripts/ensure-deps.sh']);
for (const name of names) {
  const t0 = Date.now();
  let reason = depsOk ? null : 'npm packages could not be installed (npm ci failed)';
  for (const need of NEEDS[name] ?? []) reason ??= meet(need);
  if (reason) console.log(`\n› bench:${name} not run: ${reason}`);
  else {
    heading(`npm run bench:${name}${quick ? ' (quick)' : ''}`);
    reason = await runBenchmark(name);
  }
  results.push({ name, reason, s: Math.round((Date.now() - t0) / 1000) });
}

const minutes = (s) => (s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`);
heading(`summary (${minutes(Math.round((Date.now() - started) / 1000))}${quick ? ', quick mode' : ''})`);
for (const r of results)
  console.log(
    `  ${r.reason ? 'failed' : 'done  '}  ${r.name.padEnd(13)} ${minutes(r.s).padStart(12)}${r.reason ? `  ${r.reason}` : ''}`,
  );
process.exit(results.some((r) => r.reason) ? 1 : 0);
