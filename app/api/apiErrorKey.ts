import { isApiRequestError } from './ApiRequestError';

/**
 * The `errors:` text key of a failed call: the code's text, except that a reached plan limit names
 * which limit (`errors:planLimit.edgePoints`), so the message says what to free up or upgrade.
 */
export function apiErrorKey(error: unknown): string {
  if (!isApiRequestError(error)) return 'errors:internal';
  if (error.code === 'plan_limit' && error.planLimit) return `errors:planLimit.${error.planLimit.limit}`;
  return `errors:${error.code}`;
}

/** True when the call was refused because the account's plan limit is reached. */
export function isPlanLimit(error: unknown): boolean {
  return isApiRequestError(error) && error.code === 'plan_limit';
}
