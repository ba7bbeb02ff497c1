import { z } from 'zod';
import { invitationKeySchema } from './apiInvitations';
import { emailSchema, introductionSchema, passwordChangeSchema, passwordSchema, userNameSchema, V } from './validation';

/*
 * Accounts and sign-in (spec sections 3, 4, 6, 7). Paths are relative to the API base
 * (`VITE_API_BASE`, default `/api`). Request schemas are `.strict()`: unknown keys are a 400.
 */

/** Failed logins before a captcha is required. */
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 5;
/** Profile image, thumbnail and avatar limit (spec section 9). */
export const AVATAR_MAX_BYTES = 500 * 1024;

export const SCOPES = ['user', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

export const OAUTH_PROVIDERS = ['google', 'naver'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const ALERT_TYPES = ['info', 'invite', 'project', 'training', 'deploy', 'market'] as const;

/**
 * The answer of register, resend-verification and reset-request: 202, the same whether or not an
 * account has that address (so the answers cannot tell).
 */
export const verificationSentSchema = z.object({ status: z.literal('verification_sent') });
export type VerificationSent = z.infer<typeof verificationSentSchema>;

/**
 * POST auth/register → 202 `{ status: 'verification_sent' }` (same answer for a taken e-mail), or
 * 201 `joined` with a valid invitation key for the same address (`registerAnswerSchema`).
 */
export const registerRequestSchema = z
  .object({
    name: userNameSchema,
    email: emailSchema,
    password: passwordSchema,
    /** Language of the verification mail. */
    locale: z.enum(['ko', 'en']).default('ko'),
    /** The key of an invitation mail's link (contract/apiInvitations.ts): see `registerAnswerSchema`. */
    invitation: invitationKeySchema.optional(),
  })
  .strict();

/** POST auth/login → `tokenPairSchema`. `captcha` is an ALTCHA payload (base64). */
export const loginRequestSchema = z
  .object({
    email: emailSchema,
    password: z.string().min(1, { error: V.required }).max(256),
    captcha: z.string().max(4096).optional(),
  })
  .strict();

export const tokenPairSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/**
 * The answer of POST auth/register: `verification_sent` (202), or `joined` (201) when the sign-up
 * carried a pending invitation's key mailed to that very address. The key proves the address, so
 * the account is verified at once, every pending invitation of the address is accepted and the
 * user is signed in with the token pair.
 */
export const registerAnswerSchema = z.discriminatedUnion('status', [
  verificationSentSchema,
  tokenPairSchema.extend({ status: z.literal('joined') }),
]);
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/** POST auth/refresh, POST auth/logout. */
export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) }).strict();

/** POST auth/verify `{ key }` → token pair (verifying signs the user in). */
export const keyRequestSchema = z.object({ key: z.string().min(1).max(256) }).strict();

/** POST auth/verify/resend, POST auth/password/reset-request → 202, whether or not the e-mail is known. */
export const emailRequestSchema = z.object({ email: emailSchema, locale: z.enum(['ko', 'en']).default('ko') }).strict();

/** POST auth/password/reset → 204. The lock of failed logins never blocks a reset. */
export const passwordResetSchema = z
  .object({ key: z.string().min(1).max(256), newPassword: passwordSchema, confirmPassword: z.string() })
  .strict()
  .refine((f) => f.newPassword === f.confirmPassword, { error: V.passwordConfirmMismatch, path: ['confirmPassword'] });

/**
 * POST auth/password (signed in) → a new token pair for this session; every other session of the
 * user ends. Wrong current password → 400 fields.currentPassword.
 */
export const passwordChangeRequestSchema = passwordChangeSchema;

export const notificationPrefsSchema = z
  .object({ notice: z.boolean(), training: z.boolean(), market: z.boolean() })
  .strict();

/** GET auth/user → the signed-in user. `avatar` is a URL path under the API base or null. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  introduction: z.string(),
  scope: z.array(z.enum(SCOPES)),
  notifications: notificationPrefsSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** PATCH auth/user → user. */
export const userUpdateSchema = z
  .object({ name: userNameSchema, introduction: introductionSchema, notifications: notificationPrefsSchema })
  .partial()
  .strict();

/** PUT auth/user/avatar with the image bytes as the body (≤ 500 KB, png/jpeg/webp/gif) → user. DELETE removes it. */

/** GET auth/user/email/:email → `[]` or one public profile (spec section 7). */
export const publicUserSchema = z.object({
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  introduction: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
export const publicUserListSchema = z.array(publicUserSchema);

/** POST auth/alert (signed in) → 201 `{ count }`. Receivers are e-mail addresses. */
export const alertRequestSchema = z
  .object({
    sender: emailSchema,
    receivers: z.array(emailSchema).min(1).max(100),
    message: z.string().min(1, { error: V.required }).max(1000),
    type: z.enum(ALERT_TYPES),
  })
  .strict();

/** GET auth/alerts → the caller's alerts, newest first. POST auth/alerts/:id/read → 204. */
export const alertSchema = z.object({
  id: z.string(),
  sender: publicUserSchema.pick({ name: true, email: true }),
  message: z.string(),
  type: z.enum(ALERT_TYPES),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = z.array(alertSchema);

/**
 * GET auth/captcha → an ALTCHA challenge (altcha-lib's v1 format, `altcha-lib/v1`: algorithm,
 * challenge, salt, signature, maxnumber). The login sends `captcha` = base64(JSON `{ algorithm,
 * challenge, number, salt, signature }`). Each solved challenge is accepted once; it expires
 * after 10 minutes (the expiry is signed into the salt).
 */
export const captchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  salt: z.string(),
  signature: z.string(),
  maxnumber: z.number().optional(),
});

/**
 * GET auth/oauth/providers → the configured providers (buttons are hidden for the others).
 * GET auth/oauth/:provider/start?redirect=/path → 302 to the provider.
 * GET auth/oauth/:provider/callback → 302 to `/login?oauth=<one-time code>&redirect=...`
 * POST auth/oauth/exchange `{ key }` → token pair.
 */
export const oauthProvidersSchema = z.array(z.enum(OAUTH_PROVIDERS));
