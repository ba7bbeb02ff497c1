import { z } from 'zod';
import type { ProjectRole } from './apiProjects';
import type { OrgRole } from './apiSupport';

/*
 * Invitations of addresses that have no account yet, to a project or an organization.
 *
 * POST projects/:projectId/members and POST organizations/:orgId/members `{ email, role }`:
 *   - the address has an account → 201 the member (as before);
 *   - no account → 202 the invitation: a mail with a sign-up link goes to the address (a pending
 *     invitation for the same address and target is renewed and mailed again, not doubled).
 * GET projects/:projectId/invitations (project admin), GET organizations/:orgId/invitations
 *   (owner, admin) → the pending and expired invitations, newest first (accepted and revoked ones
 *   are not listed).
 * POST …/invitations/:invitationId/resend → the invitation with a fresh key and expiry; mailed again.
 * DELETE …/invitations/:invitationId → 204; the invitation's link stops working.
 * GET invitations/:key (no sign-in) → the invitation preview (who invites, to what) or 400 invalid_key.
 *
 * Signing up with an invited address joins every pending invitation of that address once the
 * address is proven: at once when the sign-up carries the invitation's key (the mail's link), else
 * when the address is verified (mail link or a provider that vouches for it).
 */

/** An invitation mail's link stays valid this long; a resend renews it. */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_KINDS = ['project', 'organization'] as const;
export type InvitationKind = (typeof INVITATION_KINDS)[number];
export const INVITATION_STATES = ['pending', 'expired'] as const;
/** Every role an invitation can carry: PROJECT_ROLES and ORG_ROLES together. */
export const INVITATION_ROLES = ['owner', 'admin', 'member', 'worker'] as const satisfies readonly (
  ProjectRole | OrgRole
)[];

export const invitationSchema = z.object({
  id: z.string(),
  kind: z.enum(INVITATION_KINDS),
  targetId: z.string(),
  email: z.string(),
  /** A project role for kind 'project', an organization role for kind 'organization'. */
  role: z.enum(INVITATION_ROLES),
  state: z.enum(INVITATION_STATES),
  invitedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When the last mail went out (the first, or the latest resend). */
  sentAt: z.string(),
});
export const invitationListSchema = z.array(invitationSchema);

/** GET invitations/:key: what the sign-up page shows above the form. */
export const invitationPreviewSchema = z.object({
  kind: z.enum(INVITATION_KINDS),
  targetName: z.string(),
  inviterName: z.string().nullable(),
  email: z.string(),
  expiresAt: z.string(),
});

/** The sign-up body may carry the key from the invitation mail's link (`/login/signup?invitation=<key>`). */
export const invitationKeySchema = z.string().min(16).max(200);

export type Invitation = z.infer<typeof invitationSchema>;
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
