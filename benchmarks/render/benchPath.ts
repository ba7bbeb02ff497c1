/**
 * The scripted camera path of the render benchmark and the in-page driver that plays it.
 * `runPath` is serialised by Playwright and runs inside the page: it must not close over
 * anything from this module.
 */
import type { View } from '../../engine';
import type { BenchSubject } from './page/subject';

/** Canvas size in CSS px (SwiftShader rasterises on the CPU: keep it modest). */
export const VIEWPORT = { width: 800, height: 600 };

/** The moves, over a 40,000 × 30,000 image: zooms, pans at several levels, a deep zoom, a fit. */
export function benchMoves(width: number, height: number): { start: View; moves: View[] } {
  const fit = Math.min(VIEWPORT.width / width, VIEWPORT.height / height);
  const start = { centerX: width / 2, centerY: height / 2, zoom: fit };
  const moves: View[] = [
    { centerX: 12_000, centerY: 9_000, zoom: 0.25 },
    { centerX: 20_000, centerY: 12_000, zoom: 0.25 },
    { centerX: 20_500, centerY: 12_300, zoom: 1 },
    { centerX: 22_500, centerY: 12_300, zoom: 1 },
    { centerX: 22_500, centerY: 14_000, zoom: 1 },
    { centerX: 22_000, centerY: 15_000, zoom: 0.1 },
    { centerX: 30_000, centerY: 20_000, zoom: 0.1 },
    { centerX: 30_100, centerY: 20_050, zoom: 2 },
    start,
  ];
  return { start, moves };
}

export interface PathResult {
  /**
   * Main-thread ms per animation frame during moves: from the start of the frame's first rAF
   * callback (any page's, see FRAME_START_SCRIPT in render.bench.ts) to the task after the frame.
   */
  busyMs: number[];
  /** rAF-to-rAF intervals during moves. */
  intervalMs: number[];
  /** Long tasks (≥ 50 ms) during the whole path, moves and waits. */
  longTasks: number[];
  /** Per move: ms from the end of the move until the subject reports a sharp view. */
  sharpMs: number[];
  /** Moves whose view never got sharp within the timeout. */
  sharpTimeouts: number;
  peakHeapBytes: number;
}

/** Plays `moves` (each `moveMs` long, eased, zoom interpolated geometrically) in the page. */
export async function runPath(args: {
  start: View;
  moves: View[];
  moveMs: number;
  sharpTimeoutMs: number;
}): Promise<PathResult> {
  const s = (window as unknown as { subject: BenchSubject }).subject;
  const result: PathResult = {
    busyMs: [],
    intervalMs: [],
    longTasks: [],
    sharpMs: [],
    sharpTimeouts: 0,
    peakHeapBytes: 0,
  };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) result.longTasks.push(e.duration);
  });
  observer.observe({ type: 'longtask' });
  const heap = () => {
    const m = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    if (m) result.peakHeapBytes = Math.max(result.peakHeapBytes, m.usedJSHeapSize);
  };
  // A message posted from a rAF callback runs after that frame's rendering work on the main
  // thread: its arrival minus the start of the frame's first rAF callback is the frame's
  // main-thread cost (the viewer's callbacks may run before ours: they count too).
  const frameStart = (window as unknown as { __frameStart?: (t: number) => number | undefined }).__frameStart;
  const channel = new MessageChannel();
  const starts: number[] = [];
  channel.port1.onmessage = () => {
    const t = starts.shift();
    if (t !== undefined) result.busyMs.push(performance.now() - t);
  };
  const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
  let from = args.start;
  for (const to of args.moves) {
    let t0 = -1;
    let last = -1;
    for (;;) {
      const now = await frame();
      const begin = frameStart?.(now) ?? performance.now();
      if (t0 < 0) t0 = now;
      const k = Math.min(1, (now - t0) / args.moveMs);
      const e = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
      s.setView({
        centerX: from.centerX + (to.centerX - from.centerX) * e,
        centerY: from.centerY + (to.centerY - from.centerY) * e,
        zoom: from.zoom * (to.zoom / from.zoom) ** e,
      });
      if (last >= 0) result.intervalMs.push(now - last);
      last = now;
      starts.push(begin);
      channel.port2.postMessage(0);
      heap();
      if (k >= 1) break;
    }
    const t = performance.now();
    let sharp = s.isSharp();
    while (!sharp && performance.now() - t < args.sharpTimeoutMs) {
      await frame();
      heap();
      sharp = s.isSharp();
    }
    if (!sharp) result.sharpTimeouts += 1;
    result.sharpMs.push(performance.now() - t);
    from = to;
  }
  await frame();
  observer.disconnect();
  return result;
}
