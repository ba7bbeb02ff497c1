/**
 * `npm run bench:api`: the real server (`ours`: server/index.ts on SQLite, its own process) against
 * `hono-bare` (Hono on @hono/node-server with no middleware, its own process, answering the same
 * JSON) under autocannon on loopback. Cases: GET /api/auth/user with a valid token, a page of
 * notices, and GET /api/health. For each case both subjects are warmed up, then measured in
 * alternating rounds (AB, BA, …) of the same length; medians over the rounds are reported. Every
 * answer must be 200, and hono-bare's bodies must equal ours byte for byte, before anything is
 * timed. hono-bare is the ceiling: the cost of Node's HTTP stack and Hono's routing alone.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_ACCOUNTS } from '../server/seed/demoSeed';
import {
  cpuSecondsOf,
  freePort,
  prepareData,
  startBareServer,
  startRealServer,
  stopProcess,
} from './api/serverProcesses';
import { median, writeResults, type ResultRow } from './writeResults';

const DURATION_S = Number(process.env.API_BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.API_BENCH_ROUNDS ?? 4);
const WARMUP_S = 2;
const CONNECTIONS = Number(process.env.API_BENCH_CONNECTIONS ?? 10);
/** Only the cases whose name contains this text (e.g. `auth/user`), for profiling one route. */
const CASE_FILTER = process.env.API_BENCH_CASES ?? '';
/** A folder for both servers' CPU profiles (node --cpu-prof: ours/ and hono-bare/), written when they stop. */
const CPU_PROF_DIR = process.env.API_BENCH_CPU_PROF;
const EXTRA_NOTICES = 40;
for (const [name, value] of Object.entries({ DURATION_S, ROUNDS, CONNECTIONS })) {
  if (!(value > 0)) throw new Error(`bench:api: ${name} must be a positive number (see the API_BENCH_* settings)`);
}
const SUBJECTS = ['ours', 'hono-bare'] as const;
type Subject = (typeof SUBJECTS)[number];

interface Case {
  name: string;
  path: string;
  headers?: Record<string, string>;
  check: (body: unknown) => boolean;
}

interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** The server process's CPU time per request (NaN where /proc is missing). */
  cpuUs: number;
}

async function measure(base: string, pid: number | undefined, target: Case, seconds: number): Promise<Measurement> {
  const cpuBefore = cpuSecondsOf(pid);
  const result = await autocannon({
    url: `${base}${target.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    // What a browser sends: answers the server would compress for a browser are compressed here too.
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...target.headers },
  });
  if (result.errors || result.non2xx || result.timeouts) {
    throw new Error(`${target.name}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  }
  const cpuAfter = cpuSecondsOf(pid);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    cpuUs: cpuBefore === null || cpuAfter === null ? NaN : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total,
  };
}

