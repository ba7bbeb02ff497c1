/**
 * The JavaScript a real browser fetches for a page: starts the server on a built `dist/` (empty
 * temporary DATA_DIR, a free loopback port), opens each path in Debian's Chromium in a fresh
 * context (no cookies, storage or service worker: a signed-out first visit), and records every
 * script the page fetches (entry, module preloads, lazy chunks, the locale texts, which are JS
 * modules, dedicated workers) until no script has arrived for a while after network idle. The
 * service worker's own fetches (its script and, once installed, its precache of the whole app)
 * happen in the background and are not the page's: they are left out. Each body is gzipped at
 * level 9.
 */
import { chromium, type Response } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumLaunch } from '../playwright.config';
import { freePort } from '../server/test/ServerProcess';

export interface ScriptFile {
  /** Path on the server, e.g. `/assets/index-abc.js`. */
  file: string;
  gzBytes: number;
}

export interface Visit {
  path: string;
  /** Largest first. */
  files: ScriptFile[];
  gzBytes: number;
}

export interface BrowserScripts {
  /** e.g. 'Chromium 156.0.7632.45'. */
  browser: string;
  visits: Visit[];
}

/** After network idle, the page counts as settled once no script has arrived for this long. */
const QUIET_MS = 1_500;

async function waitForHealth(origin: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not answer /api/health within 30 s');
}

function isScript(response: Response): boolean {
  const type = response.request().resourceType();
  if (type === 'script') return true;
  const contentType = response.headers()['content-type'] ?? '';
  return /javascript/.test(contentType);
}

/**
 * Opens each path (signed out, first visit, Korean browser) and lists the scripts the page
 * fetched; `readySelector` is an element the rendered page shows (the landing page's heading).
 */
export async function measureBrowserScripts(
  dist: string,
  paths: string[],
  readySelector = 'h1',
): Promise<BrowserScripts> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bundle-data-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: dist,
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      JOB_CONCURRENCY: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch(chromiumLaunch).catch((error: unknown) => {
    server.kill();
    throw error;
  });
  try {
    await waitForHealth(origin, server);
    const visits: Visit[] = [];
    for (const pagePath of paths) {
      // A fresh context: no cookies, no storage, no service worker (a signed-out first visit).
      const context = await browser.newContext({ locale: 'ko-KR' });
      const page = await context.newPage();
      const bodies = new Map<string, Promise<Buffer | null>>();
      let last = Date.now();
      page.on('response', (response) => {
        if (!isScript(response) || response.request().serviceWorker()) return;
        const url = new URL(response.url());
        if (url.origin !== origin || bodies.has(url.pathname)) return;
        last = Date.now();
        bodies.set(
          url.pathname,
          response.body().catch(() => null),
        );
      });
      await page.goto(origin + pagePath, { waitUntil: 'networkidle', timeout: 60_000 });
      // On a busy machine the network can fall idle while the entry still runs: wait for the page
      // itself, then for the scripts it starts after first paint.
      await page.locator(readySelector).first().waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      while (Date.now() - last < QUIET_MS) await page.waitForTimeout(QUIET_MS - (Date.now() - last));
      const files: ScriptFile[] = [];
      for (const [file, body] of bodies) {
        const bytes = await body;
        // A script that cannot be read would make the sum too small: stop instead.
        if (!bytes) throw new Error(`could not read the body of ${file}`);
        files.push({ file, gzBytes: gzipSync(bytes, { level: 9 }).length });
      }
      files.sort((a, b) => b.gzBytes - a.gzBytes);
      visits.push({ path: pagePath, files, gzBytes: files.reduce((sum, f) => sum + f.gzBytes, 0) });
      await context.close();
    }
    return { browser: `Chromium ${browser.version()}`, visits };
  } finally {
    await browser.close();
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
