/**
 * `npm run bench:serve`: serving a model over HTTP against doing the same work in-process.
 *
 * Cases: `web point` (the real server; POST /api/v1/points/:id/predict with a point key and the
 * JPEG as the body) and `edge agent` (the single-file agent run with only Node; POST
 * /v1/models/default:predict with `{ instances: [{ b64 }] }`). Subjects: `ours` (autocannon on
 * loopback, cycling a fixed set of 640 × 480 JPEGs) and `inprocess-ceiling` (the same model in this
 * process: each image decoded as that server decodes it — sharp for the web point, the agent's
 * pure-JS decoder for the agent — then predicted, one after another). Connections default to the
 * server's parallelism (one inference thread, one connection), so the ratio is the cost of HTTP,
 * the key check, the thread hop and counting, not of queueing. Both subjects' answers are checked
 * to agree before anything is timed; then alternating rounds (ours, ceiling, ceiling, ours, …).
 * Goals: ours ≥ 0.7 × the ceiling's requests/s and p99 ≤ 2 × the ceiling's. CPU time per request
 * (the serving process's, all its threads; the ceiling's own) holds steady where the machine is
 * shared and requests/s swing.
 *
 * Options: SERVE_BENCH_SECONDS (a round, default 8), SERVE_BENCH_ROUNDS (default 3),
 * SERVE_BENCH_THREADS (the web point's inference threads and connections, default 1),
 * SERVE_BENCH_CASES=edge (cases whose name contains it), `--quick` (2 s rounds, 1 round).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { ServedPrediction } from '../contract/apiAgent';
import { decodeImage } from '../agent/decodeImage';
import { initServingRuntime, loadServingModel } from '../agent/loadServingModel';
import type { RgbImage } from '../ml/types';
import { decodePredictImage } from '../server/deploy/serving/predictImage';
import { cpuSecondsOf, stopProcess } from './api/serverProcesses';
import { startEdgeAgent } from './serve/edgeAgentSetup';
import { BENCH_LABELS, benchImages, benchModelZip } from './serve/serveFixtures';
import { startWebPoint } from './serve/webPointSetup';
import { median, percentile, writeResults, type ResultRow } from './writeResults';

const QUICK = process.argv.includes('--quick');
const SECONDS = QUICK ? 2 : Number(process.env.SERVE_BENCH_SECONDS ?? 8);
const ROUNDS = QUICK ? 1 : Number(process.env.SERVE_BENCH_ROUNDS ?? 3);
const THREADS = Number(process.env.SERVE_BENCH_THREADS ?? 1);
const CASE_FILTER = process.env.SERVE_BENCH_CASES ?? '';
const IMAGE_COUNT = 8;
for (const [name, value] of Object.entries({ SECONDS, ROUNDS, THREADS })) {
  if (!(value > 0)) throw new Error(`bench:serve: ${name} must be a positive number (see SERVE_BENCH_*)`);
}

interface Round {
  rps: number;
  p50: number;
  p99: number;
  /** CPU time (user + system, all threads) of the serving process per request: steady on a loaded machine. */
  cpuMs: number;
}

interface Case {
  name: string;
  connections: number;
  requests: { headers: Record<string, string>; body: Buffer }[];
  url: string;
  /** The serving process, for its CPU time. */
  pid: number | undefined;
  /** Parses one answer's predictions. */
  predictionsOf(body: unknown): ServedPrediction[];
  decode(bytes: Buffer): Promise<RgbImage>;
}

