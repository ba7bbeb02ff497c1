import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { invitationKeySchema } from '../../contract/apiInvitations';
import type { AppContext, AppEnv } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { paramsOf } from '../http/validate';
import {
  invitationsOf,
  openInvitationOf,
  pendingInvitationByKey,
  revokeInvitation,
  type InvitationTarget,
} from '../invitations/invitationStore';
import { sendInvitation } from '../invitations/sendInvitation';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { forbidden, requireOrgRole, type OrgEnv } from './organizationsAccess';

const invitationId = z.string().min(1).max(64);
const projectInvitationParams = z.object({ projectId: z.string().min(1).max(64), invitationId });
const orgInvitationParams = z.object({ orgId: z.string().min(1).max(64), invitationId });

const invitationNotFound = () => new ApiError('not_found', 'No such pending invitation.');

/**
 * Resend and revoke of one open invitation of `target`. `mayHandle` says whether the caller may
 * touch an invitation with that role (an organization admin handles plain members' only).
 */
function invitationActions(ctx: AppContext) {
  const handled = async (target: InvitationTarget, id: string, mayHandle: (role: string) => boolean) => {
    const open = await openInvitationOf(ctx.db, target, id);
    if (!open) throw invitationNotFound();
    if (!mayHandle(open.role)) throw forbidden();
    return open;
  };
  return {
    /** A fresh key and expiry, mailed again in the resender's name. */
    resend: async (target: InvitationTarget, id: string, mayHandle: (role: string) => boolean, inviter: UserRow) => {
      const open = await handled(target, id, mayHandle);
      return sendInvitation(ctx, { ...target, email: open.email, role: open.role, inviter });
    },
    revoke: async (target: InvitationTarget, id: string, mayHandle: (role: string) => boolean) => {
      await handled(target, id, mayHandle);
      if (!(await revokeInvitation(ctx.db, target, id, ctx.now()))) throw invitationNotFound();
    },
  };
}

/** GET/POST/DELETE projects/:projectId/invitations…: project admins (contract/apiInvitations.ts). */
export function createProjectInvitationRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const signedIn = requireUser(ctx);
  const admin = requireProjectRole(ctx.db, 'admin');
  const actions = invitationActions(ctx);
  const target = (projectId: string): InvitationTarget => ({ kind: 'project', targetId: projectId });
  const anyRole = () => true;

  r.get('/:projectId/invitations', signedIn, admin, async (c) =>
    c.json(await invitationsOf(ctx.db, target(c.get('project').projectId), ctx.now())),
  );
  r.post(
    '/:projectId/invitations/:invitationId/resend',
    signedIn,
    paramsOf(projectInvitationParams),
    admin,
    async (c) =>
      c.json(
        await actions.resend(
          target(c.get('project').projectId),
          c.req.valid('param').invitationId,
          anyRole,
          c.get('user'),
        ),
      ),
  );
  r.delete('/:projectId/invitations/:invitationId', signedIn, paramsOf(projectInvitationParams), admin, async (c) => {
    await actions.revoke(target(c.get('project').projectId), c.req.valid('param').invitationId, anyRole);
    return c.body(null, 204);
  });
  return r;
}

/** GET/POST/DELETE orgs/:orgId/invitations…: owners and admins; only an owner handles admin or owner invitations. */
export function createOrgInvitationRoutes(ctx: AppContext) {
  const r = new Hono<OrgEnv>();
  const signedIn = requireUser(ctx);
  const admin = requireOrgRole(ctx.db, 'admin');
  const actions = invitationActions(ctx);
  const target = (orgId: string): InvitationTarget => ({ kind: 'organization', targetId: orgId });
  const mayHandle = (c: Context<OrgEnv>) => (role: string) => role === 'member' || c.get('membership').role === 'owner';

  r.get('/:orgId/invitations', signedIn, admin, async (c) =>
    c.json(await invitationsOf(ctx.db, target(c.get('membership').organizationId), ctx.now())),
  );
  r.post('/:orgId/invitations/:invitationId/resend', signedIn, paramsOf(orgInvitationParams), admin, async (c) =>
    c.json(
      await actions.resend(
        target(c.get('membership').organizationId),
        c.req.valid('param').invitationId,
        mayHandle(c),
        c.get('user'),
      ),
    ),
  );
  r.delete('/:orgId/invitations/:invitationId', signedIn, paramsOf(orgInvitationParams), admin, async (c) => {
    await actions.revoke(target(c.get('membership').organizationId), c.req.valid('param').invitationId, mayHandle(c));
    return c.body(null, 204);
  });
  return r;
}

/**
 * GET invitations/:key, without sign-in: what the sign-up page shows. Any key that cannot be
 * accepted (malformed, unknown, renewed, revoked, accepted, expired, target gone) is the same
 * 400 invalid_key, so the answer tells nothing more than "this link does not work".
 */
export function createInvitationPreviewRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get('/:key', async (c) => {
    const key = invitationKeySchema.safeParse(c.req.param('key'));
    const found = key.success ? await pendingInvitationByKey(ctx.db, key.data, ctx.now()) : undefined;
    if (!found) throw new ApiError('invalid_key', 'The invitation is unknown, revoked, used or expired.');
    const { kind, targetName, inviterName, email, expiresAt } = found;
    return c.json({ kind, targetName, inviterName, email, expiresAt });
  });
  return r;
}
