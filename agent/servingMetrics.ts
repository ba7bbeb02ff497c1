import { emptyMetrics, mergeMetrics, recordRequest, type MetricsWindow } from '../contract/latencyHistogram';

/*
 * The agent's serving counts, kept twice: a delta since the last report the server accepted (sent
 * with the next heartbeat, put back when that heartbeat fails, so nothing is lost or counted
 * twice) and totals since start (GET /metrics).
 */
export interface ServingMetrics {
  /** Counts one request: its latency, whether it succeeded, and the label of each prediction. */
  record(ms: number, ok: boolean, labels?: readonly string[]): void;
  /** The counts since the last take, and starts a new delta. */
  takeDelta(): MetricsWindow;
  /** Adds a delta whose report failed back into the current one. */
  restoreDelta(window: MetricsWindow): void;
  /** The counts since start (a copy). */
  totals(): MetricsWindow;
}

export function createServingMetrics(): ServingMetrics {
  let delta = emptyMetrics();
  const total = emptyMetrics();
  return {
    record(ms, ok, labels = []) {
      recordRequest(delta, ms, ok, labels);
      recordRequest(total, ms, ok, labels);
    },
    takeDelta() {
      const taken = delta;
      delta = emptyMetrics();
      return taken;
    },
    restoreDelta(window) {
      delta = mergeMetrics(delta, window);
    },
    totals() {
      return mergeMetrics(emptyMetrics(), total);
    },
  };
}

/** True when the window counts nothing (a heartbeat may then send null). */
export function isEmptyMetrics(window: MetricsWindow): boolean {
  return window.requests === 0;
}
