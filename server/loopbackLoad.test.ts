import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngOf } from './test/fixtures/datasetImages';
import { startSeededServer, type SeededServer } from './test/seededServer';
import type { ServerProcess } from './test/ServerProcess';
import type { Workspace } from './test/seedWorkspace';

/*
 * Loopback load on the real server process (its own process, real sockets, autocannon): sign-in
 * (right password, wrong password, a locked address), annotation saves and uploads, a few seconds
 * each. No answer may be a 5xx or a dropped connection; where a rate limit applies its 429 must
 * appear. Latencies are printed and written to benchmarks/results/load.json (rows per database),
 * never asserted. LOAD_SECONDS and LOAD_CONNECTIONS lengthen it (`npm run bench:load`).
 */

const SECONDS = Number(process.env.LOAD_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 8);
/** Sign-in hashes the password (scrypt, ~0.3 s of a core): a fixed number of tries, two at a time. */
const LOGINS = Number(process.env.LOAD_LOGINS ?? 6);
const LOGIN_CONNECTIONS = 2;
const IMAGES = 16;

let seeded: SeededServer | undefined;
let server: ServerProcess;
let ws: Workspace;
let auth: string;
let png: Buffer;
const dialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
const rows: ResultRow[] = [];
const table: Record<string, Record<string, number | string>> = {};

beforeAll(async () => {
  png = await pngOf(64, 48);
  seeded = await startSeededServer({ dataDirPrefix: 'maru-load-', images: IMAGES });
  ({ server, ws, auth } = seeded);
}, 90_000);

afterAll(async () => {
  await seeded?.stop();
  if (rows.length === 0) return;
  console.table(table);
  writeLoadResults();
});

/** A results row of the benchmark format (benchmarks/writeResults.ts, which server/ may not import). */
interface ResultRow {
  case: string;
  subject: string;
  metric: string;
  value: number;
  better: 'lower' | 'higher';
}

/** benchmarks/results/load.json: this run's rows replace only those of its own database. */
function writeLoadResults() {
  const file = path.resolve(import.meta.dirname, '../benchmarks/results/load.json');
  const earlier = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { rows?: ResultRow[] }).rows : [];
  const kept = (earlier ?? []).filter((r) => !r.case.endsWith(`(${dialect})`));
  const cpus = os.cpus();
  const results = {
    name: 'load',
    date: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      memGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    settings: {
      connections: CONNECTIONS,
      seconds: SECONDS,
      loginConnections: LOGIN_CONNECTIONS,
      logins: LOGINS,
      process: 'server/index.ts (tsx), loopback',
    },
    loadAverage: os.loadavg(),
    rows: [...kept, ...rows],
  };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

type Load = Omit<autocannon.Options, 'url'>;
/** What autocannon keeps per connection between the two requests of an upload. */
interface UploadContext {
  uploadId?: string;
}
/** A fixed number of sign-ins (they run to the end, so none is left working after the run). */
const logins = (body: unknown, amount = LOGINS): Load => ({
  connections: LOGIN_CONNECTIONS,
  amount,
  requests: [jsonRequest('POST', 'auth/login', body)],
});

/** Runs one bounded load; returns the answers counted by status, after recording the latencies. */
async function load(name: string, options: Load): Promise<Record<number, number>> {
  // A slow answer on a busy machine is not a failure; one that never comes (30 s) is.
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 30,
    ...options,
  });
  const statuses: Record<number, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[Number(code)] = count ?? 0;
  const label = `${name} (${dialect})`;
  table[label] = {
    requests: result.requests.total,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    statuses: JSON.stringify(statuses),
  };
  rows.push(
    { case: label, subject: 'ours', metric: 'latency_p50_ms', value: result.latency.p50, better: 'lower' },
    { case: label, subject: 'ours', metric: 'latency_p99_ms', value: result.latency.p99, better: 'lower' },
    { case: label, subject: 'ours', metric: 'requests_count', value: result.requests.total, better: 'higher' },
  );
  console.log(
    `${label}: ${result.requests.total} requests, p99 ${result.latency.p99} ms, statuses ${table[label].statuses}`,
  );
  // Connection errors and timeouts are failures as much as a 5xx is.
  expect(
    { errors: result.errors, timeouts: result.timeouts, '5xx': result['5xx'] },
    server.output.slice(-2000),
  ).toEqual({ errors: 0, timeouts: 0, '5xx': 0 });
  return statuses;
}

