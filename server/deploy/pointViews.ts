import type { Selectable } from 'kysely';
import { z } from 'zod';
import {
  DEPLOYMENT_ERROR_CODES,
  DEPLOYMENT_STATES,
  agentChecksSchema,
  type EdgeDevice,
  type Point,
  type WebInstance,
} from '../../contract/apiDeploy';
import { agentRuntimeSchema } from '../../contract/apiAgent';
import { LATENCY_BUCKETS, emptyMetrics, type MetricsWindow } from '../../contract/latencyHistogram';
import type { Db } from '../db/Db';
import type { PointsTable } from '../db/deploymentSchema';
import { connectionState } from './connectionState';
import { lastPingsOf, pingView, type PingRow } from './pings';
import { minuteOf, parseWindow } from './pointMetricsStore';

/** A point row with its project's title, its creator's name and its model's facts. */
export type PointRow = Selectable<PointsTable> & {
  project_title: string;
  creator_name: string | null;
  model_tag: string | null;
  model_task: string | null;
  model_training_id: string | null;
  model_exists: string | null;
};

/** Live points (not deleted) with what their view needs; narrow with `.where(...)`. */
export function selectPoints(db: Db) {
  return db
    .selectFrom('points')
    .innerJoin('projects', 'projects.id', 'points.project_id')
    .leftJoin('users', 'users.id', 'points.created_by')
    .leftJoin('models', 'models.id', 'points.model_id')
    .selectAll('points')
    .select([
      'projects.title as project_title',
      'users.name as creator_name',
      'models.tag as model_tag',
      'models.task as model_task',
      'models.training_id as model_training_id',
      'models.id as model_exists',
    ])
    .where('points.deleted_at', 'is', null);
}

