/**
 * `npm run bench:gallery`: the dataset viewer with 10,000 images in Chromium + SwiftShader (a CPU
 * rasteriser: figures are a floor, a GPU is far faster). The real server (its own process, SQLite
 * in a temp DATA_DIR, the built client from GALLERY_BENCH_DIST, default dist/) serves a project
 * seeded with 10,000 images (server/seed/gallerySeed.ts); the gallery is opened, and once every
 * atlas page is on the GPU the frame time is measured while zooming with the wheel and panning by
 * drag. Each frame is timed inside the page around `gl.render` plus a 1-pixel read-back, which
 * waits for the GPU work (GalleryBenchTimer's `__galleryBench` hook, which the page installs only when
 * `window.__galleryBench` exists as the gallery opens: an init script sets it). Not a test.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { LocalBlobStore } from '../server/blobs/LocalBlobStore';
import { createDatabase } from '../server/db/createDatabase';
import { migrateToLatest } from '../server/db/migrate';
import { DEMO_ACCOUNTS, seedDemo } from '../server/seed/demoSeed';
import { seedGalleryImages } from '../server/seed/gallerySeed';
import { ServerProcess } from '../server/test/ServerProcess';
import { median, percentile, writeResults, type ResultRow } from './writeResults';
import { chromiumLaunch } from '../scripts/chromiumLaunch';

const IMAGES = Number(process.env.GALLERY_BENCH_IMAGES ?? 10_000);
const STEPS = 30;
const DIST = process.env.GALLERY_BENCH_DIST ?? 'dist';

const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

async function framesDuring(page: Page, work: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    window.__galleryBench = { frames: [] };
  });
  await work();
  return page.evaluate(() => {
    const frames = window.__galleryBench?.frames ?? [];
    delete window.__galleryBench;
    return frames;
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gallery-bench-'));
  const database = createDatabase({ DATA_DIR: dataDir });
  await migrateToLatest(database.db);
  await seedDemo(database.db);
  const server = await ServerProcess.start({
    dataDir,
    databaseUrl: undefined,
    jwtSecret: randomBytes(32).toString('base64url'),
    env: { DIST_DIR: DIST },
  });
  const base = server.base;
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const admin = DEMO_ACCOUNTS[0];
    if (!admin) throw new Error('no demo account');
    const login = async () =>
      (await (
        await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: admin.email, password: admin.password }),
        })
      ).json()) as { token: string; refreshToken: string };
    const pair = await login();
    const created = await fetch(`${base}/api/projects`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${pair.token}` },
      body: JSON.stringify({ title: 'Gallery bench', subtype: 'IMAGE_CLASSIFICATION' }),
    });
    const { id: projectId } = (await created.json()) as { id: string };
    const seedStart = performance.now();
    await seedGalleryImages(database.db, new LocalBlobStore(path.join(dataDir, 'blobs')), projectId, IMAGES);
    const seedMs = performance.now() - seedStart;

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript(() => {
      window.__galleryBench = { frames: [] };
    });
    await page.goto(`${base}/support`);
    await page.evaluate(
      (p) => {
        localStorage.setItem('auth._token.local', `Bearer ${p.token}`);
        localStorage.setItem('auth._refresh_token.local', p.refreshToken);
        localStorage.setItem('auth.strategy', 'local');
      },
      await login(),
    );
    await page.goto(`${base}/console/projects/${projectId}`);
    await page.getByTestId('image-list').waitFor({ timeout: 60_000 });
    const atlasRequests: string[] = [];
    // The context sees requests the service worker forwards too.
    page.context().on('request', (r) => {
      if (/\/atlas\/[0-9a-f]{64}\.webp$/.test(r.url())) atlasRequests.push(r.url());
    });
    const openStart = performance.now();
    await page.getByRole('button', { name: '갤러리' }).click();
    const viewer = page.getByTestId('dataset-viewer');
    await viewer.waitFor({ timeout: 60_000 });
    const pages = Number(await viewer.getAttribute('data-pages'));
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="dataset-viewer"]')?.getAttribute('data-loaded-pages') === String(n),
      pages,
      { timeout: 300_000 },
    );
    const openMs = performance.now() - openStart;
    const renderer = (await viewer.getAttribute('data-renderer')) ?? '';
    const box = await viewer.boundingBox();
    if (!box) throw new Error('viewer has no box');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await nextFrames(page);

    const zoom = await framesDuring(page, async () => {
      for (let i = 0; i < STEPS; i++) {
        await page.mouse.wheel(0, i < STEPS / 2 ? -120 : 120);
        await nextFrames(page);
      }
    });
    // Pans while zoomed in (a few hundred cells on screen) and fitted (all 10,000).
    await viewer.focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('+');
    const panIn = await framesDuring(page, async () => {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let i = 0; i < STEPS; i++) {
        await page.mouse.move(cx + (i % 10) * 15, cy + (i % 7) * 10);
        await nextFrames(page);
      }
      await page.mouse.up();
    });
    await page.keyboard.press('0');
    const panAll = await framesDuring(page, async () => {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let i = 0; i < STEPS; i++) {
        await page.mouse.move(cx + (i % 10) * 15, cy + (i % 7) * 10);
        await nextFrames(page);
      }
      await page.mouse.up();
    });

    // Baseline of the same run: the same canvas and 10,000 instances with none on screen (panned
    // past the grid), i.e. the frame's fixed cost on this machine at this load.
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
    const panEmpty = await framesDuring(page, async () => {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let i = 0; i < STEPS; i++) {
        await page.mouse.move(cx + (i % 10) * 15, cy + (i % 7) * 10);
        await nextFrames(page);
      }
      await page.mouse.up();
    });

    const rows: ResultRow[] = [];
    const table: Record<string, Record<string, number>> = {};
    for (const [name, frames] of [
      ['zoom_wheel', zoom],
      ['pan_zoomed_in', panIn],
      ['pan_all_visible', panAll],
      ['baseline_nothing_on_screen', panEmpty],
    ] as const) {
      const sorted = [...frames].sort((a, b) => a - b);
      table[name] = {
        frames: frames.length,
        median_ms: Number(median(frames).toFixed(2)),
        p95_ms: Number(percentile(sorted, 95).toFixed(2)),
      };
      const subject = name.startsWith('baseline') ? 'baseline' : 'ours';
      rows.push({
        case: `${name}_${IMAGES}`,
        subject,
        metric: 'frame_time_median_ms',
        value: table[name].median_ms ?? NaN,
        better: 'lower',
      });
      rows.push({
        case: `${name}_${IMAGES}`,
        subject,
        metric: 'frame_time_p95_ms',
        value: table[name].p95_ms ?? NaN,
        better: 'lower',
      });
    }
    rows.push({
      case: `open_${IMAGES}`,
      subject: 'ours',
      metric: 'all_pages_loaded_ms',
      value: Math.round(openMs),
      better: 'lower',
    });
    rows.push({
      case: `open_${IMAGES}`,
      subject: 'ours',
      metric: 'atlas_requests',
      value: atlasRequests.length,
      better: 'lower',
    });
    console.table(table);
    console.log(
      `${IMAGES} images seeded in ${Math.round(seedMs)} ms; gallery open → ${pages} atlas pages (${atlasRequests.length} requests, composed cold) in ${Math.round(openMs)} ms`,
    );
    console.log(
      `renderer: ${renderer}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const file = writeResults('gallery', rows, {
      browser: renderer,
      loadAverage: os.loadavg(),
      images: IMAGES,
      atlasPages: pages,
    });
    console.log(`wrote ${file}`);
  } finally {
    await browser.close();
    await server.kill('SIGTERM');
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
