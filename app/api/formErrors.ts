import type { z } from 'zod';
import { ApiRequestError } from './ApiRequestError';

/** Field name → i18n key (`validation:*`) of the message to show under that field. */
export type FieldErrors = Record<string, string>;

/** The first message of each top-level field when `value` fails `schema`; {} when it passes. */
export function schemaFieldErrors(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * What a form shows for a failed call: the server's per-field messages, or one message for the
 * whole form (`errors:<code>`) when there are none.
 */
export function formErrorOf(error: unknown): { fields: FieldErrors; form: string | null } {
  if (error instanceof ApiRequestError) {
    const fields = error.fields;
    return Object.keys(fields).length > 0 ? { fields, form: null } : { fields: {}, form: `errors:${error.code}` };
  }
  return { fields: {}, form: 'errors:internal' };
}
