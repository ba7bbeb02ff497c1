import { z } from 'zod';

/*
 * Serving metrics as mergeable counts: request and error counts, a latency histogram over fixed
 * bucket bounds, and predictions per class. The edge agent reports deltas of these, each API
 * process adds its own for web points, and the server sums rows per minute: sums of histograms
 * are exact, whereas percentiles could not be averaged. Percentiles are then read from the merged
 * histogram, interpolated inside a bucket (at most one bucket's width off).
 */

/** Upper bounds (ms) of the latency buckets; a last bucket holds everything slower. */
export const LATENCY_BOUNDS_MS = [
  1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000, 1500, 2000, 3000, 5000, 10000,
] as const;
export const LATENCY_BUCKETS = LATENCY_BOUNDS_MS.length + 1;

export const metricsWindowSchema = z.object({
  requests: z.number().int().min(0),
  errors: z.number().int().min(0),
  /** LATENCY_BUCKETS counts: bucket i holds latencies ≤ LATENCY_BOUNDS_MS[i] (and > the bound before). */
  latency: z.array(z.number().int().min(0)).length(LATENCY_BUCKETS),
  /** Predictions returned per label name. */
  classCounts: z.record(z.string(), z.number().int().min(0)),
});
export type MetricsWindow = z.infer<typeof metricsWindowSchema>;

export function emptyMetrics(): MetricsWindow {
  return { requests: 0, errors: 0, latency: new Array<number>(LATENCY_BUCKETS).fill(0), classCounts: {} };
}

export function bucketOf(ms: number): number {
  for (let i = 0; i < LATENCY_BOUNDS_MS.length; i++) if (ms <= LATENCY_BOUNDS_MS[i]!) return i;
  return LATENCY_BOUNDS_MS.length;
}

/** Counts one request into `into` (in place). */
export function recordRequest(into: MetricsWindow, ms: number, ok: boolean, labels: readonly string[] = []): void {
  into.requests += 1;
  if (!ok) into.errors += 1;
  const bucket = bucketOf(ms);
  into.latency[bucket] = (into.latency[bucket] ?? 0) + 1;
  for (const label of labels) into.classCounts[label] = (into.classCounts[label] ?? 0) + 1;
}

/** a + b, as a new window. */
export function mergeMetrics(a: MetricsWindow, b: MetricsWindow): MetricsWindow {
  const classCounts = { ...a.classCounts };
  for (const [label, n] of Object.entries(b.classCounts)) classCounts[label] = (classCounts[label] ?? 0) + n;
  return {
    requests: a.requests + b.requests,
    errors: a.errors + b.errors,
    latency: a.latency.map((n, i) => n + (b.latency[i] ?? 0)),
    classCounts,
  };
}

/** The q-quantile (0–1) of the latencies in `latency`, in ms; null when it holds none. */
export function latencyQuantile(latency: readonly number[], q: number): number | null {
  const total = latency.reduce((s, n) => s + n, 0);
  if (total === 0) return null;
  const rank = Math.min(total, Math.max(1, Math.ceil(q * total)));
  let seen = 0;
  for (let i = 0; i < latency.length; i++) {
    const n = latency[i] ?? 0;
    if (n === 0) continue;
    if (seen + n >= rank) {
      const low = i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1]!;
      // The open last bucket is read as twice its lower bound wide: a figure, not infinity.
      const high = i < LATENCY_BOUNDS_MS.length ? LATENCY_BOUNDS_MS[i]! : low * 2;
      return low + ((high - low) * (rank - seen)) / n;
    }
    seen += n;
  }
  return null;
}
