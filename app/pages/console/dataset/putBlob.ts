import { apiErrorBodySchema } from '../../../../contract/apiErrors';
import { ApiRequestError } from '../../../api/ApiRequestError';
import { apiUrl } from '../../../api/apiFetch';
import { withAuthRetry } from '../../../api/authorizedFetch';

/*
 * PUT of a file's bytes with upload progress (image uploads, dataset imports). XMLHttpRequest
 * rather than fetch: only XHR reports upload progress in every browser (fetch upload streams
 * need HTTP/2 and are Chromium-only). The file is sent as the Blob itself, so the browser
 * streams it from disk whatever its size.
 */

export interface PutAnswer {
  status: number;
  body: string;
}

function put(
  url: string,
  file: Blob,
  token: string | null,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<PutAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => reject(new ApiRequestError({ status: 0, code: 'network' }));
    const abort = () => xhr.abort();
    xhr.onabort = () => reject(new DOMException('upload canceled', 'AbortError'));
    xhr.onloadend = () => signal.removeEventListener('abort', abort);
    if (signal.aborted) {
      reject(new DOMException('upload canceled', 'AbortError'));
      return;
    }
    signal.addEventListener('abort', abort);
    xhr.send(file);
  });
}

/** The answer's JSON, or null when it is none. */
export function answerJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** The error a non-2xx answer stands for (the API's code when its body carries one). */
export function answerError(answer: PutAnswer): ApiRequestError {
  const parsed = apiErrorBodySchema.safeParse(answerJson(answer.body));
  if (parsed.success)
    return new ApiRequestError({
      status: answer.status,
      code: parsed.data.error.code,
      fields: parsed.data.error.fields,
    });
  return new ApiRequestError({
    status: answer.status,
    code:
      answer.status === 413
        ? 'payload_too_large'
        : answer.status === 403
          ? 'forbidden'
          : answer.status === 401
            ? 'unauthorized'
            : 'internal',
  });
}

/**
 * PUTs `file` to the API path with progress and answers the 2xx answer; a 401 renews the token
 * and sends again from the start (the policy of `withAuthRetry`, as for every call with the
 * token), other failures throw `ApiRequestError`.
 */
export async function putBlob(
  path: string,
  file: Blob,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<PutAnswer> {
  const url = apiUrl(path);
  const answer = await withAuthRetry((token, attempt) => {
    if (attempt > 0) onProgress(0);
    return put(url, file, token, onProgress, signal);
  });
  if (answer.status < 200 || answer.status >= 300) throw answerError(answer);
  return answer;
}