async function fetchBody(base: string, target: Case): Promise<string> {
  const res = await fetch(`${base}${target.path}`, { headers: target.headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${target.name} answered ${res.status}: ${text.slice(0, 200)}`);
  return text;
}

interface Server {
  base: string;
  process: ChildProcess;
}

/** The table line and result rows of one subject's rounds in one case. */
function summarise(c: Case, subject: Subject, m: Measurement[], rows: ResultRow[]) {
  const rps = Math.round(median(m.map((r) => r.rps)));
  const p50 = median(m.map((r) => r.p50));
  const p99 = median(m.map((r) => r.p99));
  const cpuUs = Number(median(m.map((r) => r.cpuUs)).toFixed(1));
  rows.push(
    { case: c.name, subject, metric: 'requests_per_s', value: rps, better: 'higher' },
    { case: c.name, subject, metric: 'latency_p50_ms', value: p50, better: 'lower' },
    { case: c.name, subject, metric: 'latency_p99_ms', value: p99, better: 'lower' },
  );
  if (Number.isFinite(cpuUs))
    rows.push({ case: c.name, subject, metric: 'server_cpu_per_request_us', value: cpuUs, better: 'lower' });
  const rpsValues = m.map((r) => Math.round(r.rps));
  return {
    'req/s': rps,
    'req/s range': `${Math.min(...rpsValues)}–${Math.max(...rpsValues)}`,
    'p50 ms': p50,
    'p99 ms': p99,
    'CPU µs/req': cpuUs,
    '× hono-bare': '',
  };
}

async function main() {
  const root = mkdtempSync(path.join(tmpdir(), 'maru-bench-api-'));
  const dataDir = path.join(root, 'data');
  const distDir = path.join(root, 'dist');
  mkdirSync(distDir, { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const profDir = (subject: Subject) => CPU_PROF_DIR && path.join(CPU_PROF_DIR, subject);
  const started: ChildProcess[] = [];
  try {
    await prepareData(dataDir, EXTRA_NOTICES);
    const ourPort = await freePort();
    started.push(await startRealServer({ dataDir, distDir, port: ourPort, cpuProfDir: profDir('ours') }));
    const ours: Server = { base: `http://127.0.0.1:${ourPort}`, process: started[0]! };
    const admin = DEMO_ACCOUNTS[0];
    const login = await fetch(`${ours.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const allCases: Case[] = [
      {
        name: 'GET /api/auth/user',
        path: '/api/auth/user',
        headers: { authorization: `Bearer ${token}` },
        check: (b) => (b as { email?: string }).email === admin.email,
      },
      {
        name: 'GET /api/notices?page=1&size=10',
        path: '/api/notices?page=1&size=10',
        check: (b) =>
          (b as { items?: unknown[] }).items?.length === 10 && (b as { total?: number }).total === EXTRA_NOTICES + 4,
      },
      { name: 'GET /api/health', path: '/api/health', check: (b) => (b as { status?: string }).status === 'ok' },
    ];
    const cases = allCases.filter((c) => c.name.includes(CASE_FILTER));

    // Our answers, checked, become hono-bare's bodies; then hono-bare must answer them exactly.
    const ourBodies = new Map<Case, string>();
    for (const c of cases) {
      const text = await fetchBody(ours.base, c);
      if (!c.check(JSON.parse(text))) throw new Error(`${c.name} answered an unexpected body: ${text.slice(0, 200)}`);
      ourBodies.set(c, text);
    }
    const bodiesFile = path.join(root, 'bodies.json');
    writeFileSync(
      bodiesFile,
      JSON.stringify(Object.fromEntries(cases.map((c) => [c.path.split('?')[0], JSON.parse(ourBodies.get(c)!)]))),
    );
    const barePort = await freePort();
    started.push(await startBareServer(barePort, bodiesFile, profDir('hono-bare')));
    const servers: Record<Subject, Server> = {
      ours,
      'hono-bare': { base: `http://127.0.0.1:${barePort}`, process: started[1]! },
    };
    for (const c of cases) {
      if ((await fetchBody(servers['hono-bare'].base, c)) !== ourBodies.get(c))
        throw new Error(`hono-bare's body for ${c.name} differs from ours`);
    }

    const loadBefore = os.loadavg();
    const rows: ResultRow[] = [];
    const table: Record<string, Record<string, number | string>> = {};
    const run = (s: Subject, c: Case, seconds: number) => measure(servers[s].base, servers[s].process.pid, c, seconds);
    for (const c of cases) {
      const runs: Record<Subject, Measurement[]> = { ours: [], 'hono-bare': [] };
      for (const s of SUBJECTS) await run(s, c, WARMUP_S);
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? SUBJECTS : [...SUBJECTS].reverse();
        for (const s of order) runs[s].push(await run(s, c, DURATION_S));
      }
      for (const s of SUBJECTS) table[`${c.name} · ${s}`] = summarise(c, s, runs[s], rows);
      // Each round's pair gives a ratio, and the median of those is quoted: the load of a shared
      // machine drifts between rounds more than between the two halves of one.
      const ratio = median(runs.ours.map((r, i) => r.rps / runs['hono-bare'][i]!.rps));
      table[`${c.name} · ours`]!['× hono-bare'] = ratio.toFixed(2);
      rows.push({
        case: c.name,
        subject: 'ours',
        metric: 'requests_per_s_vs_hono_bare_ratio',
        value: Number(ratio.toFixed(3)),
        better: 'higher',
      });
    }
    const loadAfter = os.loadavg();
    console.table(table);
    console.log(
      `${CONNECTIONS} connections; per case ${WARMUP_S} s warm-up per subject, then ${ROUNDS} alternating rounds of ${DURATION_S} s (medians); load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`,
    );
    const file = writeResults('api', rows, {
      settings: {
        connections: CONNECTIONS,
        durationS: DURATION_S,
        rounds: ROUNDS,
        warmupS: WARMUP_S,
        database: 'sqlite',
        noticeRows: EXTRA_NOTICES + 4,
      },
      loadAverage: { before: loadBefore, after: loadAfter },
    });
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    for (const p of started) await stopProcess(p);
    rmSync(root, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
