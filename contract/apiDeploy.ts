import { z } from 'zod';
import { metricsWindowSchema } from './latencyHistogram';
import { V } from './validationMessages';

/*
 * Deployment (spec sections 2, 3, 4, 9; issue "Deployment"). A point belongs to a project and
 * serves one of its models: an edge point is a device running the edge agent (contract/apiAgent.ts),
 * a web point an HTTP endpoint served by the API processes themselves. Admins and members create,
 * deploy, test and make keys; deleting a point or revoking its device is for admins; workers get
 * 403. Paths are relative to the API base; another project's ids → 404.
 *
 * GET  points?organization=<orgId|personal>&kind=edge|web → `pointListSchema`: the points of every
 *   project where the caller is admin or member (the organization filter as GET projects).
 * POST projects/:projectId/points `pointCreateSchema` → 201 `pointCreatedSchema` (an edge point
 *   comes with its first enrolment; a web point starts 'preparing' and a `point.prepare` job).
 * GET  projects/:projectId/points → `pointListSchema`; GET projects/:projectId/points/:pointId → `pointSchema`.
 * PATCH projects/:projectId/points/:pointId `pointUpdateSchema` → 200 `pointSchema` (rename; a web
 *   point's `state` 'stopped' stops serving (predict → 503 point_unavailable), 'running' prepares it again).
 * DELETE projects/:projectId/points/:pointId → 204 (admin); its URL answers 404 from then on.
 * POST projects/:projectId/points/:pointId/enrollments → 201 `enrollmentSchema` (edge; a new one-time
 *   token, valid ENROLLMENT_TTL_MS; using it replaces the device's credentials).
 * POST projects/:projectId/points/:pointId/revocations → 200 `pointSchema` (admin; edge): the
 *   device's credentials stop working at its next call ('revoked' until it enrols again).
 * POST projects/:projectId/points/:pointId/pings → 202 `pingSchema`: a connectivity test the agent
 *   answers on its next call; GET projects/:projectId/points/:pointId/pings/:pingId → `pingSchema`.
 * GET  projects/:projectId/points/:pointId/metrics?minutes=60 → `pointMetricsSchema`.
 * GET  projects/:projectId/points/:pointId/keys → `pointKeyListSchema`; POST … `pointKeyCreateSchema`
 *   → 201 `pointKeyCreatedSchema` (the key shown once; stored hashed); DELETE …/keys/:keyId → 204 (revoked).
 * POST projects/:projectId/deployments `deploymentCreateSchema` → 201 `deploymentSchema`: the
 *   model to each edge point (a web point's model is changed the same way); 400
 *   `deployment_unsupported` names the points whose runtime cannot run the model (`fields`).
 * GET  projects/:projectId/deployments?modelId=&pointId= → `deploymentListSchema` (newest first:
 *   the history per model, per point, or the project's).
 * GET  projects/:projectId/deployments/:deploymentId → `deploymentSchema`.
 *
 * The public predict route, POST v1/points/:pointId/predict, is described in contract/apiPredict.ts.
 */

