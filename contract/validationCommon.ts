import { z } from 'zod';
import { V } from './validationMessages';

/** Building blocks shared by the schemas of validation.ts and validationConsole.ts. */

/** Korean (complete syllables and the lone jamo an IME shows while composing) and English letters. */
export const LETTERS = 'a-zA-Z가-힣ㄱ-ㅎㅏ-ㅣ';

/** The first issue's message (an i18n key) when `value` fails `schema`, else `undefined`. */
export function firstErrorKey(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** A required string: a missing value or '' gives `validation:required`, nothing else. */
export function requiredString() {
  return z.string({ error: V.required }).min(1, { error: V.required, abort: true });
}
