import type { z } from 'zod';

/*
 * The agent's calls to the server: JSON over fetch with a timeout, and a backoff policy for when
 * the server is down. Failures are typed so the loops can tell "try again later" (network, timeout,
 * 5xx, 429) from "stop" (401: the device was revoked or replaced) and from a refusal (other 4xx).
 */

export const CALL_TIMEOUT_MS = 20_000;
export const BACKOFF_FIRST_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;

/** The server could not be reached or could not answer now; the call may be tried again. */
export class TransientError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransientError';
  }
}

/** 401 on a device call: the credential is no longer valid (revoked, replaced or unknown). */
export class DeviceRevokedError extends Error {
  constructor(readonly code: string) {
    super(`the server refused this device's credential (${code})`);
    this.name = 'DeviceRevokedError';
  }
}

/** The server refused the call (4xx other than 401 on a device call). */
export class RefusedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RefusedError';
  }
}

/**
 * The wait before retry number `attempt` (0-based): 1 s, 2 s, 4 s … capped at 60 s, with "equal
 * jitter" (half fixed, half random) so a fleet that lost its server does not return in lockstep.
 */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Waits `ms`, or less when the signal aborts (then resolves false). */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface ServerClientOptions {
  /** The server's origin (agentState.normalizeServerUrl). */
  server: string;
  credential?: string | null;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export interface ServerClient {
  readonly server: string;
  setCredential(credential: string | null): void;
  /** One call; the answer's JSON checked with `schema` (null for an empty answer). */
  call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schema: T | null,
    signal?: AbortSignal,
  ): Promise<z.infer<T> | null>;
  /** Headers for a raw device request (the artifact download). */
  authHeaders(): Record<string, string>;
  url(path: string): string;
}

async function errorCodeOf(response: Response): Promise<{ code: string; message: string }> {
  try {
    const json = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    return {
      code: typeof json.error?.code === 'string' ? json.error.code : `http_${response.status}`,
      message: typeof json.error?.message === 'string' ? json.error.message : response.statusText,
    };
  } catch {
    return { code: `http_${response.status}`, message: response.statusText };
  }
}

/** Maps a non-2xx answer to its typed error (shared with the downloader). */
export async function failureOf(response: Response, deviceCall: boolean): Promise<Error> {
  const { code, message } = await errorCodeOf(response);
  if (response.status >= 500 || response.status === 429 || response.status === 408) {
    return new TransientError(`the server answered ${response.status} (${code})`);
  }
  if (response.status === 401 && deviceCall) return new DeviceRevokedError(code);
  return new RefusedError(response.status, code, message);
}

export function createServerClient(options: ServerClientOptions): ServerClient {
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;
  let credential = options.credential ?? null;
  const url = (path: string) => `${options.server}/${path.replace(/^\/+/, '')}`;
  const authHeaders = (): Record<string, string> => (credential ? { authorization: `Bearer ${credential}` } : {});
  return {
    server: options.server,
    setCredential(next) {
      credential = next;
    },
    authHeaders,
    url,
    async call(method, path, body, schema, signal) {
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await fetchImpl(url(path), {
          method,
          headers: { ...authHeaders(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
        throw new TransientError(
          timeout.aborted ? `no answer in ${timeoutMs / 1000} s` : `${(error as Error).message}${cause}`,
        );
      }
      if (!response.ok) throw await failureOf(response, credential !== null);
      if (!schema || response.status === 204) {
        await response.body?.cancel();
        return null;
      }
      let json: unknown;
      try {
        json = await response.json();
      } catch {
        throw new TransientError(`the server's answer to ${path} is not JSON`);
      }
      const parsed = schema.safeParse(json);
      // A proxy's page or a server of another version: not this protocol; retried, and logged.
      if (!parsed.success) throw new TransientError(`the server's answer to ${path} does not match the protocol`);
      return parsed.data as z.infer<typeof schema>;
    },
  };
}
