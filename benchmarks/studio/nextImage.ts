/**
 * Case `next image` of `npm run bench:studio`: how long after the D key press the labeling studio
 * shows the next image sharp (every tile its fitted view wants drawn: the engine's
 * `debug.isSharp()`, after a frame of the new source) and editable (its annotations in the engine:
 * `getBoxes().length` equals the count seeded on that image). Measured inside the page, from the
 * keydown's timestamp to the first moment both hold.
 *
 * The real server (server/index.ts in its own process, SQLite in a temp DATA_DIR) serves the
 * built client (VITE_LAB=1, which exposes the engine as `window.__studio`; NEXT_IMAGE_DIST,
 * default dist-bench, built here when missing or older than the sources). A project holds three
 * 3000–3400 × 2000 photo-like images (tile pyramids) with 90, 100 and 110 boxes; every run opens
 * the newest one in a fresh browser context (empty HTTP cache, no service worker yet) and steps to
 * the second with D. Network: Chromium's emulation adds 80 ms to every request (no bandwidth cap).
 *
 * Subjects, alternating, after one warm-up each:
 * - `ours`: D is pressed once the open image is sharp and the network has been quiet for 500 ms,
 *   so the studio's neighbour prefetch (annotations, first tiles) has finished;
 * - `baseline-cold`: the same, but the next image's annotation and tile requests fail until D is
 *   pressed (the prefetch has nothing to show for itself), so the image loads as if never seen.
 *
 * Run alone: `tsx benchmarks/studio/nextImage.ts` (prints the rows).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import type { Engine } from '../../engine';
import { createDatabase } from '../../server/db/createDatabase';
import { migrateToLatest } from '../../server/db/migrate';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/seed/demoSeed';
import { ServerProcess } from '../../server/test/ServerProcess';
import { median, percentile, type ResultRow } from '../writeResults';
import { chromiumLaunch } from '../../scripts/chromiumLaunch';

const CASE = 'next image';
const RUNS = Number(process.env.NEXT_IMAGE_RUNS ?? 10);
const LATENCY_MS = 80;
const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = process.env.NEXT_IMAGE_DIST ?? 'dist-bench';
/** What the client build is made from (as scripts/bench-all.mjs checks it). */
const CLIENT_SOURCES = ['app', 'contract', 'engine', 'workers', 'shaders', 'locales', 'public', 'index.html'];
/** Uploaded oldest first; the list shows newest first, so the studio opens `start` and D goes to `target`. */
const IMAGES = [
  { role: 'other', width: 3400, boxes: 110 },
  { role: 'target', width: 3200, boxes: 100 },
  { role: 'start', width: 3000, boxes: 90 },
] as const;
const HEIGHT = 2000;

type Subject = 'ours' | 'baseline-cold';

interface Probe {
  keyAt: number;
  sharpAt: number;
  editableAt: number;
  doneAt: number;
  error?: string;
}

type StudioWindow = Window & { __studio?: { engine: Engine }; __nextImageBench?: Probe };

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function ensureBuild(log: (line: string) => void): void {
  const built = newestMtime(path.join(ROOT, DIST, 'index.html'));
  if (built > Math.max(...CLIENT_SOURCES.map((s) => newestMtime(path.join(ROOT, s))))) return;
  log(`${CASE}: building the client into ${DIST} (VITE_LAB=1) …`);
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', DIST], {
    cwd: ROOT,
    env: { ...process.env, VITE_LAB: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`${CASE}: the client build failed`);
}

/** A photo-like image: blurred noise, so tiles weigh what photo tiles do (not a flat colour). */
function photoJpeg(width: number, seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height: HEIGHT,
      channels: 3,
      // With noise the background is not drawn; the type still asks for one.
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 110 + seed * 20, sigma: 60 },
    },
  })
    .blur(1.5)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** `count` boxes on a grid over the image. */
function boxes(labelId: string, width: number, count: number) {
  const cols = 12;
  const rows = Math.ceil(count / cols);
  return Array.from({ length: count }, (_, i) => ({
    labelId,
    kind: 'box' as const,
    x: Math.round(((i % cols) + 0.1) * (width / cols)),
    y: Math.round((Math.floor(i / cols) + 0.1) * (HEIGHT / rows)),
    width: Math.round((width / cols) * 0.7),
    height: Math.round((HEIGHT / rows) * 0.7),
  }));
}