async function loadRound(c: Case, seconds: number): Promise<Round> {
  const cpuBefore = cpuSecondsOf(c.pid);
  const result = await autocannon({
    url: c.url,
    method: 'POST',
    connections: c.connections,
    duration: seconds,
    requests: c.requests.map((r) => ({ method: 'POST', headers: r.headers, body: r.body })),
  });
  if (result.errors || result.non2xx || result.timeouts) {
    throw new Error(`${c.name}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  }
  const cpuAfter = cpuSecondsOf(c.pid);
  const cpuMs = cpuBefore === null || cpuAfter === null ? NaN : ((cpuAfter - cpuBefore) * 1000) / result.requests.total;
  return { rps: result.requests.total / seconds, p50: result.latency.p50, p99: result.latency.p99, cpuMs };
}

async function ceilingRound(
  c: Case,
  images: Buffer[],
  model: Awaited<ReturnType<typeof loadServingModel>>,
  seconds: number,
): Promise<Round> {
  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; performance.now() - started < seconds * 1000; i++) {
    const t0 = performance.now();
    await model.predict([await c.decode(images[i % images.length]!)]);
    latencies.push(performance.now() - t0);
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuMs: (cpu.user + cpu.system) / 1000 / latencies.length,
  };
}

/** The subject's answer for each image must match the in-process one (labels in order, scores within 0.01). */
async function checkAgreement(c: Case, images: Buffer[], model: Awaited<ReturnType<typeof loadServingModel>>) {
  for (const [i, request] of c.requests.entries()) {
    const res = await fetch(c.url, { method: 'POST', headers: request.headers, body: new Uint8Array(request.body) });
    const body: unknown = await res.json();
    if (res.status !== 200) throw new Error(`${c.name}: answered ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    const served = c.predictionsOf(body);
    const [local] = await model.predict([await c.decode(images[i]!)]);
    const same =
      served.length === local!.length &&
      served.every((p, j) => p.label === local![j]!.label && Math.abs(p.score - local![j]!.score) <= 0.01);
    if (!same)
      throw new Error(`${c.name}: image ${i} served ${JSON.stringify(served)}, in-process ${JSON.stringify(local)}`);
  }
}

const sharpDecode = (bytes: Buffer) => decodePredictImage(bytes);
const agentDecode = (bytes: Buffer) => Promise.resolve(decodeImage(new Uint8Array(bytes)));

async function main() {
  const root = mkdtempSync(path.join(tmpdir(), 'maru-bench-serve-'));
  const started: ChildProcess[] = [];
  const rows: ResultRow[] = [];
  const extra: Record<string, unknown> = { seconds: SECONDS, rounds: ROUNDS, threads: THREADS, quick: QUICK };
  try {
    await initServingRuntime(root);
    const zip = await benchModelZip();
    const images = await benchImages(IMAGE_COUNT);
    const model = await loadServingModel(zip, { modelId: 'bench', version: 'bench' });
    const cases: Case[] = [];
    if ('web point'.includes(CASE_FILTER)) {
      const web = await startWebPoint({ root: path.join(root, 'web'), zip, labels: BENCH_LABELS, threads: THREADS });
      started.push(web.process);
      cases.push({
        name: 'web point',
        connections: THREADS,
        url: web.predictUrl,
        pid: web.process.pid,
        requests: images.map((body) => ({
          headers: { authorization: `Bearer ${web.key}`, 'content-type': 'image/jpeg' },
          body,
        })),
        predictionsOf: (body) => (body as { predictions: ServedPrediction[] }).predictions,
        decode: sharpDecode,
      });
    }
    if ('edge agent'.includes(CASE_FILTER)) {
      const agent = await startEdgeAgent({ root, zip });
      started.push(agent.process);
      extra.agentProgram = agent.program;
      extra.agentBundleBytes = agent.bundleBytes;
      cases.push({
        name: 'edge agent',
        connections: 1,
        url: agent.predictUrl,
        pid: agent.process.pid,
        requests: images.map((image) => ({
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify({ instances: [{ b64: image.toString('base64') }] })),
        })),
        predictionsOf: (body) => (body as { predictions: ServedPrediction[][] }).predictions[0]!,
        decode: agentDecode,
      });
    }
    const summary: Record<string, unknown>[] = [];
    for (const c of cases) {
      await checkAgreement(c, images, model);
      // Warm-up: kernels compiled and caches filled on both sides.
      await loadRound(c, Math.min(2, SECONDS));
      await ceilingRound(c, images, model, 1);
      const ours: Round[] = [];
      const ceiling: Round[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? ['ours', 'ceiling'] : ['ceiling', 'ours'];
        for (const subject of order) {
          if (subject === 'ours') ours.push(await loadRound(c, SECONDS));
          else ceiling.push(await ceilingRound(c, images, model, SECONDS));
        }
      }
      const figures = (subject: string, list: Round[]) => {
        const f = {
          rps: median(list.map((r) => r.rps)),
          p50: median(list.map((r) => r.p50)),
          p99: median(list.map((r) => r.p99)),
          cpuMs: median(list.map((r) => r.cpuMs)),
        };
        rows.push(
          { case: c.name, subject, metric: 'requests_per_s', value: round2(f.rps), better: 'higher' },
          { case: c.name, subject, metric: 'latency_p50_ms', value: round2(f.p50), better: 'lower' },
          { case: c.name, subject, metric: 'latency_p99_ms', value: round2(f.p99), better: 'lower' },
          { case: c.name, subject, metric: 'cpu_per_request_ms', value: round2(f.cpuMs), better: 'lower' },
        );
        return f;
      };
      const o = figures('ours', ours);
      const k = figures('inprocess-ceiling', ceiling);
      summary.push({
        case: c.name,
        'ours req/s': round2(o.rps),
        'ceiling req/s': round2(k.rps),
        'req/s ratio': round2(o.rps / k.rps),
        'ours p50': round2(o.p50),
        'ceiling p50': round2(k.p50),
        'ours p99': round2(o.p99),
        'ceiling p99': round2(k.p99),
        'p99 ratio': round2(o.p99 / k.p99),
        'ours cpu ms': round2(o.cpuMs),
        'ceiling cpu ms': round2(k.cpuMs),
        goals: o.rps >= 0.7 * k.rps && o.p99 <= 2 * k.p99 ? 'met' : 'missed',
      });
    }
    model.dispose();
    extra.summary = summary;
    console.table(summary);
    console.log(`wrote ${writeResults('serve', rows, extra)}`);
  } finally {
    for (const child of started) await stopProcess(child);
    rmSync(root, { recursive: true, force: true });
  }
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

await main();