export const POINT_KINDS = ['edge', 'web'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

export const POINT_NAME_MAX = 40;
export const POINT_DESCRIPTION_MAX = 100;
/** An enrolment token is valid this long, once. */
export const ENROLLMENT_TTL_MS = 60 * 60 * 1000;
/** The agent's heartbeat period unless the server says otherwise (EDGE_HEARTBEAT_SECONDS). */
export const HEARTBEAT_SECONDS_DEFAULT = 15;
/** Connected while the last call is at most this many heartbeat periods old (three missed → not connected). */
export const MISSED_HEARTBEATS_MAX = 3;

/** An edge point's connection: never enrolled, connected, not connected (three missed heartbeats), revoked. */
export const CONNECTION_STATES = ['unenrolled', 'connected', 'not_connected', 'revoked'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** A web point's instance (spec 3: instance state). */
export const INSTANCE_STATES = ['preparing', 'running', 'stopped', 'failed'] as const;
export type InstanceState = (typeof INSTANCE_STATES)[number];

/**
 * Web point servers. 'local': this server's own API processes (each serves every point from a
 * pool of inference threads); 'cloud': a dedicated cloud instance, offered only where a cloud
 * account is configured (CLOUD_PROVIDERS); elsewhere refused with `cloud_unavailable`.
 */
export const SERVER_TYPES = ['local', 'cloud'] as const;
export type ServerType = (typeof SERVER_TYPES)[number];
export const CLOUD_TYPES = ['none', 'aws', 'gcp', 'azure'] as const;
export type CloudType = (typeof CLOUD_TYPES)[number];
/** Instance types of the 'local' server: the number of inference threads the point may use at once. */
export const LOCAL_INSTANCE_TYPES = ['local-1', 'local-2', 'local-4'] as const;
export type LocalInstanceType = (typeof LOCAL_INSTANCE_TYPES)[number];
export function localPoolSize(instanceType: string): number {
  const n = Number(/^local-(\d+)$/.exec(instanceType)?.[1] ?? 1);
  return Number.isFinite(n) && n > 0 ? n : 1;
}
/** How long preparation takes, in seconds [min, max], by server type (the console says so). */
export const PREPARATION_SECONDS: Record<ServerType, [number, number]> = { local: [5, 60], cloud: [300, 600] };

/** A deployment to one point moves pending → downloading → activating → succeeded | failed | rolled_back. */
export const DEPLOYMENT_STATES = [
  'pending',
  'downloading',
  'activating',
  'succeeded',
  'failed',
  'rolled_back',
  /** A newer deployment to the same point came before this one finished. */
  'superseded',
] as const;
export type DeploymentState = (typeof DEPLOYMENT_STATES)[number];
export const FINAL_DEPLOYMENT_STATES: readonly DeploymentState[] = ['succeeded', 'failed', 'rolled_back', 'superseded'];

/** Why a deployment to a point failed or was rolled back (the agent reports one; texts in locales deploy.json). */
export const DEPLOYMENT_ERROR_CODES = [
  'download_failed', // the artifact could not be fetched after retries
  'checksum_mismatch', // the downloaded bytes' sha256 is not the artifact's
  'model_unreadable', // the zip or its model does not load
  'runtime_unsupported', // the agent's runtime cannot run this model (format version, backend, Node)
  'warmup_failed', // the warm-up inference threw or gave non-finite outputs
  'health_check_failed', // the switched-to model failed its health check: the previous one serves again
  'disk_full', // no room to store the model
] as const;
export type DeploymentErrorCode = (typeof DEPLOYMENT_ERROR_CODES)[number];

const nameSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .max(POINT_NAME_MAX, { error: V.max40 });

export const pointModelSchema = z.object({
  id: z.string(),
  tag: z.string().nullable(),
  task: z.string(),
  trainingId: z.string().nullable(),
});

export const pingSchema = z.object({
  id: z.string(),
  state: z.enum(['waiting', 'answered', 'expired']),
  createdAt: z.string(),
  /** When the server handed the ping to the agent (its next call), then when the agent answered. */
  deliveredAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** answeredAt − deliveredAt: one round trip agent ⇄ server. */
  rttMs: z.number().nullable(),
});
export type Ping = z.infer<typeof pingSchema>;

/** The agent's own checks, as of its last call. */
export const agentChecksSchema = z.object({
  /** Agent clock − server clock at the last call, corrected by half the round trip. */
  clockSkewMs: z.number().nullable(),
  freeDiskBytes: z.number().nullable(),
  /** Consecutive failed calls before the last one that got through (0: the server was reachable). */
  failedCalls: z.number().int().min(0),
  lastError: z.string().nullable(),
});
export type AgentChecks = z.infer<typeof agentChecksSchema>;

export const edgeDeviceSchema = z.object({
  /** The spec's edge ID. */
  deviceId: z.string(),
  enrolledAt: z.string(),
  lastSeenAt: z.string().nullable(),
  agentVersion: z.string(),
  node: z.string(),
  platform: z.string(),
  arch: z.string(),
  backends: z.array(z.string()),
  hostname: z.string().nullable(),
  /** The local endpoint the agent serves (as it reports it). */
  localUrl: z.string().nullable(),
  /** What the agent runs now (reported state). */
  status: z.enum(['idle', 'downloading', 'activating', 'serving', 'failed']),
  checks: agentChecksSchema.nullable(),
});
export type EdgeDevice = z.infer<typeof edgeDeviceSchema>;

export const webInstanceSchema = z.object({
  serverType: z.enum(SERVER_TYPES),
  cloudType: z.enum(CLOUD_TYPES),
  cloudRegion: z.string(),
  instanceType: z.string(),
  instanceId: z.string(),
  instanceState: z.enum(INSTANCE_STATES),
  /** The predict URL (absolute, from PUBLIC_ORIGIN or the request's origin). */
  instanceAddress: z.string(),
  /** Why preparation failed (instanceState 'failed'). */
  error: z.string().nullable(),
  preparedAt: z.string().nullable(),
});
export type WebInstance = z.infer<typeof webInstanceSchema>;

export const pointSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectTitle: z.string(),
  kind: z.enum(POINT_KINDS),
  name: z.string(),
  description: z.string(),
  /** The spec's end point: the web point's predict URL, the edge agent's local URL. */
  endpoint: z.string().nullable(),
  /** The model the point serves now (web), or last succeeded on it (edge); null before any. */
  model: pointModelSchema.nullable(),
  /** The model's artifact (sha256 of its zip). */
  version: z.string().nullable(),
  /** The latest deployment to this point and its state there. */
  deployment: z
    .object({
      id: z.string(),
      modelId: z.string(),
      state: z.enum(DEPLOYMENT_STATES),
      error: z.enum(DEPLOYMENT_ERROR_CODES).nullable(),
      at: z.string(),
    })
    .nullable(),
  /** Edge points. */
  connection: z.enum(CONNECTION_STATES).nullable(),
  device: edgeDeviceSchema.nullable(),
  lastPing: pingSchema.nullable(),
  /** Web points. */
  instance: webInstanceSchema.nullable(),
  /** Requests and latency over the last hour (the list's live figures). */
  recent: metricsWindowSchema.nullable(),
  heartbeatSeconds: z.number().int(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type Point = z.infer<typeof pointSchema>;
export const pointListSchema = z.object({ items: z.array(pointSchema) });
export const pointListQuerySchema = z
  .object({
    organization: z.string().min(1).max(64).optional(),
    kind: z.enum(POINT_KINDS).optional(),
  })
  .strict();

export const pointCreateSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('edge'),
      name: nameSchema,
      description: z.string().max(POINT_DESCRIPTION_MAX, { error: V.max100 }).default(''),
    })
    .strict(),
  z
    .object({
      kind: z.literal('web'),
      name: nameSchema,
      description: z.string().max(POINT_DESCRIPTION_MAX, { error: V.max100 }).default(''),
      modelId: z.string({ error: V.required }).min(1, { error: V.required }).max(64),
      serverType: z.enum(SERVER_TYPES).default('local'),
      cloudType: z.enum(CLOUD_TYPES).default('none'),
      cloudRegion: z.string().max(40).default('local'),
      instanceType: z.string().min(1).max(40).default('local-1'),
    })
    .strict(),
]);
export type PointCreate = z.input<typeof pointCreateSchema>;