interface Seeded {
  projectId: string;
  startId: string;
  targetId: string;
  target: { width: number; boxes: number };
  login: () => Promise<{ token: string; refreshToken: string }>;
}

async function seed(base: string): Promise<Seeded> {
  const admin = DEMO_ACCOUNTS[0];
  if (!admin) throw new Error('no demo account');
  const login = async () => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    if (!res.ok) throw new Error(`login: ${res.status}`);
    return (await res.json()) as { token: string; refreshToken: string };
  };
  const { token } = await login();
  const call = async <T>(method: string, url: string, body?: unknown, raw?: Buffer): Promise<T> => {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': raw ? 'application/octet-stream' : 'application/json',
      },
      body: raw ? new Uint8Array(raw) : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  const { id: projectId } = await call<{ id: string }>('POST', '/projects', {
    title: 'Next image bench',
    subtype: 'IMAGE_OBJECT_DETECTION',
  });
  const { id: labelId } = await call<{ id: string }>('POST', `/projects/${projectId}/labels`, {
    name: 'car',
    color: '#e53e3e',
  });
  const ids: string[] = [];
  for (const [i, image] of IMAGES.entries()) {
    const bytes = await photoJpeg(image.width, i);
    const { uploadId } = await call<{ uploadId: string }>('POST', `/projects/${projectId}/uploads`, {
      fileName: `${image.role}.jpg`,
      bytes: bytes.length,
    });
    const { id } = await call<{ id: string }>('PUT', `/projects/${projectId}/uploads/${uploadId}`, undefined, bytes);
    ids.push(id);
  }
  const deadline = Date.now() + 180_000;
  for (;;) {
    const list = await call<{ items: { id: string; state: string; tiles: unknown }[] }>(
      'GET',
      `/projects/${projectId}/images`,
    );
    if (list.items.filter((i) => i.state === 'ready' && i.tiles).length === IMAGES.length) break;
    if (list.items.some((i) => i.state === 'failed')) throw new Error(`${CASE}: an image failed to process`);
    if (Date.now() > deadline) throw new Error(`${CASE}: images not processed in 180 s`);
    await new Promise((r) => setTimeout(r, 500));
  }
  for (const [i, image] of IMAGES.entries()) {
    await call('PUT', `/projects/${projectId}/images/${ids[i]}/annotations`, {
      annotations: boxes(labelId, image.width, image.boxes),
    });
  }
  return { projectId, startId: ids[2]!, targetId: ids[1]!, target: IMAGES[1], login };
}

/** Resolves once no request of the page has been in flight for `quietMs`. */
async function networkQuiet(page: Page, inFlight: () => number, quietMs: number): Promise<void> {
  let quietSince = Date.now();
  const deadline = Date.now() + 60_000;
  while (Date.now() - quietSince < quietMs) {
    if (inFlight() > 0) quietSince = Date.now();
    if (Date.now() > deadline) throw new Error(`${CASE}: the network never went quiet`);
    await page.waitForTimeout(50);
  }
}

/** The page's probe: from D's keydown to the first moment the target is sharp and holds its boxes. */
function installProbe(page: Page, target: { width: number; boxes: number }): Promise<void> {
  return page.evaluate(
    ({ width, count }) => {
      const w = window as StudioWindow;
      const probe: Probe = { keyAt: -1, sharpAt: -1, editableAt: -1, doneAt: -1 };
      w.__nextImageBench = probe;
      addEventListener(
        'keydown',
        (e) => {
          if (e.code === 'KeyD' && probe.keyAt < 0) probe.keyAt = e.timeStamp;
        },
        { capture: true },
      );
      let engine: Engine | null = null;
      let offs: (() => void)[] = [];
      // Frames counted when the new source was first seen: the sharp test needs one drawn after it.
      let framesAtSource = -1;
      const check = () => {
        const e = w.__studio?.engine;
        if (!e || probe.keyAt < 0 || probe.doneAt >= 0) return;
        const source = e.getSource();
        if (!source || source.info.width !== width) return;
        if (framesAtSource < 0) framesAtSource = e.stats().frames;
        const now = performance.now();
        const sharp = e.debug.isSharp() && e.stats().frames > framesAtSource;
        const editable = e.getBoxes().length === count;
        if (sharp && probe.sharpAt < 0) probe.sharpAt = now;
        if (editable && probe.editableAt < 0) probe.editableAt = now;
        if (sharp && editable) probe.doneAt = now;
      };
      const frame = (fromFrame = false) => {
        try {
          const e = w.__studio?.engine ?? null;
          if (e && e !== engine) {
            for (const off of offs) off();
            engine = e;
            offs = [e.on('tileProgress', check), e.on('annotations', check)];
          }
          check();
        } catch (error) {
          probe.error = String(error);
        }
        if (probe.doneAt >= 0) clearInterval(timer);
        else if (fromFrame) requestAnimationFrame(() => frame(true));
      };
      requestAnimationFrame(() => frame(true));
      // Frames stop when nothing is drawn (e.g. the boxes arrive after the tiles): a timer checks too.
      const timer = setInterval(() => frame(), 5);
    },
    { width: target.width, count: target.boxes },
  );
}

