import { z } from 'zod';
import { requiredString, LETTERS } from './validationCommon';
import { V } from './validationMessages';

export { V, VALIDATION_MESSAGE_KEYS, VALIDATION_NAMESPACE } from './validationMessages';
export { firstErrorKey, requiredString } from './validationCommon';
export * from './validationConsole';

/*
 * General field rules (spec section 5, "General patterns"). Every message is an i18n key
 * (validationMessages.ts). Checks run in the order they are written and the first issue is the
 * one to show (`firstErrorKey`), so each schema lists its checks from the most basic to the most
 * specific; "required" aborts, so an empty value gives only that one message.
 */

/**
 * Special characters a password may contain. The spec records two sets, `$@!%*#?&` and
 * `!@$%^&*`; their union is accepted so that a password valid under either reading passes.
 */
export const PASSWORD_SPECIALS = '$@!%*#?&^';
export const PASSWORD_MIN = 9;
export const PASSWORD_MAX = 20;

/**
 * Password: 9–20 characters from letters, digits and `$@!%*#?&^`, with at least one of each
 * kind. Messages: required, then length, then a character outside the set, then a missing kind.
 */
export const passwordSchema = requiredString()
  .min(PASSWORD_MIN, { error: V.passwordLength })
  .max(PASSWORD_MAX, { error: V.passwordLength })
  .regex(/^[A-Za-z\d$@!%*#?&^]*$/, { error: V.passwordCharacters })
  .regex(/^(?=.*[A-Za-z])(?=.*\d)(?=.*[$@!%*#?&^])/, { error: V.passwordCombination });

/**
 * Password change form: the current password (checked by the server, which answers
 * `validation:password.currentMismatch` when wrong), the new one and its confirmation, which
 * must match ('The password to change does not match.', reported on `confirmPassword`).
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: V.currentPasswordRequired }).min(1, { error: V.currentPasswordRequired }),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: V.required }),
  })
  .strict()
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: V.passwordConfirmMismatch,
    path: ['confirmPassword'],
    // Also report the mismatch while other fields still have errors, as long as both values
    // are strings (by default zod skips refinements once any issue exists).
    when: (payload) => {
      const value = payload.value as { newPassword?: unknown; confirmPassword?: unknown } | null;
      return typeof value?.newPassword === 'string' && typeof value.confirmPassword === 'string';
    },
  });

/** E-mail address in the usual `local@domain.tld` form (zod's own pattern). */
export const emailSchema = requiredString().regex(z.regexes.email, { error: V.email });

/** A person's name: Korean or English letters and spaces only ('Name is not appropriate.'). */
export const nameSchema = requiredString().regex(new RegExp(`^[${LETTERS} ]+$`), { error: V.name });

/** No whitespace anywhere (ids, keys, file names). The empty string passes. */
export const noWhitespaceSchema = z.string().regex(/^\S*$/, { error: V.noWhitespace });

/**
 * Phone number: an optional `+`, a country or area part of 1–3 digits, then any digits,
 * dashes, dots, slashes or spaces ('+82 10-1234-5678', '02.123.4567', '010/1234/5678').
 */
export const phoneSchema = requiredString().regex(/^\+?\d{1,3}[\d\-./ ]*$/, { error: V.phone });

/**
 * Numeric text, in the three modes the spec names:
 * - `signed`: an optional minus sign, digits either plain or grouped by thousands with commas
 *   (every group after the first exactly three digits), and an optional decimal part:
 *   '-1,234,567', '1234', '-0.5'. Not '1,23' or '1,,234'.
 * - `unsigned`: a whole number of digits only: '0', '1234'. No sign, commas or decimal point.
 * - `nonNegative`: a plain non-negative number, optionally with a decimal part: '0', '12.5'.
 *   No sign or commas.
 */
export type NumericMode = 'signed' | 'unsigned' | 'nonNegative';

const NUMERIC_PATTERNS: Record<NumericMode, RegExp> = {
  signed: /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/,
  unsigned: /^\d+$/,
  nonNegative: /^\d+(\.\d+)?$/,
};

/** A schema for numeric text in `mode` (see {@link NumericMode}); '' gives `required`. */
export function numericSchema(mode: NumericMode) {
  return requiredString().regex(NUMERIC_PATTERNS[mode], { error: V.numeric });
}
