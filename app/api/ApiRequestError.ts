import type { ApiErrorCode } from '../../contract/apiErrors';
import type { PlanLimitKind } from '../../contract/apiPayments';
import type { PlanId } from '../../contract/plans';

/** The codes a request can fail with: the API's own, or `network` when no answer came. */
export type ApiClientErrorCode = ApiErrorCode | 'network';

/**
 * A failed API call. The UI compares `code` and shows `t('errors:<code>')`; `fields` maps a
 * field name to a `validation:*` key to show under that field.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ApiClientErrorCode;
  readonly fields: Record<string, string>;
  readonly retryAfterS: number | undefined;
  readonly captchaRequired: boolean;
  /** plan_limit: which limit of which plan was reached. */
  readonly planLimit: { limit: PlanLimitKind; plan: PlanId | undefined } | undefined;

  constructor(init: {
    status: number;
    code: ApiClientErrorCode;
    message?: string;
    fields?: Record<string, string> | undefined;
    retryAfterS?: number | undefined;
    captchaRequired?: boolean | undefined;
    planLimit?: { limit: PlanLimitKind; plan: PlanId | undefined } | undefined;
  }) {
    super(init.message ?? init.code);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.retryAfterS = init.retryAfterS;
    this.captchaRequired = init.captchaRequired ?? false;
    this.planLimit = init.planLimit;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** The error code of anything thrown by an API call (`internal` for what is not ours). */
export function errorCodeOf(error: unknown): ApiClientErrorCode {
  return isApiRequestError(error) ? error.code : 'internal';
}
