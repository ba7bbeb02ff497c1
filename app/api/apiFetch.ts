import type { z } from 'zod';
import { apiErrorBodySchema } from '../../contract/apiErrors';
import { isAbortError } from '../../contract/isAbortError';
import { env } from '../config/env';
import { ApiRequestError } from './ApiRequestError';
import { withAuthRetry } from './authorizedFetch';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions<S extends z.ZodType | undefined> {
  method?: HttpMethod;
  /** A plain value is sent as JSON; a Blob (an image upload) is sent as its bytes. */
  body?: unknown;
  /** Parses the answer; without one the answer is ignored (204 and the like). */
  schema?: S;
  /** Send the stored token and renew it on a 401 (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

type Result<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The full address of an API path ('auth/user' → '/api/auth/user'). */
export function apiUrl(path: string): string {
  return `${env.apiBase.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * Calls the API: JSON in and out, the answer checked with the contract's zod schema, failures
 * thrown as `ApiRequestError` (no answer at all: code `network`). On a 401 to a call that sent
 * a token, the token is renewed once (one refresh shared by the whole tab and, through a Web
 * Lock, by other tabs) and the call retried once; when renewal is refused the session ends and
 * the browser goes to /login remembering the page.
 */
export async function apiFetch<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: ApiFetchOptions<S> = {},
): Promise<Result<S>> {
  const { auth = true } = options;
  const response = auth ? await withAuthRetry((token) => send(path, options, token)) : await send(path, options, null);
  if (!response.ok) throw await errorFrom(response);
  if (!options.schema || response.status === 204) return undefined as Result<S>;
  const json: unknown = await response.json().catch(() => {
    throw new ApiRequestError({ status: response.status, code: 'internal', message: 'answer is not JSON' });
  });
  const parsed = options.schema.safeParse(json);
  if (!parsed.success)
    throw new ApiRequestError({ status: response.status, code: 'internal', message: `unexpected answer from ${path}` });
  return parsed.data as Result<S>;
}

async function send<S extends z.ZodType | undefined>(
  path: string,
  options: ApiFetchOptions<S>,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof Blob) {
    body = options.body;
    headers['Content-Type'] = options.body.type || 'application/octet-stream';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  if (token) headers.Authorization = token;
  try {
    return await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiRequestError({ status: 0, code: 'network' });
  }
}

async function errorFrom(response: Response): Promise<ApiRequestError> {
  const json: unknown = await response.json().catch(() => null);
  const parsed = apiErrorBodySchema.safeParse(json);
  if (parsed.success) {
    const { code, message, fields, retryAfterS, captchaRequired, limit, plan } = parsed.data.error;
    const planLimit = limit ? { limit, plan } : undefined;
    return new ApiRequestError({
      status: response.status,
      code,
      message,
      fields,
      retryAfterS,
      captchaRequired,
      planLimit,
    });
  }
  return new ApiRequestError({ status: response.status, code: fallbackCode(response.status) });
}

function fallbackCode(status: number): ApiRequestError['code'] {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 429) return 'too_many_attempts';
  return 'internal';
}
