/**
 * The Chromium half of the zip benchmark: the page (page/zipPage.ts, bundled by esbuild) makes
 * the same seeded dataset and runs the same writers. Output check: each writer's archive in the
 * page must be byte-identical to the one checked on disk in Node (same size and CRC-32 of the
 * whole output). CPU time comes from the renderer process (DevTools Performance.getMetrics).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import type { CheckedOutput, TimedRun } from './nodeSuite';
import type { ZipBenchPage } from './page/zipPage';
import { SUBJECTS, type SubjectName } from './zipSubjects';
import { CHROMIUM_PATH, QUIET_ARGS } from '../../scripts/chromiumLaunch';

const ROOT = path.resolve(import.meta.dirname, '../..');
// Built JavaScript stays out of benchmarks/ (lint would read it): node_modules/.cache is ignored.
const BUNDLE = path.join(ROOT, 'node_modules/.cache/bench-zip-page/zipPage.js');

const LAUNCH_ARGS = [
  ...QUIET_ARGS,
  '--disable-quic',
  // Unrounded performance.memory, and gc() in the page for a clean baseline before each run.
  '--enable-precise-memory-info',
  '--js-flags=--expose-gc',
];

export interface BrowserSession {
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  version: string;
}

async function bundlePage(): Promise<string> {
  mkdirSync(path.dirname(BUNDLE), { recursive: true });
  await build({
    entryPoints: [path.join(import.meta.dirname, 'page/zipPage.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    outfile: BUNDLE,
    logLevel: 'warning',
  });
  return readFileSync(BUNDLE, 'utf8');
}

export async function openBrowser(images: number): Promise<BrowserSession & { generateMs: number }> {
  const script = await bundlePage();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? CHROMIUM_PATH,
    args: LAUNCH_ARGS,
  });
  const page = await browser.newPage();
  await page.goto('about:blank');
  await page.addScriptTag({ content: script });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const generated = await page.evaluate(
    (n) => (window as unknown as { zipBench: ZipBenchPage }).zipBench.generate(n),
    images,
  );
  return { browser, page, cdp, version: `Chromium ${browser.version()}`, generateMs: generated.ms };
}

/** CPU seconds of the renderer process so far (all its threads, GC helpers included). */
async function processCpuS(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'ProcessTime')?.value ?? NaN;
}

export async function browserRun(
  session: BrowserSession,
  subject: SubjectName,
  images: number,
  hashOutput = false,
): Promise<TimedRun> {
  const cpuBefore = await processCpuS(session.cdp);
  const measure = await session.page.evaluate(
    ([s, n, h]) => (window as unknown as { zipBench: ZipBenchPage }).zipBench.run(s, n, h),
    [subject, images, hashOutput] as const,
  );
  const cpuAfter = await processCpuS(session.cdp);
  return { ...measure, subject, images, cpuMs: (cpuAfter - cpuBefore) * 1000 };
}

/** Each writer's archive in the page must equal the one checked in Node, byte for byte. */
export async function checkBrowserOutputs(
  session: BrowserSession,
  images: number,
  expected: Map<SubjectName, CheckedOutput>,
): Promise<void> {
  for (const subject of SUBJECTS) {
    const run = await browserRun(session, subject, images, true);
    const node = expected.get(subject);
    if (!node || node.bytes !== run.outputBytes || node.crc !== run.outputCrc) {
      throw new Error(
        `chromium ${subject}: ${run.outputBytes} bytes, CRC ${run.outputCrc} — Node's checked output was ${node?.bytes} bytes, CRC ${node?.crc}`,
      );
    }
    console.log(`  chromium ${subject}: output identical to the checked Node archive (${run.outputBytes} bytes)`);
  }
}

export async function browserTimedRuns(
  session: BrowserSession,
  sizes: readonly number[],
  runs: number,
  warmupImages: number,
): Promise<TimedRun[]> {
  for (const subject of SUBJECTS) await browserRun(session, subject, warmupImages);
  const results: TimedRun[] = [];
  for (const size of sizes) {
    for (let round = 0; round < runs; round++) {
      for (let k = 0; k < SUBJECTS.length; k++) {
        const subject = SUBJECTS[(k + round) % SUBJECTS.length]!;
        const run = await browserRun(session, subject, size);
        results.push(run);
        console.log(
          `  chromium ${size} images, round ${round + 1}: ${subject} ${run.ms.toFixed(0)} ms (cpu ${run.cpuMs.toFixed(0)} ms), peak +${(run.peakBytes.js! / 2 ** 20).toFixed(1)} MiB`,
        );
      }
    }
  }
  return results;
}