export const pointUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    description: z.string().max(POINT_DESCRIPTION_MAX, { error: V.max100 }).optional(),
    state: z.enum(['running', 'stopped']).optional(),
  })
  .strict();

export const enrollmentSchema = z.object({
  /** The one-time token (shown once). */
  token: z.string(),
  expiresAt: z.string(),
  /** Copy-paste commands that start the agent with this token against this server. */
  command: z.string(),
  bundleCommand: z.string(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;
export const pointCreatedSchema = z.object({ point: pointSchema, enrollment: enrollmentSchema.nullable() });

export const pointMetricsSchema = z.object({
  minutes: z.number().int(),
  /** One per minute, oldest first, minutes without traffic included as zeros. */
  series: z.array(
    z.object({
      at: z.string(),
      requests: z.number().int(),
      errors: z.number().int(),
      p50Ms: z.number().nullable(),
      p95Ms: z.number().nullable(),
    }),
  ),
  total: metricsWindowSchema,
});
export type PointMetrics = z.infer<typeof pointMetricsSchema>;
export const pointMetricsQuerySchema = z.object({ minutes: z.coerce.number().int().min(5).max(1440).default(60) });

export const POINT_KEY_RATE_DEFAULT = 600;
export const POINT_KEY_RATE_MAX = 60_000;
export const pointKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (the key itself is shown once). */
  prefix: z.string(),
  /** Requests a minute this key may make (429 with Retry-After beyond). */
  ratePerMinute: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type PointKey = z.infer<typeof pointKeySchema>;
export const pointKeyListSchema = z.object({ items: z.array(pointKeySchema) });
export const pointKeyCreateSchema = z
  .object({
    name: z.string().trim().min(1, { error: V.required }).max(POINT_NAME_MAX, { error: V.max40 }),
    ratePerMinute: z.number().int().min(1).max(POINT_KEY_RATE_MAX).default(POINT_KEY_RATE_DEFAULT),
  })
  .strict();
export const pointKeyCreatedSchema = z.object({ key: pointKeySchema, secret: z.string() });

export const deploymentTargetSchema = z.object({
  pointId: z.string(),
  pointName: z.string(),
  pointKind: z.enum(POINT_KINDS),
  state: z.enum(DEPLOYMENT_STATES),
  error: z.enum(DEPLOYMENT_ERROR_CODES).nullable(),
  /** A sentence from the agent or server about the error (English, for logs and the detail line). */
  detail: z.string().nullable(),
  /** Download progress 0–1 while downloading. */
  progress: z.number().nullable(),
  updatedAt: z.string(),
});
export type DeploymentTarget = z.infer<typeof deploymentTargetSchema>;

export const deploymentSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  model: pointModelSchema,
  version: z.string(),
  targets: z.array(deploymentTargetSchema),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type Deployment = z.infer<typeof deploymentSchema>;
export const deploymentListSchema = z.object({ items: z.array(deploymentSchema) });
export const deploymentListQuerySchema = z
  .object({ modelId: z.string().min(1).max(64).optional(), pointId: z.string().min(1).max(64).optional() })
  .strict();
export const deploymentCreateSchema = z
  .object({
    modelId: z.string({ error: V.required }).min(1, { error: V.required }).max(64),
    pointIds: z.array(z.string().min(1).max(64)).min(1, { error: V.required }).max(100),
  })
  .strict();
