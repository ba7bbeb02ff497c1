import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS } from '../../../contract/validation';

/**
 * The password rule broken into the items the forms show as a checklist while typing. The rule
 * itself (length and the allowed specials) comes from `contract/validation`, which the server
 * shares; a test checks that the checklist and the schema agree.
 */
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

/** Whether each password rule is met. */
export function passwordRuleResults(password: string): Record<PasswordRule, boolean> {
  return Object.fromEntries(PASSWORD_RULE_NAMES.map((rule) => [rule, PASSWORD_RULES[rule](password)])) as Record<
    PasswordRule,
    boolean
  >;
}

/** Whether the password meets every item of the checklist. */
export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULE_NAMES.every((rule) => PASSWORD_RULES[rule](password));
}
