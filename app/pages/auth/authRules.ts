import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS } from '../../../contract/validation';

/**
 * Client-side checks of the sign-in area, broken into the individual rules the form shows as a
 * checklist. Messages are keys under `errors` in the `auth` namespace. The rule itself (length
 * and the allowed specials) comes from `contract/validation`, which the server shares.
 */
export type AuthError = 'emailRequired' | 'emailInvalid' | 'passwordRequired' | 'passwordRule' | 'confirmRequired' | 'passwordMismatch';

export { PASSWORD_SPECIALS };

const SPECIAL_CLASS = PASSWORD_SPECIALS.replace(/[\]\\^-]/g, '\\$&');
const SPECIAL = new RegExp(`[${SPECIAL_CLASS}]`);
const ALLOWED = new RegExp(`^[A-Za-z\\d${SPECIAL_CLASS}]*$`);

export const PASSWORD_RULES = {
  length: (p: string) => p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX,
  letter: (p: string) => /[A-Za-z]/.test(p),
  digit: (p: string) => /\d/.test(p),
  special: (p: string) => SPECIAL.test(p),
  allowed: (p: string) => ALLOWED.test(p),
} as const;

export type PasswordRule = keyof typeof PASSWORD_RULES;
export const PASSWORD_RULE_NAMES = Object.keys(PASSWORD_RULES) as PasswordRule[];

const emailSchema = z.email();

export function emailError(value: string): AuthError | null {
  const email = value.trim();
  if (!email) return 'emailRequired';
  return emailSchema.safeParse(email).success ? null : 'emailInvalid';
}

/** Whether each password rule is met. */
export function passwordRuleResults(password: string): Record<PasswordRule, boolean> {
  return Object.fromEntries(PASSWORD_RULE_NAMES.map((rule) => [rule, PASSWORD_RULES[rule](password)])) as Record<PasswordRule, boolean>;
}

/** A new password: required and meeting every rule. */
export function newPasswordError(password: string): AuthError | null {
  if (!password) return 'passwordRequired';
  return PASSWORD_RULE_NAMES.every((rule) => PASSWORD_RULES[rule](password)) ? null : 'passwordRule';
}

export function confirmError(password: string, confirm: string): AuthError | null {
  if (!confirm) return 'confirmRequired';
  return confirm === password ? null : 'passwordMismatch';
}
