import type { Context } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { V } from '../../contract/validation';
import { ApiError } from './ApiError';

/**
 * zod at the boundary. Unknown keys (the contract's schemas are strict) and non-JSON bodies are
 * 400 `bad_request`; any other mismatch is 400 `validation` with `fields`: path → the message
 * key of the first issue on that path (messages that are not `validation:*` keys, such as zod's
 * own type errors, become `validation:invalid`).
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues;
  if (issues.some((i) => i.code === 'unrecognized_keys')) {
    throw new ApiError('bad_request', 'The request has unknown keys.');
  }
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message.startsWith('validation:') ? issue.message : V.invalid;
  }
  throw new ApiError('validation', 'The request does not match the schema.', { fields });
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Validated JSON body: `c.req.valid('json')`. A body that is not JSON is a 400 `bad_request`. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return validator('json', (value, c: Context): z.output<S> => {
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
    if (!JSON_TYPE.test(type)) throw new ApiError('bad_request', 'The body must be JSON.');
    return parseOrThrow(schema, value);
  });
}

/** Validated query string: `c.req.valid('query')`. */
export function queryOf<S extends z.ZodType>(schema: S) {
  return validator('query', (value): z.output<S> => parseOrThrow(schema, value));
}

/** Validated path parameters: `c.req.valid('param')`. */
export function paramsOf<S extends z.ZodType>(schema: S) {
  return validator('param', (value): z.output<S> => parseOrThrow(schema, value));
}
