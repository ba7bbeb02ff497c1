import {
  annotationOpsResponseSchema,
  imageAnnotationsSchema,
  type AnnotationConflict,
  type AnnotationOp,
  type AnnotationOpsResponse,
  type ImageAnnotations,
} from '../../../../../contract/apiAnnotations';
import { apiErrorBodySchema } from '../../../../../contract/apiErrors';
import { isAbortError } from '../../../../../contract/isAbortError';
import { apiUrl } from '../../../../api/apiFetch';
import { ApiRequestError, type ApiClientErrorCode } from '../../../../api/ApiRequestError';
import { authorizedFetch } from '../../../../api/authorizedFetch';
import { realClock, type Clock } from './clock';

/** A request that got no answer in this long is aborted and retried (ms). */
export const OPS_TIMEOUT_MS = 15_000;

/** What became of one ops request. */
export type OpsOutcome =
  | { kind: 'ok'; response: AnnotationOpsResponse }
  /** 409 annotation_conflict: nothing was applied; these operations met a changed annotation. */
  | { kind: 'conflict'; conflicts: AnnotationConflict[] }
  /** A 4xx that a retry cannot fix: nothing was applied. */
  | { kind: 'rejected'; status: number; code: ApiClientErrorCode; fields: Record<string, string> }
  /** No answer, a timeout, a 5xx, 408/429, or a 401 the token renewal could not fix: try again later. */
  | { kind: 'retry'; reason: 'offline' | 'server' | 'timeout'; retryAfterMs?: number };

export type LoadOutcome =
  | { kind: 'ok'; state: ImageAnnotations }
  | { kind: 'retry'; reason: 'offline' | 'server' | 'timeout' }
  | { kind: 'failed'; code: ApiClientErrorCode };

/** How the outbox talks to the server; a fake server implements it in tests through `fetch`. */
export interface OpsTransport {
  sendOps(projectId: string, imageId: string, ops: AnnotationOp[]): Promise<OpsOutcome>;
  loadAnnotations(projectId: string, imageId: string): Promise<LoadOutcome>;
}

export interface FetchTransportOptions {
  /** Default: `authorizedFetch` (the token, renewed once on a 401). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  clock?: Clock;
  timeoutMs?: number;
}

function imagePath(projectId: string, imageId: string): string {
  return `projects/${encodeURIComponent(projectId)}/images/${encodeURIComponent(imageId)}`;
}

/** The contract's ops and annotations routes over `fetch`, with a timeout on every request. */
export function createFetchTransport(options: FetchTransportOptions = {}): OpsTransport {
  const send = options.fetch ?? authorizedFetch;
  const clock = options.clock ?? realClock;
  const timeoutMs = options.timeoutMs ?? OPS_TIMEOUT_MS;

  async function call(url: string, init: RequestInit): Promise<Response | 'offline' | 'timeout'> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      return await send(url, { ...init, signal: controller.signal });
    } catch (error) {
      if (timedOut || isAbortError(error)) return 'timeout';
      if (error instanceof TypeError || (error instanceof ApiRequestError && error.code === 'network'))
        return 'offline';
      throw error;
    } finally {
      clock.clearTimeout(timer);
    }
  }

  return {
    async sendOps(projectId, imageId, ops) {
      const answer = await call(apiUrl(`${imagePath(projectId, imageId)}/annotations/ops`), {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ ops }),
      });
      if (typeof answer === 'string') return { kind: 'retry', reason: answer };
      const json: unknown = await answer.json().catch(() => null);
      if (answer.ok) {
        const parsed = annotationOpsResponseSchema.safeParse(json);
        return parsed.success ? { kind: 'ok', response: parsed.data } : { kind: 'retry', reason: 'server' };
      }
      return failure(answer, json);
    },
    async loadAnnotations(projectId, imageId) {
      const answer = await call(apiUrl(`${imagePath(projectId, imageId)}/annotations`), {
        headers: { Accept: 'application/json' },
      });
      if (typeof answer === 'string') return { kind: 'retry', reason: answer };
      const json: unknown = await answer.json().catch(() => null);
      if (answer.ok) {
        const parsed = imageAnnotationsSchema.safeParse(json);
        return parsed.success ? { kind: 'ok', state: parsed.data } : { kind: 'retry', reason: 'server' };
      }
      const outcome = failure(answer, json);
      if (outcome.kind === 'retry') return { kind: 'retry', reason: outcome.reason };
      return { kind: 'failed', code: outcome.kind === 'rejected' ? outcome.code : 'conflict' };
    },
  };
}

function failure(response: Response, json: unknown): OpsOutcome {
  const body = apiErrorBodySchema.safeParse(json);
  const error = body.success ? body.data.error : null;
  const status = response.status;
  if (status === 409 && error?.code === 'annotation_conflict' && error.conflicts)
    return { kind: 'conflict', conflicts: error.conflicts };
  if (status === 401 || status === 408 || status === 429 || status >= 500) {
    const header = Number(response.headers.get('Retry-After'));
    const retryAfterS = error?.retryAfterS ?? (Number.isFinite(header) && header > 0 ? header : undefined);
    return retryAfterS === undefined
      ? { kind: 'retry', reason: 'server' }
      : { kind: 'retry', reason: 'server', retryAfterMs: retryAfterS * 1000 };
  }
  return { kind: 'rejected', status, code: error?.code ?? 'bad_request', fields: error?.fields ?? {} };
}
