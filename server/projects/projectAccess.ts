import { createMiddleware } from 'hono/factory';
import { PROJECT_ROLES, type ProjectRole } from '../../contract/apiProjects';
import type { AppEnv } from '../context';
import type { Db } from '../db/Db';
import { ApiError } from '../http/ApiError';

/** The project named in the path and the caller's effective role in it. */
export interface ProjectAccess {
  projectId: string;
  role: ProjectRole;
  /** The role held through project_members (null: admin only through the organization). */
  memberRole: ProjectRole | null;
  organizationId: string | null;
}

/** Hono variables after `requireProjectRole`: `c.get('project')`. */
export interface ProjectEnv {
  Variables: AppEnv['Variables'] & { project: ProjectAccess };
}

// A worker labels; a member also manages data; an admin also manages the project and its people.
const RANK: Record<ProjectRole, number> = { admin: 3, member: 2, worker: 1 };

export function projectRoleAtLeast(role: ProjectRole, min: ProjectRole): boolean {
  return RANK[role] >= RANK[min];
}

export function isProjectRole(value: string | null | undefined): value is ProjectRole {
  return (PROJECT_ROLES as readonly (string | null | undefined)[]).includes(value);
}

export const projectNotFound = () => new ApiError('not_found', 'No such project.');
export const projectGone = () => new ApiError('gone', 'deleted project');
export const projectForbidden = () => new ApiError('forbidden', 'You do not have permission');

/**
 * The caller's effective role: the project_members role, raised to admin when the caller is an
 * owner or admin of the project's organization. Null when the caller has no part in it.
 */
export function effectiveRole(memberRole: string | null, orgRole: string | null): ProjectRole | null {
  if (orgRole === 'owner' || orgRole === 'admin') return 'admin';
  return isProjectRole(memberRole) ? memberRole : null;
}

/** The project row (deleted or not) with the caller's roles, read in one query. */
export async function projectAccessRow(db: Db, projectId: string, userId: string) {
  return db
    .selectFrom('projects as p')
    .leftJoin('project_members as pm', (j) => j.onRef('pm.project_id', '=', 'p.id').on('pm.user_id', '=', userId))
    .leftJoin('organization_members as om', (j) =>
      j.onRef('om.organization_id', '=', 'p.organization_id').on('om.user_id', '=', userId),
    )
    .select(['p.id', 'p.organization_id', 'p.deleted_at', 'pm.role as member_role', 'om.role as org_role'])
    .where('p.id', '=', projectId)
    .executeTakeFirst();
}

/**
 * Resolves the project of the path parameter `param` (default `projectId`) for the caller and
 * requires at least `min`. Checked against the database on every request, so a removed member
 * loses access at once. A project the caller has no part in answers 404, exactly like one that
 * does not exist; a deleted one answers 410 to those who had a part in it; too low a role 403.
 * Use after `requireUser`; later handlers read `c.get('project')`.
 */
export function requireProjectRole(db: Db, min: ProjectRole, param = 'projectId') {
  return createMiddleware<ProjectEnv>(async (c, next) => {
    const projectId = c.req.param(param);
    if (!projectId || projectId.length > 64) throw projectNotFound();
    const row = await projectAccessRow(db, projectId, c.get('user').id);
    const role = row ? effectiveRole(row.member_role, row.org_role) : null;
    if (!row || !role) throw projectNotFound();
    if (row.deleted_at) throw projectGone();
    if (!projectRoleAtLeast(role, min)) throw projectForbidden();
    c.set('project', {
      projectId: row.id,
      role,
      memberRole: isProjectRole(row.member_role) ? row.member_role : null,
      organizationId: row.organization_id,
    });
    await next();
  });
}