/** The predict URL of a web point on this server. */
export function predictUrlOf(publicUrl: string, pointId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/v1/points/${encodeURIComponent(pointId)}/predict`;
}

// What the agent last reported, read leniently: an older agent's report still shows what it can.
const reportedSchema = z.object({
  localUrl: z.string().nullable().catch(null),
  status: z.enum(['idle', 'downloading', 'activating', 'serving', 'failed']).catch('idle'),
  checks: agentChecksSchema.nullable().catch(null),
});

function parseJson(text: string | null): unknown {
  if (text == null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function deviceOf(row: PointRow): EdgeDevice | null {
  if (!row.device_id || !row.device_enrolled_at) return null;
  const runtime = agentRuntimeSchema.safeParse(parseJson(row.device_runtime));
  const reported = reportedSchema.safeParse(parseJson(row.device_reported) ?? {});
  const r = reported.success ? reported.data : { localUrl: null, status: 'idle' as const, checks: null };
  return {
    deviceId: row.device_id,
    enrolledAt: row.device_enrolled_at,
    lastSeenAt: row.last_seen_at,
    agentVersion: runtime.success ? runtime.data.agentVersion : '',
    node: runtime.success ? runtime.data.node : '',
    platform: runtime.success ? runtime.data.platform : '',
    arch: runtime.success ? runtime.data.arch : '',
    backends: runtime.success ? runtime.data.backends : [],
    hostname: runtime.success ? runtime.data.hostname : null,
    localUrl: r.localUrl,
    status: r.status,
    checks: r.checks,
  };
}

function instanceOf(row: PointRow, publicUrl: string): WebInstance | null {
  if (row.kind !== 'web') return null;
  return {
    serverType: (row.server_type ?? 'local') as WebInstance['serverType'],
    cloudType: (row.cloud_type ?? 'none') as WebInstance['cloudType'],
    cloudRegion: row.cloud_region ?? 'local',
    instanceType: row.instance_type ?? 'local-1',
    instanceId: row.instance_id ?? '',
    instanceState: (row.instance_state ?? 'preparing') as WebInstance['instanceState'],
    instanceAddress: predictUrlOf(publicUrl, row.id),
    error: row.instance_error,
    preparedAt: row.prepared_at,
  };
}

/** The latest deployment target of a point. */
export interface LatestTarget {
  deployment_id: string;
  point_id: string;
  model_id: string;
  state: string;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** The newest deployment target of each point (one query for a list). */
export async function latestTargetsOf(db: Db, pointIds: readonly string[]): Promise<Map<string, LatestTarget>> {
  const out = new Map<string, LatestTarget>();
  if (pointIds.length === 0) return out;
  const rows = await db
    .selectFrom('deployment_targets as dt')
    .innerJoin('deployments as d', 'd.id', 'dt.deployment_id')
    .select(['dt.deployment_id', 'dt.point_id', 'd.model_id', 'dt.state', 'dt.error', 'dt.created_at', 'dt.updated_at'])
    .where('dt.point_id', 'in', pointIds)
    .where((eb) =>
      eb(
        'dt.created_at',
        '=',
        eb
          .selectFrom('deployment_targets as latest')
          .whereRef('latest.point_id', '=', 'dt.point_id')
          .select((e) => e.fn.max('latest.created_at').as('m')),
      ),
    )
    .execute();
  for (const row of rows) {
    const seen = out.get(row.point_id);
    if (!seen || row.deployment_id > seen.deployment_id) out.set(row.point_id, row);
  }
  return out;
}

/** Each point's serving counts summed over the last hour up to `now` (one query for a list). */
export async function recentMetricsOf(
  db: Db,
  pointIds: readonly string[],
  now: Date,
): Promise<Map<string, MetricsWindow>> {
  const out = new Map<string, MetricsWindow>();
  if (pointIds.length === 0) return out;
  const since = minuteOf(new Date(now.getTime() - 59 * 60_000));
  const rows = await db
    .selectFrom('point_metrics')
    .select(['point_id', 'requests', 'errors', 'latency', 'class_counts'])
    .where('point_id', 'in', pointIds)
    .where('minute', '>=', since)
    .execute();
  for (const row of rows) {
    let sum = out.get(row.point_id);
    if (!sum) out.set(row.point_id, (sum = emptyMetrics()));
    addRowInPlace(sum, row);
  }
  return out;
}

/**
 * Adds a stored row to `into` in place. A list sums thousands of rows (points × minutes), so the
 * common well-formed row skips the schema; anything else goes through it (a bad row counts empty).
 */
function addRowInPlace(
  into: MetricsWindow,
  row: { requests: number; errors: number; latency: string; class_counts: string },
): void {
  const latency = parseJson(row.latency);
  const classes = parseJson(row.class_counts);
  const wellFormed =
    Array.isArray(latency) &&
    latency.length === LATENCY_BUCKETS &&
    latency.every((n) => Number.isInteger(n) && (n as number) >= 0) &&
    typeof classes === 'object' &&
    classes !== null &&
    !Array.isArray(classes) &&
    Object.values(classes).every((n) => Number.isInteger(n) && (n as number) >= 0);
  const window = wellFormed
    ? {
        requests: Number(row.requests),
        errors: Number(row.errors),
        latency: latency as number[],
        classCounts: classes as Record<string, number>,
      }
    : parseWindow(row);
  into.requests += window.requests;
  into.errors += window.errors;
  for (let i = 0; i < LATENCY_BUCKETS; i++) into.latency[i]! += window.latency[i] ?? 0;
  for (const [label, n] of Object.entries(window.classCounts))
    into.classCounts[label] = (into.classCounts[label] ?? 0) + n;
}

const isState = (v: string): v is (typeof DEPLOYMENT_STATES)[number] =>
  (DEPLOYMENT_STATES as readonly string[]).includes(v);
const isError = (v: string | null): v is (typeof DEPLOYMENT_ERROR_CODES)[number] =>
  v !== null && (DEPLOYMENT_ERROR_CODES as readonly string[]).includes(v);

export interface PointViewContext {
  now: Date;
  heartbeatSeconds: number;
  publicUrl: string;
}

/** contract pointSchema from a row and what was read for it. */
export function pointView(
  row: PointRow,
  extra: { target: LatestTarget | undefined; ping: PingRow | undefined; recent: MetricsWindow | undefined },
  ctx: PointViewContext,
): Point {
  const edge = row.kind === 'edge';
  const device = edge ? deviceOf(row) : null;
  const { target, ping } = extra;
  return {
    id: row.id,
    projectId: row.project_id,
    projectTitle: row.project_title,
    kind: edge ? 'edge' : 'web',
    name: row.name,
    description: row.description,
    endpoint: edge ? (device?.localUrl ?? null) : predictUrlOf(ctx.publicUrl, row.id),
    model:
      row.model_id && row.model_exists
        ? {
            id: row.model_id,
            tag: row.model_tag,
            task: row.model_task ?? '',
            trainingId: row.model_training_id,
          }
        : null,
    version: row.version,
    deployment:
      target && isState(target.state)
        ? {
            id: target.deployment_id,
            modelId: target.model_id,
            state: target.state,
            error: isError(target.error) ? target.error : null,
            at: target.updated_at,
          }
        : null,
    connection: edge ? connectionState(row, ctx.now, ctx.heartbeatSeconds) : null,
    device,
    lastPing: edge && ping ? pingView(ping, ctx.now, ctx.heartbeatSeconds) : null,
    instance: instanceOf(row, ctx.publicUrl),
    recent: extra.recent ?? emptyMetrics(),
    heartbeatSeconds: ctx.heartbeatSeconds,
    createdAt: row.created_at,
    createdBy: row.created_by ? { id: row.created_by, name: row.creator_name ?? '' } : null,
  };
}

/** The views of `rows`, with their latest targets, pings and last hour's counts read in three queries. */
export async function pointViews(db: Db, rows: readonly PointRow[], ctx: PointViewContext): Promise<Point[]> {
  const ids = rows.map((r) => r.id);
  const edgeIds = rows.filter((r) => r.kind === 'edge').map((r) => r.id);
  const [targets, pings, recent] = await Promise.all([
    latestTargetsOf(db, ids),
    lastPingsOf(db, edgeIds),
    recentMetricsOf(db, ids, ctx.now),
  ]);
  return rows.map((row) =>
    pointView(row, { target: targets.get(row.id), ping: pings.get(row.id), recent: recent.get(row.id) }, ctx),
  );
}

/** One live point of a project as its view, or null. */
export async function pointViewOf(
  db: Db,
  projectId: string,
  pointId: string,
  ctx: PointViewContext,
): Promise<Point | null> {
  const row = await selectPoints(db)
    .where('points.project_id', '=', projectId)
    .where('points.id', '=', pointId)
    .executeTakeFirst();
  if (!row) return null;
  return (await pointViews(db, [row], ctx))[0] ?? null;
}