interface RunResult {
  ms: number;
  sharpMs: number;
  editableMs: number;
  targetRequestsBeforeKey: number;
  targetRequestsAfterKey: number;
  /** Of those, answered by the HTTP cache. */
  targetCachedAfterKey: number;
  blockedBeforeKey: number;
}

async function runOnce(browser: Browser, base: string, s: Seeded, subject: Subject): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  try {
    // tsx keeps function names with a `__name` helper that the page's functions then call.
    await context.addInitScript({ content: 'window.__name = (f) => f;' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    let inFlight = 0;
    let keyPressed = false;
    let targetRequestsBeforeKey = 0;
    let targetRequestsAfterKey = 0;
    let blockedBeforeKey = 0;
    const targetPath = `/images/${s.targetId}/`;
    const isTargetData = (url: string) =>
      url.includes(`${targetPath}annotations`) || url.includes(`${targetPath}tiles/`);
    context.on('request', (r) => {
      inFlight++;
      if (isTargetData(r.url())) {
        if (keyPressed) targetRequestsAfterKey++;
        else targetRequestsBeforeKey++;
      }
    });
    // Requests of the next image after D, and those of them the HTTP cache answered.
    const targetIds = new Set<string>();
    const cachedIds = new Set<string>();
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (keyPressed && isTargetData(request.url)) targetIds.add(requestId);
    });
    cdp.on('Network.requestServedFromCache', ({ requestId }) => cachedIds.add(requestId));
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      if (response.fromDiskCache || response.fromPrefetchCache) cachedIds.add(requestId);
    });
    context.on('requestfinished', () => inFlight--);
    context.on('requestfailed', () => inFlight--);
    // The baseline's prefetch of the next image fails (as with no prefetch at all) until D.
    const block = (url: URL) => isTargetData(url.href);
    if (subject === 'baseline-cold') {
      await page.route(block, (route) => {
        blockedBeforeKey++;
        return route.abort('failed');
      });
    }

    await page.goto(`${base}/support`);
    await page.evaluate(
      (p) => {
        localStorage.setItem('auth._token.local', `Bearer ${p.token}`);
        localStorage.setItem('auth._refresh_token.local', p.refreshToken);
        localStorage.setItem('auth.strategy', 'local');
      },
      await s.login(),
    );
    await page.goto(`${base}/console/projects/${s.projectId}/images/${s.startId}`);
    await page.waitForFunction(
      (count) => {
        const e = (window as StudioWindow).__studio?.engine;
        return !!e && e.getSource() !== null && e.debug.isSharp() && e.getBoxes().length === count;
      },
      IMAGES[2].boxes,
      { timeout: 90_000, polling: 50 },
    );
    await networkQuiet(page, () => inFlight, 500);
    await installProbe(page, s.target);
    if (subject === 'baseline-cold') await page.unroute(block);
    keyPressed = true;
    await page.keyboard.press('d');
    await page
      .waitForFunction(() => ((window as StudioWindow).__nextImageBench?.doneAt ?? -1) >= 0, null, {
        timeout: 60_000,
        polling: 50,
      })
      .catch(async (e: unknown) => {
        const state = await page.evaluate(() => {
          const w = window as StudioWindow;
          const engine = w.__studio?.engine;
          return {
            probe: w.__nextImageBench,
            width: engine?.getSource()?.info.width,
            sharp: engine?.debug.isSharp(),
            tiles: engine?.debug.tileProgress(),
            boxes: engine?.getBoxes().length,
          };
        });
        throw new Error(`${CASE}: ${subject} never got there (${page.url()}, ${JSON.stringify(state)})`, { cause: e });
      });
    const probe = await page.evaluate(() => (window as StudioWindow).__nextImageBench!);
    if (!page.url().endsWith(`/images/${s.targetId}`)) throw new Error(`${CASE}: D went to ${page.url()}`);
    if (errors.length > 0) throw new Error(`${CASE}: page error(s): ${errors.join('; ')}`);
    return {
      ms: probe.doneAt - probe.keyAt,
      sharpMs: probe.sharpAt - probe.keyAt,
      editableMs: probe.editableAt - probe.keyAt,
      targetRequestsBeforeKey,
      targetRequestsAfterKey,
      targetCachedAfterKey: [...targetIds].filter((id) => cachedIds.has(id)).length,
      blockedBeforeKey,
    };
  } finally {
    await context.close();
  }
}

