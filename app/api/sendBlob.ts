import { ApiRequestError } from './ApiRequestError';
import { apiUrl } from './apiFetch';
import { withAuthRetry } from './authorizedFetch';

/*
 * Sends a file's bytes with upload progress (image uploads, dataset imports, model uploads).
 * XMLHttpRequest rather than fetch: only XHR reports upload progress in every browser (fetch
 * upload streams need HTTP/2 and are Chromium-only). The file is sent as the Blob itself, so the
 * browser streams it from disk whatever its size.
 */

/** The raw answer: callers read the body as their own call's JSON or error. */
export interface BlobAnswer {
  status: number;
  body: string;
}

export interface BlobRequest {
  method: 'PUT' | 'POST';
  /** API path (as for apiFetch). */
  path: string;
  contentType: string;
}

function send(
  request: BlobRequest,
  url: string,
  file: Blob,
  token: string | null,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<BlobAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', request.contentType);
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

/**
 * Sends `file` with progress and answers whatever status came back; a 401 renews the token and
 * sends again from the start, progress starting over (the policy of `withAuthRetry`, as for every
 * call with the token). Throws `ApiRequestError` 'network' when nothing answered and an
 * AbortError when `signal` aborts.
 */
export function sendBlob(
  request: BlobRequest,
  file: Blob,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<BlobAnswer> {
  const url = apiUrl(request.path);
  return withAuthRetry((token, attempt) => {
    if (attempt > 0) onProgress(0);
    return send(request, url, file, token, onProgress, signal);
  });
}
