import { z } from 'zod';
import { agentChecksSchema, DEPLOYMENT_ERROR_CODES, DEPLOYMENT_STATES } from './apiDeploy';
import { modelManifestSchema } from './apiModels';
import { metricsWindowSchema } from './latencyHistogram';

/*
 * The edge agent's protocol (agent/ is the program). The agent only calls out, so it works behind
 * NAT: it enrols once with a one-time token, then calls every `heartbeatSeconds` with what it runs
 * (reported state) and gets back what it should run (desired state) and any connectivity pings.
 * Device calls carry `Authorization: Bearer <deviceId>.<secret>`; the server keeps only the
 * secret's sha256. A revoked or replaced device gets 401 `device_revoked` and stops.
 *
 * POST v1/agent/enrollments `agentEnrollSchema` → 201 `agentEnrolledSchema`; 401 `enrollment_invalid`
 *   (unknown, used or expired token).
 * POST v1/agent/heartbeats `agentHeartbeatSchema` → 200 `agentDesiredSchema`.
 * POST v1/agent/pings/:pingId → 204 (the answer to a ping handed over in a desired state).
 * GET  v1/agent/artifacts/:deploymentId → the model zip (Range supported, ETag = its sha256); only a
 *   deployment whose target is the caller's point, else 404.
 *
 * The agent's own endpoint (default http://127.0.0.1:8501), TF-Serving style:
 * GET  /health/live → 200 `{ status: 'live' }` while the process runs.
 * GET  /health/ready → 200 `{ status: 'ready', model, version }` while a model serves, else 503.
 * GET  /v1/models/:name → `agentModelStatusSchema` (`name` is the served model's id or 'default').
 * POST /v1/models/:name:predict `agentPredictRequestSchema` → `agentPredictResponseSchema`;
 *   400 for a bad body or image, 404 for another model name, 503 before a model serves.
 * GET  /metrics → the counts since start (`metricsWindowSchema`).
 * GET  /monitoring/prometheus/metrics → the same counts in Prometheus' text format.
 */

/** Model zip format versions this agent can run (contract/apiModels.ts MODEL_FORMAT_VERSION). */
export const AGENT_MODEL_FORMATS = [1] as const;
/** The oldest Node the agent runs on (TF.js wasm, fetch, fs.statfs). */
export const AGENT_MIN_NODE_MAJOR = 20;
export const AGENT_DEFAULT_PORT = 8501;

export const agentRuntimeSchema = z.object({
  agentVersion: z.string().max(40),
  /** process.version, e.g. 'v20.18.0'. */
  node: z.string().max(40),
  platform: z.string().max(40),
  arch: z.string().max(40),
  /** TF.js backends the agent can use, in its order of preference ('wasm', 'cpu'). */
  backends: z.array(z.string().max(20)).max(10),
  modelFormats: z.array(z.number().int()).max(10),
  hostname: z.string().max(255).nullable(),
});
export type AgentRuntime = z.infer<typeof agentRuntimeSchema>;

export const agentEnrollSchema = z.object({ token: z.string().min(1).max(200), runtime: agentRuntimeSchema }).strict();
export const agentEnrolledSchema = z.object({
  deviceId: z.string(),
  /** `<deviceId>.<secret>`: the bearer credential for every later call (kept by the agent, shown nowhere). */
  credential: z.string(),
  pointId: z.string(),
  pointName: z.string(),
  heartbeatSeconds: z.number().int(),
});
export type AgentEnrolled = z.infer<typeof agentEnrolledSchema>;

/** What the agent runs (reported state). */
export const agentReportedSchema = z.object({
  /** The agent's clock when it sent this (for the skew check). */
  sentAt: z.string(),
  runtime: agentRuntimeSchema,
  localUrl: z.string().max(200).nullable(),
  status: z.enum(['idle', 'downloading', 'activating', 'serving', 'failed']),
  /** The model serving now (after a rollback: the previous one). */
  serving: z.object({ modelId: z.string(), version: z.string() }).nullable(),
  /** The deployment the agent is working on or last finished, and how it went. */
  deployment: z
    .object({
      id: z.string(),
      state: z.enum(DEPLOYMENT_STATES),
      progress: z.number().min(0).max(1).nullable(),
      error: z.enum(DEPLOYMENT_ERROR_CODES).nullable(),
      detail: z.string().max(500).nullable(),
    })
    .nullable(),
  checks: agentChecksSchema,
  /** Counts since the last report the server accepted (the agent keeps them until one is). */
  metrics: metricsWindowSchema.nullable(),
});
export type AgentReported = z.infer<typeof agentReportedSchema>;
export const agentHeartbeatSchema = agentReportedSchema;

/** What the agent should run (desired state). */
export const agentDesiredSchema = z.object({
  serverTime: z.string(),
  heartbeatSeconds: z.number().int(),
  pointName: z.string(),
  /** The latest deployment to this point (null: none yet; keep serving what runs). */
  deployment: z
    .object({
      id: z.string(),
      modelId: z.string(),
      /** sha256 of the zip. */
      version: z.string(),
      bytes: z.number().int(),
      /** Path of the artifact below the server's origin. */
      url: z.string(),
      manifest: modelManifestSchema,
    })
    .nullable(),
  /** Connectivity tests to answer now (POST v1/agent/pings/:id). */
  pings: z.array(z.object({ id: z.string() })),
});
export type AgentDesired = z.infer<typeof agentDesiredSchema>;

export const agentPredictRequestSchema = z.object({
  /** TF-Serving's binary convention: each instance's image as base64 under `b64`. */
  instances: z
    .array(z.object({ b64: z.string().min(1) }))
    .min(1)
    .max(16),
  /** Optional decoding overrides. */
  threshold: z.number().min(0).max(1).optional(),
});

/** One prediction as both endpoints answer it; the box is in the image's pixels. */
export const servedPredictionSchema = z.object({
  label: z.string(),
  score: z.number(),
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).optional(),
});
export type ServedPrediction = z.infer<typeof servedPredictionSchema>;

export const agentPredictResponseSchema = z.object({
  /** One list per instance, in order. */
  predictions: z.array(z.array(servedPredictionSchema)),
  model: z.string(),
  version: z.string(),
  timeMs: z.number(),
});
export const agentModelStatusSchema = z.object({
  model_version_status: z.array(
    z.object({
      version: z.string(),
      state: z.enum(['AVAILABLE', 'LOADING', 'UNAVAILABLE']),
      status: z.object({ error_code: z.string(), error_message: z.string() }),
    }),
  ),
});
