import { z } from 'zod';
import { annotationConflictSchema } from './apiAnnotations';
import { withdrawalBlockersSchema } from './apiAccount';
import { imageLockSchema } from './apiImageLocks';
import { MODEL_UPLOAD_ERROR_CODES } from './apiModels';
import { PLAN_LIMIT_KINDS } from './apiPayments';
import { PLAN_IDS } from './plans';

/**
 * Machine-readable error codes of the API. Every error response is
 * `{ error: { code, message, fields?, retryAfterS?, captchaRequired? } }`:
 * - `code` is one of these; the client shows the translation `errors:<code>` (locales/*\/errors.json),
 * - `message` is an English text for logs and tools (never a stack trace),
 * - `fields` maps a field path ('email', 'newPassword') to a `validation:*` message key.
 */
export const API_ERROR_CODES = [
  /** 400: the body, query or params do not match the schema; see `fields`. */
  'validation',
  /** 400: the body is not JSON, or has keys the schema does not know. */
  'bad_request',
  /** 401: no token, a bad or expired token. */
  'unauthorized',
  /** 401: unknown e-mail or wrong password — one answer for both ('Your password is incorrect.'). */
  'invalid_credentials',
  /** 403: the e-mail address of the account is not verified yet. */
  'email_unverified',
  /** 428: five failed logins: the next try needs a solved captcha (`captchaRequired: true`). */
  'captcha_required',
  /** 400: the captcha solution is wrong, expired or already used. */
  'captcha_invalid',
  /** 429: too many tries; `retryAfterS` says when to try again. */
  'too_many_attempts',
  /** 400: a verification, reset or OAuth key that is unknown, used or expired. */
  'invalid_key',
  /** 403: 'You do not have permission'. */
  'forbidden',
  /** 404: no such thing, or not visible to the caller. */
  'not_found',
  /** 409: the request conflicts with the current state (e.g. the last owner leaving). */
  'conflict',
  /** 409: an organization is deleted only when its owner is its last member and it has no live projects. */
  'organization_not_empty',
  /** 409: the last owner of an organization cannot leave or lose the owner role (transfer ownership first). */
  'organization_last_owner',
  /** 413: the body or file is too large. */
  'payload_too_large',
  /** 415 / 400: 'There seems to be an error in the image file.' */
  'image_invalid',
  /** 400: OAuth sign-in failed at the provider or its answer was refused. */
  'oauth_failed',
  /** 410: the project was deleted ('deleted project'). */
  'gone',
  /** 409: data cannot be uploaded before the project has at least one label. */
  'labels_required',
  /** 409: folder upload is blocked when the project has more than 10 labels. */
  'too_many_labels',
  /** 400: a box outside its image or under MIN_BOX_SIDE px a side; `fields` names `annotations.<index>`. */
  'box_invalid',
  /** 400: an annotation names a label the project does not have; `fields` names `annotations.<index>.labelId`. */
  'label_not_found',
  /** 409: an annotation operation names a stale base version; `conflicts` has the current state. */
  'annotation_conflict',
  /** 409: 'Another worker is already in progress'; `lock` names the holder and when the lease ends. */
  'image_locked',
  /** 400: a polygon with too few vertices, or one outside its image; `fields` names the operation. */
  'polygon_invalid',
  /** 409: the image would hold more than ANNOTATIONS_PER_IMAGE_MAX annotations. */
  'too_many_annotations',
  /** 415: an import body that does not start like a zip file. */
  'import_not_zip',
  /** 428: withdrawing an account without a password needs a sign-in with its provider within 10 minutes. */
  'reauth_required',
  /** 409: withdrawal refused while the user is the last owner/admin of something others use; see `blockers`. */
  'last_owner',
  /** 400: a training selection with fewer than TRAINING_MIN_IMAGES labeled images ('Training needs at least 10 datasets.'). */
  'training_too_few_images',
  /** 503: 'The learning server did not receive the request normally.' (no online trainer can take it). */
  'trainer_unavailable',
  /** 409: stopping a training that has already completed, failed or stopped. */
  'training_finished',
  /** 400: 'Failed to upload model.' — `modelError` says why (MODEL_UPLOAD_ERROR_CODES). */
  'model_invalid',
  /** 401: an enrolment token that is unknown, used or expired. */
  'enrollment_invalid',
  /** 401: an edge device whose credentials were revoked or replaced by a new enrolment. */
  'device_revoked',
  /** 400: the model cannot run on some target points' runtime; `fields` names `pointIds.<id>`. */
  'deployment_unsupported',
  /** 400: a cloud server type where no cloud account is configured. */
  'cloud_unavailable',
  /** 401: a web point call without a key, or with an unknown or revoked one. */
  'point_key_invalid',
  /** 429: the key's requests a minute are used up; `retryAfterS` says when to try again. */
  'rate_limited',
  /** 400: a predict call without an image. */
  'image_missing',
  /** 503: the web point is preparing, stopped or failed. */
  'point_unavailable',
  /** 409: the dataset snapshot or model is already on the market ('An already uploaded resource cannot be posted again.'). */
  'resource_already_posted',
  /** 403: nobody buys their own resource. */
  'own_resource',
  /** 409: the resource is already in the caller's purchase list. */
  'already_purchased',
  /** 409: exporting would take the project past PROJECT_LABELS_MAX label classes ('not enough room for label classes'). */
  'label_room',
  /** 400: the amount in the return URL is not the order's (a tampered amount). */
  'payment_amount_mismatch',
  /** 402: the payment provider refused or failed the payment; the order is FAILED and `message` says why. */
  'payment_failed',
  /** 503: the payment provider could not be reached; nothing was charged or changed. */
  'payment_unavailable',
  /** 403: the account's plan limit is reached; `limit` names which (PLAN_LIMIT_KINDS). */
  'plan_limit',
  /** 500: 'An error has occurred in the server.' */
  'internal',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(API_ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    retryAfterS: z.number().optional(),
    captchaRequired: z.boolean().optional(),
    /** annotation_conflict: each refused operation with the server's current annotation. */
    conflicts: z.array(annotationConflictSchema).optional(),
    /** image_locked: who holds the image. */
    lock: imageLockSchema.optional(),
    /** last_owner: the organizations and projects to hand over first. */
    blockers: withdrawalBlockersSchema.optional(),
    /** model_invalid: why the zip was refused. */
    modelError: z.enum(MODEL_UPLOAD_ERROR_CODES).optional(),
    /** plan_limit: which limit, and the plan whose limit it is. */
    limit: z.enum(PLAN_LIMIT_KINDS).optional(),
    plan: z.enum(PLAN_IDS).optional(),
  }),
});

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
