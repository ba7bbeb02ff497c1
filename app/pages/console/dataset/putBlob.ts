import { apiErrorBodySchema } from '../../../../contract/apiErrors';
import { ApiRequestError } from '../../../api/ApiRequestError';
import { sendBlob, type BlobAnswer } from '../../../api/sendBlob';

/** The answer's JSON, or null when it is none. */
export function answerJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** The error a non-2xx answer stands for (the API's code when its body carries one). */
export function answerError(answer: BlobAnswer): ApiRequestError {
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
 * PUTs `file` to the API path with progress (app/api/sendBlob.ts: XHR, one token renewal) and
 * answers the 2xx answer; other failures throw `ApiRequestError`.
 */
export async function putBlob(
  path: string,
  file: Blob,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<BlobAnswer> {
  const answer = await sendBlob(
    { method: 'PUT', path, contentType: 'application/octet-stream' },
    file,
    onProgress,
    signal,
  );
  if (answer.status < 200 || answer.status >= 300) throw answerError(answer);
  return answer;
}