const jsonRequest = (method: 'POST' | 'PUT', p: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  path: `/api/${p}`,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const post = (p: string, body: unknown) =>
  fetch(`${server.base}/api/${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function solvedCaptcha(): Promise<string> {
  const challenge = (await (await fetch(`${server.base}/api/auth/captcha`)).json()) as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ ...challenge, number: solution.number })).toString('base64');
}

describe(`the server process under loopback load (${dialect})`, () => {
  it('signs in with the right password, without a 5xx', async () => {
    const statuses = await load('POST /api/auth/login', logins({ email: ws.email, password: ws.password }));
    expect(Object.keys(statuses)).toEqual(['200']);
  }, 60_000);

  it('answers wrong passwords 401, then asks for a captcha (428), then locks the address (429)', async () => {
    const email = 'guessed@example.com';
    const wrong = 8;
    const guesses = await load(
      'POST /api/auth/login, wrong password',
      logins({ email, password: 'Wrong1pass!' }, wrong),
    );
    // Exactly the 5 tries allowed without a captcha are answered 401, however many arrive at
    // once (each is counted before its password is checked); the captcha gate answers the rest.
    expect(guesses).toEqual({ 401: 5, 428: wrong - 5 });

    // One more failure with a solved captcha (after any lock already running) starts a lock.
    // A 429 leaves the captcha unused (the lock is checked first), so it is sent again.
    const captcha = await solvedCaptcha();
    for (;;) {
      const res = await post('auth/login', { email, password: 'Wrong1pass!', captcha });
      if (res.status === 401) break;
      expect(res.status).toBe(429);
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after')) * 1000));
    }
    // Cheap answers: a time-bound run at full concurrency.
    const locked = await load('POST /api/auth/login, locked address', {
      requests: [jsonRequest('POST', 'auth/login', { email, password: 'Wrong1pass!' })],
    });
    // 429 while the lock lasts; once it has passed, the captcha gate (428) is what remains.
    expect(locked[429]).toBeGreaterThan(0);
    expect(Object.keys(locked).filter((code) => code !== '429' && code !== '428')).toEqual([]);
  }, 60_000);

  it('saves annotation sets without a 5xx, and keeps one whole set per image', async () => {
    const boxes = (i: number) =>
      Array.from({ length: 1 + (i % 5) }, (_, j) => ({
        labelId: ws.labelIds[j % ws.labelIds.length]!,
        kind: 'box' as const,
        x: 10 + i * 30,
        y: 10 + j * 40,
        width: 25,
        height: 25,
      }));
    // Every connection goes through the images in order from the first, so saves of the same
    // image overlap (all connections start on image 0).
    const requests = ws.imageIds.map((id, i) =>
      jsonRequest(
        'PUT',
        `projects/${ws.projectId}/images/${id}/annotations`,
        { annotations: boxes(i) },
        { authorization: auth },
      ),
    );
    const statuses = await load('PUT annotations', { requests });
    expect(Object.keys(statuses)).toEqual(['200']);
    // Each image saved holds its one set, never two sets' rows (a short run may not reach them all).
    let saved = 0;
    for (const [i, id] of ws.imageIds.entries()) {
      const res = await fetch(`${server.base}/api/projects/${ws.projectId}/images/${id}/annotations`, {
        headers: { authorization: auth },
      });
      const { annotations } = (await res.json()) as { annotations: { x: number; y: number }[] };
      if (annotations.length === 0) continue;
      saved++;
      expect(annotations.map((a) => a.y).sort((a, b) => a - b)).toEqual(boxes(i).map((b) => b.y));
      expect(new Set(annotations.map((a) => a.x))).toEqual(new Set([boxes(i)[0]!.x]));
    }
    expect(saved).toBeGreaterThanOrEqual(Math.min(IMAGES, Math.ceil(statuses[200]! / CONNECTIONS)));
  }, 60_000);

  it('takes uploads (declare, then send the bytes) without a 5xx', async () => {
    const statuses = await load('POST+PUT upload', {
      requests: [
        {
          ...jsonRequest('POST', `projects/${ws.projectId}/uploads`, { fileName: 'load.png', bytes: png.length }),
          headers: { 'content-type': 'application/json', authorization: auth },
          onResponse: (status, body, context) => {
            (context as UploadContext).uploadId =
              status === 201 ? (JSON.parse(body) as { uploadId: string }).uploadId : undefined;
          },
        },
        {
          method: 'PUT',
          headers: { 'content-type': 'application/octet-stream', authorization: auth },
          body: png,
          setupRequest: (request, context) => ({
            ...request,
            path: `/api/projects/${ws.projectId}/uploads/${String((context as UploadContext).uploadId)}`,
          }),
        },
      ],
    });
    expect(Object.keys(statuses).sort()).toEqual(['201', '202']);
    const images = await fetch(`${server.base}/api/projects/${ws.projectId}/images?limit=1`, {
      headers: { authorization: auth },
    });
    expect(images.status).toBe(200);
    const { total } = (await images.json()) as { total: number };
    // Uploads still running when the run ended may have completed too.
    expect(total).toBeGreaterThanOrEqual(IMAGES + statuses[202]!);
    expect(total).toBeLessThanOrEqual(IMAGES + statuses[201]!);
  }, 60_000);
});
