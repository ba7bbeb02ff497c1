/**
 * Main-thread CPU time from a Chromium trace, for the render benchmark. Wall-clock frame times
 * and PerformanceObserver long tasks count the time the thread waited for a core, which on a
 * shared 2-core machine is most of a "long task"; a task's thread time (`tdur`) does not.
 */

/** The trace events read here (Chrome trace event format). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Trace categories that carry the renderer main thread's tasks and animation frames. */
export const CPU_TRACE_CATEGORIES = ['__metadata', 'devtools.timeline', 'disabled-by-default-devtools.timeline'];

export interface MainThreadCpu {
  /** CPU ms of each main-thread task that ran animation-frame callbacks (one per frame). */
  frameCpuMs: number[];
  /** CPU ms of every main-thread task of at least 50 ms CPU. */
  longTaskCpuMs: number[];
  /** CPU ms of all main-thread tasks together (work moved out of frames still counts here). */
  totalCpuMs: number;
}

/** Reads the renderer main threads' tasks from a trace (the JSON Playwright's stopTracing gives). */
export function mainThreadCpu(traceJson: string): MainThreadCpu {
  const events = (JSON.parse(traceJson) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: TraceEvent) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`);
  const tasks = events
    .filter((e) => onMain(e) && e.name === 'RunTask' && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const frames = events.filter((e) => onMain(e) && e.name === 'FireAnimationFrame').sort((a, b) => a.ts - b.ts);
  const frameCpuMs: number[] = [];
  let f = 0;
  for (const t of tasks) {
    const end = t.ts + (t.dur ?? 0);
    while (f < frames.length && frames[f]!.ts < t.ts) f += 1;
    let hasFrame = false;
    while (f < frames.length && frames[f]!.ts <= end) {
      if (`${frames[f]!.pid}:${frames[f]!.tid}` === `${t.pid}:${t.tid}`) hasFrame = true;
      f += 1;
    }
    if (hasFrame) frameCpuMs.push((t.tdur ?? 0) / 1000);
  }
  const longTaskCpuMs = tasks.map((t) => (t.tdur ?? 0) / 1000).filter((ms) => ms >= 50);
  const totalCpuMs = tasks.reduce((sum, t) => sum + (t.tdur ?? 0) / 1000, 0);
  return { frameCpuMs, longTaskCpuMs, totalCpuMs };
}
