import type { z } from 'zod';
import { apiErrorBodySchema } from '../../../../contract/apiErrors';
import { isAbortError } from '../../../../contract/isAbortError';
import { ApiRequestError } from '../../../api/ApiRequestError';
import { apiUrl } from '../../../api/apiFetch';
import { withAuthRetry } from '../../../api/authorizedFetch';

/**
 * POSTs a multipart form with the token (renewed once on a 401, as every call) and checks the
 * answer with `schema`. The browser writes the multipart Content-Type with its boundary, so none
 * is set here. Failures are `ApiRequestError`s as apiFetch throws them.
 */
export async function postForm<S extends z.ZodType>(path: string, form: FormData, schema: S): Promise<z.output<S>> {
  const response = await withAuthRetry(async (token) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = token;
    try {
      return await fetch(apiUrl(path), { method: 'POST', headers, body: form });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ApiRequestError({ status: 0, code: 'network' });
    }
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = apiErrorBodySchema.safeParse(json);
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      throw new ApiRequestError({ status: response.status, code, message, fields });
    }
    throw new ApiRequestError({
      status: response.status,
      code: response.status === 413 ? 'payload_too_large' : 'internal',
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new ApiRequestError({ status: response.status, code: 'internal', message: `unexpected answer from ${path}` });
  return parsed.data;
}