/** Runs the case and returns its rows (time_to_sharp_ms median, and p95 with 10 or more runs). */
export async function nextImage(log: (line: string) => void = console.log): Promise<ResultRow[]> {
  ensureBuild(log);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'maru-bench-next-image-'));
  const database = createDatabase({ DATA_DIR: dataDir });
  await migrateToLatest(database.db);
  await seedDemo(database.db);
  await database.db.destroy();
  const server = await ServerProcess.start({
    dataDir,
    databaseUrl: undefined,
    jwtSecret: randomBytes(32).toString('base64url'),
    env: { DIST_DIR: path.join(ROOT, DIST) },
  });
  const browser = await chromium.launch(chromiumLaunch);
  try {
    log(`${CASE}: seeding ${IMAGES.length} images and their boxes …`);
    const s = await seed(server.base);
    const times: Record<Subject, number[]> = { ours: [], 'baseline-cold': [] };
    const order: Subject[] = ['ours', 'baseline-cold'];
    for (let i = -1; i < RUNS; i++) {
      for (const subject of i % 2 === 0 ? order : [...order].reverse()) {
        const r = await runOnce(browser, server.base, s, subject);
        // The checks before any figure counts: ours had the next image fetched ahead, the baseline had not.
        if (subject === 'ours' && r.targetRequestsBeforeKey === 0)
          throw new Error(`${CASE}: ours fetched nothing of the next image ahead`);
        if (subject === 'baseline-cold' && r.blockedBeforeKey !== r.targetRequestsBeforeKey)
          throw new Error(`${CASE}: the baseline fetched part of the next image ahead`);
        log(
          `  ${i < 0 ? 'warm-up' : `run ${i + 1}`} ${subject.padEnd(13)} ${r.ms.toFixed(0)} ms (sharp ${r.sharpMs.toFixed(0)}, editable ${r.editableMs.toFixed(0)}; requests for it before D ${r.targetRequestsBeforeKey}${subject === 'baseline-cold' ? ' (failed)' : ''}, after ${r.targetRequestsAfterKey} (${r.targetCachedAfterKey} from the HTTP cache))`,
        );
        if (i >= 0) times[subject].push(r.ms);
      }
    }
    const rows: ResultRow[] = [];
    for (const subject of order) {
      const sorted = times[subject].sort((a, b) => a - b);
      rows.push({ case: CASE, subject, metric: 'time_to_sharp_ms', value: median(sorted), better: 'lower' });
      if (sorted.length >= 10)
        rows.push({
          case: CASE,
          subject,
          metric: 'time_to_sharp_p95_ms',
          value: percentile(sorted, 95),
          better: 'lower',
        });
      rows.push({ case: CASE, subject, metric: 'runs_count', value: sorted.length, better: 'higher' });
    }
    const ours = median(times.ours);
    const cold = median(times['baseline-cold']);
    log(
      `${CASE}: D → sharp and editable, median ${ours.toFixed(0)} ms with the prefetch vs ${cold.toFixed(0)} ms cold (${(ours / cold).toFixed(2)}×; ${RUNS} runs each, ${LATENCY_MS} ms added latency)`,
    );
    return rows;
  } finally {
    await browser.close();
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await nextImage(), null, 2));
}
