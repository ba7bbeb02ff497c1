import { z } from 'zod';
import { V } from './validationMessages';

/*
 * Account withdrawal (server/account/, routes/user.ts). The client first reads the plan
 * (GET auth/user/withdraw), then confirms (POST auth/user/withdraw → 204). What is erased and
 * what is kept: docs/decisions/0063-account-withdrawal.md.
 */

/** How long after a sign-in with Google or Naver an account without a password may withdraw. */
export const WITHDRAW_REAUTH_WINDOW_S = 10 * 60;

const namedSchema = z.object({ id: z.string(), name: z.string() });
export type NamedItem = z.infer<typeof namedSchema>;

/**
 * What stops a withdrawal (409 `last_owner`, also in the plan): organizations whose only owner is
 * the user while other members remain (transfer ownership first), and projects whose only admin
 * is the user while other members remain (make another member admin first).
 */
export const withdrawalBlockersSchema = z.object({
  organizations: z.array(namedSchema),
  projects: z.array(namedSchema),
});
export type WithdrawalBlockers = z.infer<typeof withdrawalBlockersSchema>;

/** GET auth/user/withdraw: what a withdrawal would do now, and how the user must confirm it. */
export const withdrawalPlanSchema = z.object({
  /** 'password': the body carries the password; 'oauth': a sign-in with the provider within the window. */
  confirmWith: z.enum(['password', 'oauth']),
  /** Organizations and projects deleted with the account because the user is their only member. */
  deletes: withdrawalBlockersSchema,
  blockers: withdrawalBlockersSchema,
});
export type WithdrawalPlan = z.infer<typeof withdrawalPlanSchema>;

/**
 * POST auth/user/withdraw → 204; afterwards no token of the account works and the address is free.
 * - `password`: required for accounts with a password; a wrong one is 400 `validation` with
 *   fields.password = 'Current password does not match.' (as the password change answers).
 * - `refreshToken`: for accounts without a password, the refresh token of this session, whose
 *   family must have begun with an OAuth sign-in within WITHDRAW_REAUTH_WINDOW_S; else 428
 *   `reauth_required` (the client sends the user through the provider and back). 428 as for
 *   captcha_required: a step the caller can take, not a refusal of the caller (401/403).
 * - Refused with 409 `last_owner` and `blockers` (withdrawalBlockersSchema) while the user is the
 *   last owner or admin of something that others still use.
 */
export const withdrawRequestSchema = z
  .object({
    password: z.string().min(1, { error: V.required }).max(256).optional(),
    refreshToken: z.string().min(1).max(512).optional(),
  })
  .strict();
export type WithdrawRequest = z.infer<typeof withdrawRequestSchema>;
