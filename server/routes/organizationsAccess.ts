import { createMiddleware } from 'hono/factory';
import { ORG_ROLES, type OrgRole } from '../../contract/apiSupport';
import type { AppEnv } from '../context';
import type { Db } from '../db/Db';
import { ApiError } from '../http/ApiError';

/** The caller's membership of the organization named in the path. */
export interface Membership {
  organizationId: string;
  role: OrgRole;
}

/** Hono variables after `requireOrgRole`: `c.get('membership')`. */
export interface OrgEnv {
  Variables: AppEnv['Variables'] & { membership: Membership };
}

const RANK: Record<OrgRole, number> = { owner: 3, admin: 2, member: 1 };

/** Whether `role` is at least `min` (owner > admin > member). */
export function roleAtLeast(role: OrgRole, min: OrgRole): boolean {
  return RANK[role] >= RANK[min];
}

export function isOrgRole(value: string): value is OrgRole {
  return (ORG_ROLES as readonly string[]).includes(value);
}

/** The user's role in the organization, read from the database (null: not a member). */
export async function orgRoleOf(db: Db, organizationId: string, userId: string): Promise<OrgRole | null> {
  const row = await db
    .selectFrom('organization_members')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && isOrgRole(row.role) ? row.role : null;
}

export const forbidden = () => new ApiError('forbidden', 'You do not have permission.');
export const orgNotFound = () => new ApiError('not_found', 'No such organization.');

/**
 * After `requireUser`: the caller must be a member of the organization in the path parameter
 * `param` (default `orgId`) with at least `min`. Checked against the database on every request,
 * so a removed member loses access at once, whatever their token says. Someone else's
 * organization answers 404, exactly like one that does not exist; too low a role answers 403.
 */
export function requireOrgRole(db: Db, min: OrgRole, param = 'orgId') {
  return createMiddleware<OrgEnv>(async (c, next) => {
    const organizationId = c.req.param(param);
    if (!organizationId) throw orgNotFound();
    const role = await orgRoleOf(db, organizationId, c.get('user').id);
    if (!role) throw orgNotFound();
    if (!roleAtLeast(role, min)) throw forbidden();
    c.set('membership', { organizationId, role });
    await next();
  });
}
