import { PNG } from 'pngjs';
import { AGENT_MIN_NODE_MAJOR, AGENT_MODEL_FORMATS, agentPredictResponseSchema } from '../contract/apiAgent';
import type { DeploymentErrorCode } from '../contract/apiDeploy';
import { loadServingModel, rawOutputsFinite, syntheticImage } from './loadServingModel';
import type { ServingModel } from './servingModel';

/*
 * Bringing a new model into service: check the runtime can run it, load it, warm it up (every raw
 * output finite), switch the endpoint to it, then a health check through the serving path (a real
 * predict request to the local endpoint). Until the switch the previous model serves untouched; if
 * the health check fails the previous model is switched back, so a bad model never stays serving.
 */

/** The model the local endpoint serves; the endpoint reads it per request, so a swap is atomic. */
export interface ServingSlot {
  current(): ServingModel | null;
  /** Serves `next` from the next request on; returns what served before (not disposed). */
  swap(next: ServingModel | null): ServingModel | null;
}

export function createServingSlot(): ServingSlot {
  let model: ServingModel | null = null;
  return {
    current: () => model,
    swap(next) {
      const before = model;
      model = next;
      return before;
    },
  };
}

export type ActivationResult =
  | { outcome: 'succeeded' }
  /** `rolled_back`: the previous model still serves; `failed`: none served before, none serves now. */
  | { outcome: 'failed' | 'rolled_back'; code: DeploymentErrorCode; detail: string };

export interface ActivationDeps {
  slot: ServingSlot;
  /** Checks the switched-to model through the endpoint; null when healthy, else why not. */
  healthCheck: (model: ServingModel) => Promise<string | null>;
  load?: typeof loadServingModel;
  warmup?: (model: ServingModel) => Promise<boolean>;
  nodeVersion?: string;
}

/** Why this runtime cannot run a model with this manifest, or null. */
export function runtimeRefusal(manifest: { version: number }, nodeVersion = process.version): string | null {
  if (!(AGENT_MODEL_FORMATS as readonly number[]).includes(manifest.version)) {
    return `model format ${manifest.version}; this agent runs format ${AGENT_MODEL_FORMATS.join(', ')}`;
  }
  const major = Number(/^v?(\d+)/.exec(nodeVersion)?.[1] ?? 0);
  if (major < AGENT_MIN_NODE_MAJOR) return `Node ${nodeVersion}; the agent needs Node ${AGENT_MIN_NODE_MAJOR} or later`;
  return null;
}

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 400);
}

export async function activateModel(
  zip: Uint8Array,
  ids: { modelId: string; version: string; manifest: { version: number } | null },
  deps: ActivationDeps,
): Promise<ActivationResult> {
  const fallback = deps.slot.current() ? 'rolled_back' : 'failed';
  const refuse = (code: DeploymentErrorCode, detail: string): ActivationResult => ({
    outcome: fallback,
    code,
    detail,
  });
  if (ids.manifest) {
    const refusal = runtimeRefusal(ids.manifest, deps.nodeVersion);
    if (refusal) return refuse('runtime_unsupported', refusal);
  }
  let model: ServingModel;
  try {
    model = await (deps.load ?? loadServingModel)(zip, { modelId: ids.modelId, version: ids.version });
  } catch (error) {
    return refuse('model_unreadable', message(error));
  }
  // The zip's own manifest decides too: the desired state's copy could be of another version.
  const refusal = runtimeRefusal(model.manifest, deps.nodeVersion);
  if (refusal) {
    model.dispose();
    return refuse('runtime_unsupported', refusal);
  }
  let warm = false;
  let warmError = 'an output of the warm-up inference is NaN or infinite';
  try {
    warm = await (deps.warmup ?? rawOutputsFinite)(model);
  } catch (error) {
    warmError = message(error);
  }
  if (!warm) {
    model.dispose();
    return refuse('warmup_failed', warmError);
  }
  const previous = deps.slot.swap(model);
  let problem: string | null;
  try {
    problem = await deps.healthCheck(model);
  } catch (error) {
    problem = message(error);
  }
  if (problem !== null) {
    deps.slot.swap(previous);
    model.dispose();
    return { outcome: previous ? 'rolled_back' : 'failed', code: 'health_check_failed', detail: problem };
  }
  previous?.dispose();
  return { outcome: 'succeeded' };
}

function pngOf(image: { width: number; height: number; data: Uint8Array }): Buffer {
  const png = new PNG({ width: image.width, height: image.height });
  for (let i = 0; i < image.width * image.height; i++) {
    png.data[i * 4] = image.data[i * 3]!;
    png.data[i * 4 + 1] = image.data[i * 3 + 1]!;
    png.data[i * 4 + 2] = image.data[i * 3 + 2]!;
    png.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(png);
}

/**
 * The health check through the endpoint: a predict request with a synthetic image of the model's
 * input size must answer 200, from the new version, with well-formed predictions.
 */
export function localHealthCheck(localUrl: () => string | null): (model: ServingModel) => Promise<string | null> {
  return async (model) => {
    const base = localUrl();
    if (!base) return null;
    const b64 = pngOf(syntheticImage(model.manifest.inputSize)).toString('base64');
    const response = await fetch(`${base}/v1/models/${encodeURIComponent(model.modelId)}:predict`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ instances: [{ b64 }] }),
      signal: AbortSignal.timeout(60_000),
    });
    if (response.status !== 200)
      return `the endpoint answered ${response.status}: ${(await response.text()).slice(0, 200)}`;
    const parsed = agentPredictResponseSchema.safeParse(await response.json());
    if (!parsed.success) return 'the endpoint answered a malformed prediction';
    if (parsed.data.version !== model.version) return `the endpoint served version ${parsed.data.version.slice(0, 12)}`;
    const scores = parsed.data.predictions.flat().map((p) => p.score);
    if (!scores.every(Number.isFinite)) return 'a score of the health check is not a number';
    return null;
  };
}
