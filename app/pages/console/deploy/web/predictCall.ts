import { predictResponseSchema, type PredictResponse } from '../../../../../contract/apiPredict';

/** What a test call gave: the answer, or the error code the endpoint sent (or one of our own). */
export type PredictOutcome = { ok: true; answer: PredictResponse } | { ok: false; code: string };

/**
 * Calls a web point's predict URL as any outside client would: plain fetch with the point key as
 * the bearer (never the user's session token) and the image as multipart `image`.
 */
export async function predictCall(url: string, key: string, image: Blob): Promise<PredictOutcome> {
  const form = new FormData();
  form.set('image', image);
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${key.trim()}` }, body: form });
  } catch {
    return { ok: false, code: 'network' };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
    return { ok: false, code: typeof code === 'string' ? code : response.status === 404 ? 'not_found' : 'internal' };
  }
  const parsed = predictResponseSchema.safeParse(body);
  return parsed.success ? { ok: true, answer: parsed.data } : { ok: false, code: 'internal' };
}
