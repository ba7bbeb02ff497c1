import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ApiErrorCode } from '../../contract/apiErrors';

type Extras = Omit<ApiErrorBody['error'], 'code' | 'message'>;

/** The status each error code answers with unless the thrower says otherwise. */
const DEFAULT_STATUS: Record<ApiErrorCode, ContentfulStatusCode> = {
  validation: 400,
  bad_request: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  email_unverified: 403,
  captcha_required: 428,
  captcha_invalid: 400,
  too_many_attempts: 429,
  invalid_key: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  organization_not_empty: 409,
  organization_last_owner: 409,
  payload_too_large: 413,
  image_invalid: 415,
  oauth_failed: 400,
  gone: 410,
  labels_required: 409,
  too_many_labels: 409,
  box_invalid: 400,
  label_not_found: 400,
  annotation_conflict: 409,
  image_locked: 409,
  polygon_invalid: 400,
  too_many_annotations: 409,
  import_not_zip: 415,
  reauth_required: 428,
  last_owner: 409,
  training_too_few_images: 400,
  trainer_unavailable: 503,
  training_finished: 409,
  model_invalid: 400,
  enrollment_invalid: 401,
  device_revoked: 401,
  deployment_unsupported: 400,
  cloud_unavailable: 400,
  point_key_invalid: 401,
  rate_limited: 429,
  image_missing: 400,
  point_unavailable: 503,
  resource_already_posted: 409,
  own_resource: 403,
  already_purchased: 409,
  label_room: 409,
  payment_amount_mismatch: 400,
  payment_failed: 402,
  payment_unavailable: 503,
  plan_limit: 403,
  internal: 500,
};

/**
 * An error the API answers as `{ error: { code, message, ...extras } }` (contract/apiErrors.ts).
 * Throw it from any route or middleware; `onError` turns it into the response.
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: ContentfulStatusCode;
  readonly extras: Extras;

  constructor(code: ApiErrorCode, message: string, extras: Extras = {}, status?: ContentfulStatusCode) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status ?? DEFAULT_STATUS[code];
    this.extras = extras;
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...this.extras } };
  }
}
