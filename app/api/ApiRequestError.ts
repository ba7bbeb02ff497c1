import type { ApiErrorCode } from '../../contract/apiErrors';

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

  constructor(init: {
    status: number;
    code: ApiClientErrorCode;
    message?: string;
    fields?: Record<string, string> | undefined;
    retryAfterS?: number | undefined;
    captchaRequired?: boolean | undefined;
  }) {
    super(init.message ?? init.code);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.retryAfterS = init.retryAfterS;
    this.captchaRequired = init.captchaRequired ?? false;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** The error code of anything thrown by an API call (`internal` for what is not ours). */
export function errorCodeOf(error: unknown): ApiClientErrorCode {
  return isApiRequestError(error) ? error.code : 'internal';
}
