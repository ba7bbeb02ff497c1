import {
  emptyMetrics,
  latencyQuantile,
  mergeMetrics,
  metricsWindowSchema,
  type MetricsWindow,
} from '../../contract/latencyHistogram';
import type { PointMetrics } from '../../contract/apiDeploy';
import type { Db } from '../db/Db';

/*
 * Serving counts per point, minute and source. Each source has one writer (a point's agent, whose
 * heartbeats come one after another, or one API process), so adding is a read-modify-write without
 * a race; readers sum the sources of each minute. Rows older than METRICS_KEEP_MINUTES go on the
 * next write of the same source.
 */

export const METRICS_KEEP_MINUTES = 7 * 24 * 60;

/** The minute of `at`, as stored: ISO text truncated to the minute. */
export function minuteOf(at: Date): string {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
}

/** A stored row as a window (a row that no longer parses counts as empty). */
export function parseWindow(row: {
  requests: number;
  errors: number;
  latency: string;
  class_counts: string;
}): MetricsWindow {
  const parsed = metricsWindowSchema.safeParse({
    requests: row.requests,
    errors: row.errors,
    latency: JSON.parse(row.latency) as unknown,
    classCounts: JSON.parse(row.class_counts) as unknown,
  });
  return parsed.success ? parsed.data : emptyMetrics();
}

/** Adds `window` to the point's row for (`at`'s minute, `source`). Call inside one writer per source. */
export async function addPointMetrics(
  db: Db,
  pointId: string,
  source: string,
  at: Date,
  window: MetricsWindow,
): Promise<void> {
  if (window.requests === 0 && window.errors === 0) return;
  const minute = minuteOf(at);
  const existing = await db
    .selectFrom('point_metrics')
    .select(['requests', 'errors', 'latency', 'class_counts'])
    .where('point_id', '=', pointId)
    .where('minute', '=', minute)
    .where('source', '=', source)
    .executeTakeFirst();
  const sum = existing ? mergeMetrics(parseWindow(existing), window) : window;
  const values = {
    requests: sum.requests,
    errors: sum.errors,
    latency: JSON.stringify(sum.latency),
    class_counts: JSON.stringify(sum.classCounts),
  };
  if (existing) {
    await db
      .updateTable('point_metrics')
      .set(values)
      .where('point_id', '=', pointId)
      .where('minute', '=', minute)
      .where('source', '=', source)
      .execute();
  } else {
    await db
      .insertInto('point_metrics')
      .values({ point_id: pointId, minute, source, ...values })
      .execute();
    const cutoff = minuteOf(new Date(at.getTime() - METRICS_KEEP_MINUTES * 60_000));
    await db
      .deleteFrom('point_metrics')
      .where('point_id', '=', pointId)
      .where('source', '=', source)
      .where('minute', '<', cutoff)
      .execute();
  }
}

/** The last `minutes` minutes up to `now`, one entry a minute (zeros where nothing was served), and their sum. */
export async function readPointMetrics(db: Db, pointId: string, minutes: number, now: Date): Promise<PointMetrics> {
  const last = new Date(minuteOf(now)).getTime();
  const first = last - (minutes - 1) * 60_000;
  const rows = await db
    .selectFrom('point_metrics')
    .select(['minute', 'requests', 'errors', 'latency', 'class_counts'])
    .where('point_id', '=', pointId)
    .where('minute', '>=', new Date(first).toISOString())
    .execute();
  const byMinute = new Map<string, MetricsWindow>();
  for (const row of rows) {
    const window = parseWindow(row);
    byMinute.set(row.minute, mergeMetrics(byMinute.get(row.minute) ?? emptyMetrics(), window));
  }
  let total = emptyMetrics();
  const series: PointMetrics['series'] = [];
  for (let t = first; t <= last; t += 60_000) {
    const at = new Date(t).toISOString();
    const window = byMinute.get(at) ?? emptyMetrics();
    total = mergeMetrics(total, window);
    series.push({
      at,
      requests: window.requests,
      errors: window.errors,
      p50Ms: latencyQuantile(window.latency, 0.5),
      p95Ms: latencyQuantile(window.latency, 0.95),
    });
  }
  return { minutes, series, total };
}
