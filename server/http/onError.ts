import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from './ApiError';

/**
 * The one error handler: ApiError as thrown, Hono's own HTTP errors (malformed JSON, body
 * limit) mapped to contract codes, anything else logged and answered as a bare 500 — never
 * with a stack or an internal message in the body.
 */
export function onError(err: Error, c: Context): Response {
  if (err instanceof ApiError) {
    if (err.status === 401) c.header('WWW-Authenticate', 'Bearer');
    if (err.extras.retryAfterS !== undefined) c.header('Retry-After', String(err.extras.retryAfterS));
    return c.json(err.toBody(), err.status);
  }
  if (err instanceof HTTPException) {
    if (err.status === 413) return c.json(new ApiError('payload_too_large', 'The body is too large.').toBody(), 413);
    if (err.status < 500) return c.json(new ApiError('bad_request', 'The request is malformed.').toBody(), 400);
  }
  console.error(err);
  return c.json(new ApiError('internal', 'An error has occurred in the server.').toBody(), 500);
}
